import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { DEMO_TENANT_IDS } from '../../server/src/db/seeds/demo.seed';
import { ROUTE_MATRIX, withHeadTwins, type Access, type RouteRule } from './support/route-matrix';
import { startTestApp, TEST_DATABASES, type TestApp } from './support/test-app';

const MATRIX = withHeadTwins(ROUTE_MATRIX);
type Caller = 'anonymous' | 'user' | 'admin' | 'superadmin';
const RANK: Record<Access | Caller, number> = { public: 0, anonymous: 0, user: 1, admin: 2, superadmin: 3 };

/** Logging out ends the token's session at once, so each caller logs out a sign-in of its own. */
const ENDS_SESSION = new Set(['POST /api/auth/logout']);

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

  const tokenFor = async (caller: Caller, route: RouteRule): Promise<string | undefined> => {
    if (caller === 'anonymous') return undefined;
    if (!ENDS_SESSION.has(`${route.method} ${route.path}`)) return tokens[caller];
    return (await app.login(DEMO_ACCOUNTS[caller].email)).accessToken;
  };

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
        const token = await tokenFor(caller, route);
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
    // Announced to the principal cache, as every writer of a billing status must, so requests see it at once.
    const setBilling = async (billingStatus: string) => {
      await app.deps.db('tenants').where({ id: DEMO_TENANT_IDS.demo }).update({ billing_status: billingStatus });
      await app.deps.principals.invalidate({ tenantId: DEMO_TENANT_IDS.demo });
    };
    await setBilling('delinquent');
    try {
      for (const route of MATRIX.filter((r) => r.method !== 'HEAD' && r.access !== 'public')) {
        const response = await app.request(route.method, concretePath(route.path), {
          token: await tokenFor('admin', route),
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
      await setBilling('active');
    }
  });
});
