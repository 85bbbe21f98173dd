import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import type { UsageHistoryResponse } from '@shared/api/usage.types';
import { resetDemoBusiness, seedDemoBusiness } from '../../server/src/db/seeds/demo-business';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { DEMO_TENANT_IDS, DEMO_USER_IDS } from '../../server/src/db/seeds/demo.seed';
import { startTestApp, TEST_DATABASES, type TestApp } from './support/test-app';

const actor = { tenantId: DEMO_TENANT_IDS.demo, userId: DEMO_USER_IDS.admin };

describe.each(TEST_DATABASES)('the demo clinic’s business (%s)', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  }, 60_000);
  afterAll(async () => app.close());

  const count = async (table: string) =>
    Number((await app.deps.db(table).where({ tenant_id: actor.tenantId }).count({ n: '*' }).first())?.n ?? 0);
  const rolledUpCalls = async () =>
    Number(
      (await app.deps.db('tenant_call_daily').where({ tenant_id: actor.tenantId }).sum({ n: 'call_count' }).first())
        ?.n ?? 0,
    );

  it('opens on six months of calls, rolled up, with last month over its included minutes', async () => {
    const seeded = await seedDemoBusiness(app.deps, app.services, actor, app.deps.clock.now());
    expect(seeded?.calls).toBeGreaterThan(1000);
    expect(await count('calls')).toBe(seeded?.calls);
    expect(await rolledUpCalls()).toBe(seeded?.calls);

    const { accessToken } = await app.login(DEMO_ACCOUNTS.admin.email);
    const history = await app.request<UsageHistoryResponse>('GET', apiRoutes.usage.history(), { token: accessToken });
    expect(history.status).toBe(200);
    const months = history.body.usageHistory;
    // Six months of history, the current one empty before its first call (early on the 1st).
    expect(months.length).toBeGreaterThanOrEqual(5);
    // Last month's recall campaign takes the clinic over its plan, the months before stay within it; this month's
    // running campaign may take it over too near the month's end.
    const now = app.deps.clock.now();
    const lastMonthKey = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const lastMonth = months.find((month) => month.monthYyyyMm === lastMonthKey);
    expect(lastMonth?.minutesBillable).toBeGreaterThan(0);
    const earlier = months.filter((month) => month.monthYyyyMm < lastMonthKey);
    expect(earlier).toHaveLength(4);
    expect(earlier.map((month) => month.minutesBillable)).toEqual([0, 0, 0, 0]);
    const agents = await app.services.agents.list(actor.tenantId);
    expect(agents.map((agent) => Boolean(agent.elevenlabsAgentId && agent.phoneNumber))).toEqual([true, true, true]);
  }, 60_000);

  it('adds nothing when seeded again', async () => {
    const calls = await count('calls');
    expect(await seedDemoBusiness(app.deps, app.services, actor, app.deps.clock.now())).toBeNull();
    expect(await count('calls')).toBe(calls);
  });

  it('comes back to its first state after a reset, with the same numbers', async () => {
    const numbersBefore = (await app.services.phoneNumbers.list(actor.tenantId)).map((n) => n.phoneNumber).sort();
    const calls = await count('calls');
    // What a pitch may change: a campaign deleted.
    await app.deps.db('campaigns').where({ tenant_id: actor.tenantId, campaign_type: 'inbound' }).delete();
    const reset = await resetDemoBusiness(app.deps, app.services, actor, app.deps.clock.now());
    expect(reset?.calls).toBe(calls);
    expect(await count('calls')).toBe(calls);
    expect(await rolledUpCalls()).toBe(calls);
    expect(await count('agents')).toBe(3);
    expect(await count('campaigns')).toBe(3);
    const numbersAfter = (await app.services.phoneNumbers.list(actor.tenantId)).map((n) => n.phoneNumber).sort();
    expect(numbersAfter).toEqual(numbersBefore);
  }, 60_000);

  it('is reset by a superadmin only, through the admin action', async () => {
    const admin = await app.login(DEMO_ACCOUNTS.admin.email);
    const refused = await app.request('POST', apiRoutes.admin.demoReset(), { token: admin.accessToken });
    expect(refused.status).toBe(403);
    const superadmin = await app.login(DEMO_ACCOUNTS.superadmin.email);
    const reset = await app.request('POST', apiRoutes.admin.demoReset(), { token: superadmin.accessToken });
    expect(reset.status).toBe(200);
    expect(await count('agents')).toBe(3);
  }, 60_000);
});
