import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { DEMO_TENANT_IDS } from '../../server/src/db/seeds/demo.seed';
import { ROUTE_MATRIX, withHeadTwins, type Access, type RouteRule } from './support/route-matrix';
import { startTestApp, TEST_DATABASES, type TestApp } from './support/test-app';

const MATRIX = withHeadTwins(ROUTE_MATRIX);
type Caller = 'anonymous' | 'user' | 'admin' | 'superadmin';
const RANK: Record<Access | Caller, number> = { public: 0, anonymous: 0, user: 1, admin: 2, superadmin: 3 };

function concretePath(path: string): string {
  return path.replace(/:[A-Za-z]+/g, () => randomUUID());
}

describe.each(TEST_DATABASES)('route matrix (%s)', (kind) => {
  let app: TestApp;
  const tokens: Partial<Record<Caller, string>> = {};

  beforeAll(async () => {
    app = await startTestApp(kind);
    tokens.user = (await app.login(DEMO_ACCOUNTS.user.email)).accessToken;
    tokens.admin = (await app.login(DEMO_ACCOUNTS.admin.email)).accessToken;
    tokens.superadmin = (await app.login(DEMO_ACCOUNTS.superadmin.email)).accessToken;
  });
  afterAll(() => app?.close());

  it('lists every registered route, and registers every listed route', () => {
    const registered = new Set<string>();
    for (const layer of app.built.apiRouter.stack) {
      for (const method of layer.methods) registered.add(`${method} ${layer.path}`);
    }
    const listed = new Set(MATRIX.map((r) => `${r.method} ${r.path}`));
    expect([...registered].filter((key) => !listed.has(key)).sort()).toEqual([]);
    expect([...listed].filter((key) => !registered.has(key)).sort()).toEqual([]);
  });

  const callers: Caller[] = ['anonymous', 'user', 'admin', 'superadmin'];
  it.each(MATRIX.filter((r) => r.method !== 'HEAD').map((r) => [`${r.method} ${r.path}`, r] as [string, RouteRule]))(
    '%s allows exactly its roles',
    async (_name, route) => {
      for (const caller of callers) {
        const token = tokens[caller as Exclude<Caller, 'anonymous'>];
        const response = await app.request(route.method, concretePath(route.path), {
          token,
          body: route.method === 'GET' ? undefined : {},
        });
        const allowed = RANK[caller] >= RANK[route.access];
        if (allowed) {
          expect([401, 403], `${caller} should reach ${route.method} ${route.path}`).not.toContain(response.status);
          expect(response.status, `${caller} ${route.method} ${route.path}: ${response.text}`).toBeLessThan(500);
        } else {
          expect(response.status, `${caller} should be refused ${route.method} ${route.path}`).toBe(
            caller === 'anonymous' ? 401 : 403,
          );
        }
      }
    },
  );

  it('puts exactly the gated routes behind the billing gate', async () => {
    await app.deps.db('tenants').where({ id: DEMO_TENANT_IDS.demo }).update({ billing_status: 'delinquent' });
    try {
      for (const route of MATRIX.filter((r) => r.method !== 'HEAD' && r.access !== 'public')) {
        const response = await app.request(route.method, concretePath(route.path), {
          token: tokens.admin,
          body: route.method === 'GET' ? undefined : {},
        });
        if (route.billing) {
          expect(response.status, `${route.method} ${route.path}`).toBe(402);
          expect(response.body).toMatchObject({ requiresPayment: true, billingStatus: 'delinquent' });
        } else {
          expect(response.status, `${route.method} ${route.path}`).not.toBe(402);
        }
      }
    } finally {
      await app.deps.db('tenants').where({ id: DEMO_TENANT_IDS.demo }).update({ billing_status: 'active' });
    }
  });
});
