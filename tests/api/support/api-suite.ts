import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_TENANT_IDS, PLANS } from '../../../server/src/db/seeds/demo.seed';
import { freshTenant, type FreshTenant, type FreshTenantOptions } from './api-actions';
import { startTestApp, type DatabaseKind, type StartOptions, type TestApp } from './test-app';

export interface ApiSuite {
  /** The app on the suite's database, started before its tests and closed after them. */
  readonly app: TestApp;
  /** The suite's own tenant; other suites never see it, so nothing a suite does changes another's results. */
  readonly tenant: FreshTenant;
}

export interface ApiSuiteOptions extends StartOptions {
  /** The plan and billing of the suite's tenant; `false` for a suite that needs none. */
  tenant?: FreshTenantOptions | false;
}

const SEEDED_PLAN_IDS = PLANS.map((plan) => plan.id);

/** The seeded rows every suite shares: a suite that changed one would make the results depend on test order. */
function sharedSeedRows(app: TestApp) {
  return Promise.all([
    app.deps.db('plans').whereIn('id', SEEDED_PLAN_IDS).orderBy('id'),
    app.deps.db('tenants').whereIn('id', Object.values(DEMO_TENANT_IDS)).orderBy('id'),
  ]);
}

/**
 * The fixture of every API suite: call it at the top of `describe.each(TEST_DATABASES)` to boot one app for the
 * suite on that database and give the suite a fresh tenant with its admin and user signed in. It fails the suite
 * that changes the seeded plans or demo tenants.
 */
export function useApiSuite(kind: DatabaseKind, { tenant: tenantOptions = {}, ...start }: ApiSuiteOptions = {}) {
  let app: TestApp | undefined;
  let tenant: FreshTenant | undefined;
  let seeded: unknown;
  beforeAll(async () => {
    app = await startTestApp(kind, start);
    seeded = await sharedSeedRows(app);
    if (tenantOptions) tenant = await freshTenant(app, tenantOptions);
  });
  afterAll(async () => {
    if (!app) return;
    try {
      expect(await sharedSeedRows(app), 'the suite changed seeded plans or demo tenants').toEqual(seeded);
    } finally {
      await app.close();
    }
  });

  const suite: ApiSuite = {
    get app() {
      if (!app) throw new Error('The app starts in beforeAll: use it inside hooks and tests.');
      return app;
    },
    get tenant() {
      if (!tenant) throw new Error('This suite has no tenant, or its app has not started yet.');
      return tenant;
    },
  };
  return suite;
}
