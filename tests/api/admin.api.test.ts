import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '@shared/api/admin.types';
import { apiRoutes } from '@shared/api/routes';
import { BILLING_STATUSES } from '@shared/domain/roles';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { createTestTenant } from './support/api-actions';
import { useApiSuite } from './support/api-suite';
import { testClock, TEST_DATABASES, type TestApp } from './support/test-app';

const DAY_MS = 24 * 3600 * 1000;

describe.each(TEST_DATABASES)('admin overview API (%s)', (kind) => {
  const clock = testClock(new Date('2026-03-15T12:00:00.000Z'));
  const suite = useApiSuite(kind, { clock });
  let app: TestApp;
  let superadmin: string;

  const overview = async (): Promise<AdminOverview> => {
    const res = await app.request<AdminOverview>('GET', apiRoutes.admin.overview(), { token: superadmin });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const count = async (table: string, where: (q: any) => any = (q) => q) =>
    Number((await where(app.deps.db(table)).count({ n: '*' }).first())?.n);

  /** A call of the suite's tenant that started `daysAgo` days before the clock's now. */
  const insertCall = async (daysAgo: number, durationSec: number) => {
    const startedAt = new Date(clock.now().getTime() - daysAgo * DAY_MS).toISOString();
    await app.deps.db('calls').insert({
      id: randomUUID(),
      tenant_id: suite.tenant.id,
      conversation_id: `conv_${randomUUID()}`,
      status: 'answered',
      started_at: startedAt,
      duration_sec: durationSec,
      created_at: startedAt,
    });
  };

  beforeAll(async () => {
    app = suite.app;
    superadmin = (await app.login(DEMO_ACCOUNTS.superadmin.email)).accessToken;
  });

  it('answers the platform totals in exactly the agreed shape, every billing status present', async () => {
    const body = await overview();
    expect(Object.keys(body).sort()).toEqual(
      [
        'agents',
        'callsLast30Days',
        'demoMode',
        'minutesLast30Days',
        'phoneNumbers',
        'tenants',
        'tenantsByBillingStatus',
        'users',
      ].sort(),
    );
    expect(Object.keys(body.tenantsByBillingStatus).sort()).toEqual([...BILLING_STATUSES].sort());
    expect(body).toMatchObject({
      tenants: await count('tenants'),
      users: await count('users', (q) => q.whereNotNull('tenant_id')),
      agents: await count('agents'),
      phoneNumbers: await count('phone_numbers'),
    });
    const byStatus = Object.values(body.tenantsByBillingStatus).reduce((sum, n) => sum + n, 0);
    expect(byStatus).toBe(body.tenants);
  });

  it('counts a new tenant with its members and its billing status', async () => {
    const before = await overview();
    await createTestTenant(app, { billingStatus: 'delinquent', users: ['admin', 'user', 'user'] });
    const after = await overview();
    expect(after.tenants).toBe(before.tenants + 1);
    expect(after.users).toBe(before.users + 3);
    expect(after.tenantsByBillingStatus).toEqual({
      ...before.tenantsByBillingStatus,
      delinquent: before.tenantsByBillingStatus.delinquent + 1,
    });
  });

  it('counts the calls of the last 30 days and their billed minutes, each call rounded up on its own', async () => {
    const before = await overview();
    await insertCall(1, 61);
    await insertCall(29, 30);
    await insertCall(31, 600);
    const after = await overview();
    expect(after.callsLast30Days).toBe(before.callsLast30Days + 2);
    expect(after.minutesLast30Days).toBe(before.minutesLast30Days + 3);
  });

  it('is for superadmins only: tenant admins and users get 403, nobody signed in 401', async () => {
    for (const account of [suite.tenant.admin, suite.tenant.user]) {
      const res = await app.request('GET', apiRoutes.admin.overview(), { token: account.token });
      expect(res.status, account.email).toBe(403);
      expect(res.text).not.toContain('tenantsByBillingStatus');
    }
    expect((await app.request('GET', apiRoutes.admin.overview())).status).toBe(401);
  });
});
