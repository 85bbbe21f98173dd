import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { ROUTE_MATRIX } from './support/route-matrix';
import { startTestApp, TEST_DATABASES, type TestApp } from './support/test-app';

/** Routes that take a JSON body, called with ids that exist nowhere. */
const BODY_ROUTES = ROUTE_MATRIX.filter(
  (r) => r.method === 'POST' || r.method === 'PATCH' || r.method === 'PUT',
).filter((r) => !r.path.startsWith('/api/test/'));

/** Arbitrary JSON, with the keys that prototype-pollution and field-injection attempts use. */
const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'tenantId', 'tenant_id', 'role', 'id');
const body = fc.oneof(fc.jsonValue(), fc.dictionary(fc.oneof(hostileKey, fc.string()), fc.jsonValue(), { maxKeys: 8 }));

describe.each(TEST_DATABASES)('arbitrary JSON bodies (%s)', (kind) => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp(kind, {
      config: { loginMaxFailuresPerAccount: 1_000_000, loginMaxFailuresPerAddress: 1_000_000 },
    });
    token = (await app.login(DEMO_ACCOUNTS.admin.email)).accessToken;
  });
  afterAll(() => app?.close());

  it('never answer 5xx on any body route and never pollute Object.prototype', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BODY_ROUTES), body, async (route, payload) => {
        const path = route.path.replace(/:[A-Za-z]+/g, () => randomUUID());
        const response = await app.request(route.method, path, {
          token,
          raw: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        });
        expect(
          response.status,
          `${route.method} ${route.path} ${JSON.stringify(payload)} → ${response.text}`,
        ).toBeLessThan(500);
        expect(typeof response.body?.message === 'string' || response.status < 400).toBe(true);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 150, seed: 20261122 },
    );
  });
});
