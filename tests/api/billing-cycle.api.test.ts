import { beforeAll, describe, expect, it } from 'vitest';
import type { BillingStatusResponse, InvoicesResponse, SubscriptionResponse } from '@shared/api/billing.types';
import { apiRoutes } from '@shared/api/routes';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { freshTenant, type FreshTenant } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { addCard, createPlan, sandboxStripe } from './support/billing-actions';
import { eventually } from './support/eventually';
import { testClock, TEST_DATABASES, type TestApp } from './support/test-app';

/**
 * A billing period end to end through the emulator: a tenant on a test clock activates a plan of 100 included
 * minutes, talks 130, and at the period's end the renewal invoice bills the next period's flat price plus 30
 * overage minutes from the graduated metered price; the provider's events bring the new period back to us.
 */
describe.each(TEST_DATABASES)('billing cycle through the payment emulator (%s)', (kind) => {
  const clock = testClock(new Date());
  const suite = useApiSuite(kind, { clock, tenant: false });
  let app: TestApp;
  let superadmin: string;
  let planId: string;

  /** A tenant whose payments customer lives on a test clock at our clock's time, as Stripe's test mode offers. */
  async function tenantOnTestClock(): Promise<{ tenant: FreshTenant; clockId: string }> {
    const tenant = await freshTenant(app, { billingStatus: 'inactive' });
    const stripe = sandboxStripe(app);
    const testClockObject = await stripe.testHelpers.testClocks.create({
      frozen_time: Math.floor(clock.now().getTime() / 1000),
    });
    const customer = await stripe.customers.create({
      name: tenant.name,
      test_clock: testClockObject.id,
      metadata: { tenantId: tenant.id },
    });
    await app.deps.db('tenants').where({ id: tenant.id }).update({ stripe_customer_id: customer.id });
    return { tenant, clockId: testClockObject.id };
  }

  /** The test card on file and the plan activated: the subscription as it started. */
  async function activateWithCard(tenant: FreshTenant) {
    expectStatus(await addCard(app, tenant.admin.token), 200, 'card');
    return expectStatus(
      await app.request<SubscriptionResponse>('POST', apiRoutes.billing.subscription(), {
        token: tenant.admin.token,
        body: { planId },
      }),
      200,
      'activation',
    ).body.subscription!;
  }

  beforeAll(async () => {
    app = suite.app;
    superadmin = (await app.login(DEMO_ACCOUNTS.superadmin.email)).accessToken;
    planId = (await createPlan(app, superadmin, { minutesIncluded: 100, overageRatePerMinute: 5 })).id;
  });

  it('bills the flat price and the overage minutes on the renewal invoice', async () => {
    const { tenant, clockId } = await tenantOnTestClock();
    const activated = await activateWithCard(tenant);

    const { tenants, usage } = app.built.services;
    const terms = await tenants.usageTerms(tenant.id);
    for (const [index, seconds] of [3600, 3600, 1790].entries()) {
      await app.deps.db.transaction((trx) =>
        usage.recordCall(
          trx,
          tenant.id,
          {
            startedAt: clock.now().toISOString(),
            durationSec: seconds,
            conversationId: `conv_cycle_${index}_${tenant.id}`,
          },
          terms,
        ),
      );
    }
    // 60 + 60 + 30 minutes (1790 s rounds up to 30): 150 minutes, 50 over the 100 included.
    await eventually(async () => {
      const states = await app.deps.db('usage_meter_reports').where({ tenant_id: tenant.id }).pluck('state');
      expect(states).toEqual(['sent', 'sent', 'sent']);
    });

    app.sandbox!.stripe.advanceTestClock(clockId, activated.currentPeriodEnd + 60);
    const stripe = sandboxStripe(app);
    const customerId = (await app.deps.db('tenants').where({ id: tenant.id }).first('stripe_customer_id'))
      .stripe_customer_id as string;
    const invoices = await stripe.invoices.list({ customer: customerId, limit: 10 });
    const renewal = invoices.data.find((invoice) => invoice.billing_reason === 'subscription_cycle');
    expect(renewal, JSON.stringify(invoices.data.map((invoice) => invoice.billing_reason))).toBeDefined();
    const amounts = renewal!.lines.data.map((line) => line.amount).sort((a, b) => a - b);
    // Next month's flat 2900, and the graduated tiers: 100 minutes at 0, 50 overage minutes at 5 cents.
    expect(amounts).toEqual([0, 250, 2900]);
    expect(renewal!.total).toBe(2900 + 250);
    expect(renewal!.status).toBe('paid');

    // The provider's events bring the new period to us.
    await eventually(async () => {
      const ours = await app.request<SubscriptionResponse>('GET', apiRoutes.billing.subscription(), {
        token: tenant.user.token,
      });
      expect(ours.body.subscription?.currentPeriodStart).toBe(activated.currentPeriodEnd);
      expect(ours.body.billingStatus).toBe('active');
    });
  });

  it('tells a tenant whose renewal was refused what it owes and since when, and lists its invoices', async () => {
    const { tenant, clockId } = await tenantOnTestClock();
    const activated = await activateWithCard(tenant);
    // The card on file starts refusing charges before the renewal.
    expectStatus(await addCard(app, tenant.admin.token, 'pm_card_chargeCustomerFail'), 200, 'failing card');
    app.sandbox!.stripe.advanceTestClock(clockId, activated.currentPeriodEnd + 60);

    const status = await eventually(async () => {
      const res = await app.request<BillingStatusResponse>('GET', apiRoutes.billing.status(), {
        token: tenant.user.token,
      });
      expect(res.body.billingStatus).toBe('delinquent');
      return res.body;
    });
    expect(status.unpaidInvoice).toEqual({
      amountDue: 2900,
      currency: 'nzd',
      dueSince: new Date(activated.currentPeriodEnd * 1000).toISOString(),
    });
    const invoices = expectStatus(
      await app.request<InvoicesResponse>('GET', apiRoutes.billing.invoices(), { token: tenant.user.token }),
      200,
      'invoices',
    ).body.invoices;
    expect(invoices.map((invoice) => [invoice.status, invoice.amountDue])).toEqual([
      ['open', 2900],
      ['paid', 2900],
    ]);
    expect(invoices[0]!.attemptCount).toBeGreaterThan(0);
  });

  it('says a card whose charges fail was declined, and leaves the tenant inactive', async () => {
    const tenant = await freshTenant(app, { billingStatus: 'inactive' });
    expectStatus(await addCard(app, tenant.admin.token, 'pm_card_chargeCustomerFail'), 200, 'card');
    const res = await app.request('POST', apiRoutes.billing.subscription(), {
      token: tenant.admin.token,
      body: { planId },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.message).toMatch(/declined/i);
    const status = await app.request('GET', apiRoutes.billing.status(), { token: tenant.user.token });
    expect(status.body.billingStatus).toBe('inactive');
  });
});
