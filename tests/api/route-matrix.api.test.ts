import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiRoutes, keyRequirement } from '@shared/api/routes';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { freshTenant, signIn, type FreshTenant } from './support/api-actions';
import { useApiSuite } from './support/api-suite';
import { ROUTE_MATRIX, withHeadTwins, type Access, type RouteRule } from './support/route-matrix';
import { TEST_DATABASES } from './support/test-app';

const MATRIX = withHeadTwins(ROUTE_MATRIX);
type Caller = 'anonymous' | 'user' | 'admin' | 'superadmin';
const RANK: Record<Access | Caller, number> = { public: 0, anonymous: 0, user: 1, admin: 2, superadmin: 3 };

/** Logging out ends the token's session at once, so each caller logs out a sign-in of its own. */
const ENDS_SESSION = new Set([`POST ${apiRoutes.auth.logout()}`]);

function concretePath(path: string): string {
  return path.replace(/:[A-Za-z]+/g, () => randomUUID());
}

const sorted = (keys: Iterable<string>) => [...keys].sort();

describe.each(TEST_DATABASES)('route matrix (%s)', (kind) => {
  const suite = useApiSuite(kind);
  let superadminToken: string;

  beforeAll(async () => {
    superadminToken = (await suite.app.login(DEMO_ACCOUNTS.superadmin.email)).accessToken;
  });

  /** The caller's token, or for a route that ends its session a sign-in of its own; members of `tenant`. */
  const tokenFor = async (
    caller: Caller,
    route: RouteRule,
    tenant: FreshTenant = suite.tenant,
  ): Promise<string | undefined> => {
    if (caller === 'anonymous') return undefined;
    const endsSession = ENDS_SESSION.has(`${route.method} ${route.path}`);
    if (caller === 'superadmin') {
      return endsSession ? (await suite.app.login(DEMO_ACCOUNTS.superadmin.email)).accessToken : superadminToken;
    }
    const account = tenant[caller];
    return endsSession ? (await signIn(suite.app, account.email, account.password)).accessToken : account.token;
  };

  it('registers exactly the routes of the table (shared/api/routes.ts)', () => {
    const registered = new Set<string>();
    for (const layer of suite.app.built.apiRouter.stack) {
      for (const method of layer.methods) registered.add(`${method} ${layer.path}`);
    }
    const listed = new Set(MATRIX.map((r) => `${r.method} ${r.path}`));
    expect(sorted(registered).filter((key) => !listed.has(key))).toEqual([]);
    expect(sorted(listed).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('finds what an API key needs for every registered route, so that keys are denied only by the table', () => {
    const undeclared = suite.app.built.apiRouter.stack.flatMap((layer) =>
      layer.methods
        .filter((method) => keyRequirement(method, String(layer.path).slice(API_PREFIX.length)) === undefined)
        .map((method) => `${method} ${layer.path}`),
    );
    expect(undeclared).toEqual([]);
  });

  const callers: Caller[] = ['anonymous', 'user', 'admin', 'superadmin'];
  it.each(MATRIX.filter((r) => r.method !== 'HEAD').map((r) => [`${r.method} ${r.path}`, r] as [string, RouteRule]))(
    '%s allows exactly its roles',
    async (_name, route) => {
      for (const caller of callers) {
        const token = await tokenFor(caller, route);
        const response = await suite.app.request(route.method, concretePath(route.path), {
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
    const delinquent: FreshTenant = await freshTenant(suite.app, { billingStatus: 'delinquent' });
    for (const route of MATRIX.filter((r) => r.method !== 'HEAD' && r.access !== 'public')) {
      const response = await suite.app.request(route.method, concretePath(route.path), {
        token: await tokenFor('admin', route, delinquent),
        body: route.method === 'GET' ? undefined : {},
      });
      if (route.billing) {
        expect(response.status, `${route.method} ${route.path}`).toBe(402);
        expect(response.body).toMatchObject({ requiresPayment: true, billingStatus: 'delinquent' });
      } else {
        expect(response.status, `${route.method} ${route.path}`).not.toBe(402);
      }
    }
  });
});
