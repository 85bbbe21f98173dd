import { beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionResponse } from '@shared/api/billing.types';
import { apiRoutes } from '@shared/api/routes';
import type { CurrentUsageResponse, UsageHistoryResponse } from '@shared/api/usage.types';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { freshTenant, type FreshTenant } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { addCard, createPlan, sandboxStripe } from './support/billing-actions';
import { eventually } from './support/eventually';
import { testClock, TEST_DATABASES, type TestApp } from './support/test-app';

describe.each(TEST_DATABASES)('usage API and metering (%s)', (kind) => {
  // The 10th of a 30-day month at noon: 10 days elapsed, today counted.
  const clock = testClock(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 10, 12)));
  const suite = useApiSuite(kind, { clock });
  let app: TestApp;
  let superadmin: string;

  /** A call recorded as the calls module records it: in its transaction, with the tenant's current terms. */
  const recordCall = async (tenantId: string, conversationId: string, durationSec: number) => {
    const { tenants, usage } = app.built.services;
    const terms = await tenants.usageTerms(tenantId);
    await app.deps.db.transaction((trx) =>
      usage.recordCall(trx, tenantId, { startedAt: clock.now().toISOString(), durationSec, conversationId }, terms),
    );
  };

  const current = async (token: string) =>
    expectStatus(
      await app.request<CurrentUsageResponse>('GET', apiRoutes.usage.current(), { token }),
      200,
      'current usage',
    ).body;

  beforeAll(async () => {
    app = suite.app;
    superadmin = (await app.login(DEMO_ACCOUNTS.superadmin.email)).accessToken;
  });

  it('lets members read usage and refuses the anonymous and tenant-less', async () => {
    for (const route of [apiRoutes.usage.limits(), apiRoutes.usage.current(), apiRoutes.usage.history()]) {
      expect((await app.request('GET', route, { token: suite.tenant.user.token })).status, route).toBe(200);
      expect((await app.request('GET', route)).status, route).toBe(401);
      expect((await app.request('GET', route, { token: superadmin })).status, route).toBe(404);
    }
    for (const limit of ['0', '25', 'abc']) {
      const res = await app.request('GET', `${apiRoutes.usage.history()}?limit=${limit}`, {
        token: suite.tenant.user.token,
      });
      expect(res.status, limit).toBe(400);
    }
  });

  it('counts minutes with the rounding rule, bills overage at the tenant’s own rate, and projects the month', async () => {
    const tenant = await freshTenant(app, { planTerms: { minutesIncluded: 10 }, pricePerMinuteOverride: 7 });
    const empty = await current(tenant.user.token);
    expect(empty).toMatchObject({
      usage: { minutesUsed: 0, minutesIncluded: 10, minutesBillable: 0, billingCost: 0 },
      usageStatus: 'within_limit',
      daysElapsed: 10,
    });
    await recordCall(tenant.id, `conv_a_${tenant.id}`, 61); // 2 minutes
    await recordCall(tenant.id, `conv_b_${tenant.id}`, 360); // 6 minutes
    const near = await current(tenant.user.token);
    expect(near.usage).toMatchObject({ minutesUsed: 8, minutesBillable: 0, billingCost: 0 });
    expect(near.usageStatus).toBe('near_limit');
    await recordCall(tenant.id, `conv_c_${tenant.id}`, 300); // 5 minutes: 13 in all, 3 over at 7 cents
    const over = await current(tenant.user.token);
    expect(over.usage).toMatchObject({ minutesUsed: 13, minutesIncluded: 10, minutesBillable: 3, billingCost: 21 });
    expect(over.usageStatus).toBe('over_limit');
    expect(over.overageRatePerMinute).toBe(7);
    const projected = Math.round((13 * over.daysInMonth) / 10);
    expect(over.projection).toEqual({
      dailyAverage: 1.3,
      projectedMonthlyUsage: projected,
      projectedOverage: projected - 10,
      projectedOverageCost: (projected - 10) * 7,
    });
    const history = await app.request<UsageHistoryResponse>('GET', `${apiRoutes.usage.history()}?limit=12`, {
      token: tenant.user.token,
    });
    expect(history.body.usageHistory).toEqual([
      expect.objectContaining({ monthYyyyMm: over.usage.monthYyyyMm, minutesUsed: 13, billingCost: 21 }),
    ]);
    // Another tenant sees none of it.
    expect((await current(suite.tenant.user.token)).usage.minutesUsed).toBe(0);
  });

  describe('meter events at the payment provider', () => {
    let tenant: FreshTenant;
    let customerId: string;
    let meterId: string;

    const counted = async () => {
      const start = Math.floor(clock.now().getTime() / 1000 / 60) * 60 - 40 * 24 * 3600;
      const summaries = await sandboxStripe(app).billing.meters.listEventSummaries(meterId, {
        customer: customerId,
        start_time: start,
        end_time: start + 80 * 24 * 3600,
      });
      return summaries.data.reduce((sum, summary) => sum + summary.aggregated_value, 0);
    };
    const reports = () => app.deps.db('usage_meter_reports').where({ tenant_id: tenant.id }).orderBy('identifier');

    beforeAll(async () => {
      // The emulator's subscription periods run on real time; so do these calls.
      clock.set(new Date());
      superadmin = (await app.login(DEMO_ACCOUNTS.superadmin.email)).accessToken;
      tenant = await freshTenant(app, { billingStatus: 'inactive' });
      const plan = await createPlan(app, superadmin, { minutesIncluded: 5, overageRatePerMinute: 9 });
      expectStatus(await addCard(app, tenant.admin.token), 200, 'card');
      expectStatus(
        await app.request<SubscriptionResponse>('POST', apiRoutes.billing.subscription(), {
          token: tenant.admin.token,
          body: { planId: plan.id },
        }),
        200,
        'activation',
      );
      const row = await app.deps.db('tenants').where({ id: tenant.id }).first('stripe_customer_id');
      customerId = row.stripe_customer_id;
      meterId = (await app.deps.db('plans').where({ id: plan.id }).first('stripe_meter_id')).stripe_meter_id;
    });

    it('sends one meter event per call, once, even when the call is recorded twice', async () => {
      clock.set(new Date());
      await recordCall(tenant.id, `conv_m1_${tenant.id}`, 125); // 3 minutes
      // The calls module records a conversation once; were its usage recorded again, its report would still be one.
      await recordCall(tenant.id, `conv_m1_${tenant.id}`, 125);
      await recordCall(tenant.id, `conv_m2_${tenant.id}`, 60); // 1 minute
      await eventually(async () => {
        expect((await reports()).map((report) => report.state)).toEqual(['sent', 'sent']);
      });
      expect(await counted()).toBe(4);
    });

    it('counts a call once after a crash between sending it and recording that it was sent', async () => {
      // The state a kill -9 leaves after the provider took the event and before our row said so.
      await app.deps.db('usage_meter_reports').where({ tenant_id: tenant.id }).update({ state: 'pending' });
      const sync = await app.request('POST', apiRoutes.admin.tenantSyncUsage(tenant.id), { token: superadmin });
      expect(sync.status, sync.text).toBe(200);
      expect(sync.body).toMatchObject({ callsSent: 2, minutesSent: 4 });
      expect((await reports()).map((report) => report.state)).toEqual(['sent', 'sent']);
      expect(await counted()).toBe(4);
      const again = await app.request('POST', apiRoutes.admin.tenantSyncUsage(tenant.id), { token: superadmin });
      expect(again.body).toMatchObject({ callsSent: 0, callsAlreadyCounted: 2 });
      expect(await counted()).toBe(4);
    });
  });
});
