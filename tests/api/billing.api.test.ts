import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BillingStatusResponse, SubscriptionResponse } from '@shared/api/billing.types';
import type { PlansResponse } from '@shared/api/plans.types';
import { apiRoutes } from '@shared/api/routes';
import type { UsageLimitsResponse } from '@shared/api/usage.types';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { buyNumber, freshTenant, type FreshTenant } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { addCard, createPlan, postWebhook, sandboxStripe, signedEvent } from './support/billing-actions';
import { eventually } from './support/eventually';
import { TEST_DATABASES, type TestApp } from './support/test-app';

describe.each(TEST_DATABASES)('billing API (%s)', (kind) => {
  const suite = useApiSuite(kind, { tenant: { billingStatus: 'inactive' } });
  let app: TestApp;
  let superadmin: string;
  let planId: string;

  const status = async (token: string) =>
    expectStatus(
      await app.request<BillingStatusResponse>('GET', apiRoutes.billing.status(), { token }),
      200,
      'billing status',
    ).body;
  const subscription = async (token: string) =>
    expectStatus(
      await app.request<SubscriptionResponse>('GET', apiRoutes.billing.subscription(), { token }),
      200,
      'subscription',
    ).body;

  beforeAll(async () => {
    app = suite.app;
    superadmin = (await app.login(DEMO_ACCOUNTS.superadmin.email)).accessToken;
    planId = (await createPlan(app, superadmin, { maxAgents: 4 })).id;
  });

  describe('a new business activating a plan', () => {
    let tenant: FreshTenant;
    beforeAll(() => {
      tenant = suite.tenant;
    });

    it('starts inactive, without a card, behind the gate', async () => {
      expect(await status(tenant.user.token)).toMatchObject({
        billingStatus: 'inactive',
        hasPaymentMethod: false,
        paymentMethods: [],
      });
      const gated = await app.request('GET', apiRoutes.agents.collection(), { token: tenant.admin.token });
      expect(gated.status).toBe(402);
      expect(gated.body).toMatchObject({ requiresPayment: true, billingStatus: 'inactive' });
      expect(await subscription(tenant.user.token)).toEqual({
        hasSubscription: false,
        subscription: null,
        billingStatus: 'inactive',
      });
    });

    it('refuses to activate without a card on file', async () => {
      const res = await app.request('POST', apiRoutes.billing.subscription(), {
        token: tenant.admin.token,
        body: { planId },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please add a payment method to activate your account.');
    });

    it('lets only admins add a card, and checks the setup intent id', async () => {
      expect((await app.request('POST', apiRoutes.billing.setupIntent(), { token: tenant.user.token })).status).toBe(
        403,
      );
      const missing = await app.request('POST', apiRoutes.billing.confirmPaymentMethod(), {
        token: tenant.admin.token,
        body: {},
      });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('SetupIntent ID is required');
      const unknown = await app.request('POST', apiRoutes.billing.confirmPaymentMethod(), {
        token: tenant.admin.token,
        body: { setupIntentId: 'seti_unknown' },
      });
      expect(unknown.status).toBe(404);
    });

    it("says a declined card was declined, with the provider's reason, and keeps the tenant without a card", async () => {
      const intent = (await app.request('POST', apiRoutes.billing.setupIntent(), { token: tenant.admin.token })).body;
      await expect(
        sandboxStripe(app).setupIntents.confirm(intent.setupIntentId, {
          payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
        }),
      ).rejects.toMatchObject({ type: 'StripeCardError' });
      const res = await app.request('POST', apiRoutes.billing.confirmPaymentMethod(), {
        token: tenant.admin.token,
        body: { setupIntentId: intent.setupIntentId },
      });
      expect(res.status).toBe(422);
      // The provider's own message (spec 001 §8).
      expect(res.body.message).toMatch(/insufficient funds/i);
      expect((await status(tenant.admin.token)).hasPaymentMethod).toBe(false);
    });

    it('saves a good card as the default', async () => {
      const res = await addCard(app, tenant.admin.token);
      expect(res.status, res.text).toBe(200);
      expect(res.body.paymentMethod).toMatchObject({ brand: 'visa', last4: '4242', isDefault: true });
      const after = await status(tenant.user.token);
      expect(after.hasPaymentMethod).toBe(true);
      expect(after.paymentMethods).toEqual([expect.objectContaining({ last4: '4242', isDefault: true })]);
    });

    it('refuses a stale price and an unknown plan', async () => {
      const stale = await app.request('POST', apiRoutes.billing.subscription(), {
        token: tenant.admin.token,
        body: { planId, planConfig: { amount: 100, currency: 'nzd', interval: 'month', name: 'Suite Pro' } },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('PLAN_PRICE_CHANGED');
      const unknown = await app.request('POST', apiRoutes.billing.subscription(), {
        token: tenant.admin.token,
        body: { planId: 'no-such-plan' },
      });
      expect(unknown.status).toBe(404);
      const invalid = await app.request('POST', apiRoutes.billing.subscription(), {
        token: tenant.admin.token,
        body: { planId, planConfig: { amount: -1, currency: 'nzdd', interval: 'week', name: '' } },
      });
      expect(invalid.status).toBe(400);
      expect(invalid.body.fields).toMatchObject({
        'planConfig.amount': 'Amount must be positive',
        'planConfig.currency': 'Currency must be 3 characters',
        'planConfig.interval': 'Interval must be month or year',
        'planConfig.name': 'Plan name is required',
      });
      expect(
        (await app.request('POST', apiRoutes.billing.subscription(), { token: tenant.admin.token, body: {} })).body
          .message,
      ).toBe('Plan ID is required');
    });

    it('activates: the subscription has the flat and metered items, the status is active, the gate opens', async () => {
      const res = await app.request<SubscriptionResponse>('POST', apiRoutes.billing.subscription(), {
        token: tenant.admin.token,
        body: { planId, planConfig: { amount: 2900, currency: 'nzd', interval: 'month', name: 'Suite Pro' } },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ hasSubscription: true, billingStatus: 'active' });
      expect(res.body.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, planId });
      expect(res.body.subscription?.items).toEqual(
        expect.arrayContaining([
          { amount: 2900, currency: 'nzd', interval: 'month', kind: 'flat' },
          { amount: null, currency: 'nzd', interval: 'month', kind: 'metered' },
        ]),
      );
      expect(res.body.subscription!.currentPeriodEnd).toBeGreaterThan(res.body.subscription!.currentPeriodStart);
      // Within one request: the gate and the plan limits follow at once.
      expect((await app.request('GET', apiRoutes.agents.collection(), { token: tenant.user.token })).status).toBe(200);
      const limits = await app.request<UsageLimitsResponse>('GET', apiRoutes.usage.limits(), {
        token: tenant.user.token,
      });
      expect(limits.body.limits).toMatchObject({ minutesIncluded: 100, overageRatePerMinute: 5, maxAgents: 4 });
      expect((await status(tenant.user.token)).planId).toBe(planId);
    });

    it('activating again with the same plan changes nothing at the provider', async () => {
      const before = await subscription(tenant.user.token);
      const again = await app.request<SubscriptionResponse>('POST', apiRoutes.billing.subscription(), {
        token: tenant.admin.token,
        body: { planId },
      });
      expect(again.status, again.text).toBe(200);
      expect(again.body.subscription?.id).toBe(before.subscription?.id);
    });

    it('cancels at the period end and reactivates; only admins may', async () => {
      const byUser = await app.request('POST', apiRoutes.billing.cancelSubscription(), {
        token: tenant.user.token,
        body: { cancelAtPeriodEnd: true },
      });
      expect(byUser.status).toBe(403);
      const canceled = await app.request<SubscriptionResponse>('POST', apiRoutes.billing.cancelSubscription(), {
        token: tenant.admin.token,
        body: { cancelAtPeriodEnd: true },
      });
      expect(canceled.status, canceled.text).toBe(200);
      expect(canceled.body.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
      expect(canceled.body.billingStatus).toBe('active');
      const reactivated = await app.request<SubscriptionResponse>('POST', apiRoutes.billing.cancelSubscription(), {
        token: tenant.admin.token,
        body: { cancelAtPeriodEnd: false },
      });
      expect(reactivated.body.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
      const provider = await sandboxStripe(app).subscriptions.retrieve(reactivated.body.subscription!.id);
      expect(provider.cancel_at_period_end).toBe(false);
      const notBoolean = await app.request('POST', apiRoutes.billing.cancelSubscription(), {
        token: tenant.admin.token,
        body: { cancelAtPeriodEnd: 'yes' },
      });
      expect(notBoolean.status).toBe(400);
    });

    it('changes the plan of the live subscription in place, and its limits follow', async () => {
      const before = await subscription(tenant.user.token);
      const bigger = await createPlan(app, superadmin, { basePriceMonthly: 9900, maxAgents: 9, minutesIncluded: 900 });
      const changed = await app.request<SubscriptionResponse>('POST', apiRoutes.billing.subscription(), {
        token: tenant.admin.token,
        body: { planId: bigger.id },
      });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.body.subscription).toMatchObject({ id: before.subscription?.id, planId: bigger.id });
      expect(changed.body.subscription?.items).toContainEqual({
        amount: 9900,
        currency: 'nzd',
        interval: 'month',
        kind: 'flat',
      });
      const limits = await app.request<UsageLimitsResponse>('GET', apiRoutes.usage.limits(), {
        token: tenant.user.token,
      });
      expect(limits.body.limits).toMatchObject({ maxAgents: 9, minutesIncluded: 900 });
      const provider = await sandboxStripe(app).subscriptions.retrieve(before.subscription!.id);
      expect(provider.metadata.planId).toBe(bigger.id);
    });

    it('refuses a plan in another currency, and the subscription stays as it was', async () => {
      const before = await subscription(tenant.user.token);
      const dollars = await createPlan(app, superadmin, { currency: 'usd' });
      const refused = await app.request('POST', apiRoutes.billing.subscription(), {
        token: tenant.admin.token,
        body: { planId: dollars.id },
      });
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'PLAN_CURRENCY_MISMATCH',
        message: 'The Suite Pro plan is billed in USD; your account is billed in NZD.',
      });
      expect(await subscription(tenant.user.token)).toEqual(before);
      const provider = await sandboxStripe(app).subscriptions.retrieve(before.subscription!.id);
      expect(provider.metadata.planId).toBe(before.subscription?.planId);
      expect((await status(tenant.user.token)).planId).toBe(before.subscription?.planId);
    });

    it('opens the billing portal back to our own pages only', async () => {
      const session = await app.request('POST', apiRoutes.billing.createPortalSession(), { token: tenant.admin.token });
      expect(session.status, session.text).toBe(200);
      expect(session.body.url).toMatch(/^https?:\/\//);
      const own = await app.request('POST', apiRoutes.billing.customerPortal(), {
        token: tenant.admin.token,
        body: { returnUrl: 'http://parley.test/agents?tab=1' },
      });
      expect(own.status, own.text).toBe(200);
      for (const returnUrl of ['https://evil.example/billing', 'javascript:alert(1)', 'not a url', '']) {
        const res = await app.request('POST', apiRoutes.billing.customerPortal(), {
          token: tenant.admin.token,
          body: { returnUrl },
        });
        expect(res.status, returnUrl).toBe(400);
        expect(res.body.message).toBe('Invalid return URL');
      }
      expect(
        (
          await app.request('POST', apiRoutes.billing.customerPortal(), {
            token: tenant.user.token,
            body: { returnUrl: 'http://parley.test/billing' },
          })
        ).status,
      ).toBe(403);
    });
  });

  it('bills each phone number beyond the plan’s included ones monthly on the subscription', async () => {
    const plan = await createPlan(app, superadmin, {
      maxPhoneNumbers: 3,
      phoneNumbersIncluded: 1,
      phoneNumberCostMonthly: 1000,
    });
    const tenant = await freshTenant(app, { billingStatus: 'inactive' });
    expectStatus(await addCard(app, tenant.admin.token), 200, 'card');
    const activated = await app.request<SubscriptionResponse>('POST', apiRoutes.billing.subscription(), {
      token: tenant.admin.token,
      body: { planId: plan.id },
    });
    expect(activated.body.subscription?.items.map((item) => item.kind).sort()).toEqual(['flat', 'metered']);
    await buyNumber(app, tenant.admin.token);
    await buyNumber(app, tenant.admin.token);
    await buyNumber(app, tenant.admin.token);
    await eventually(async () => {
      const items = (await subscription(tenant.user.token)).subscription?.items ?? [];
      expect(items.find((item) => item.kind === 'phone_numbers')).toEqual({
        kind: 'phone_numbers',
        amount: 2000,
        currency: 'nzd',
        interval: 'month',
      });
    });
    const provider = await sandboxStripe(app).subscriptions.retrieve(activated.body.subscription!.id);
    expect(provider.items.data.find((item) => item.price.metadata.kind === 'phone_numbers')?.quantity).toBe(2);
  });

  describe('the payment provider webhook', () => {
    let tenant: FreshTenant;
    let subscriptionId: string;

    beforeAll(async () => {
      tenant = await freshTenant(app, { billingStatus: 'inactive' });
      expectStatus(await addCard(app, tenant.admin.token), 200, 'card');
      const res = await app.request<SubscriptionResponse>('POST', apiRoutes.billing.subscription(), {
        token: tenant.admin.token,
        body: { planId },
      });
      subscriptionId = expectStatus(res, 200, 'activation').body.subscription!.id;
    });

    it('refuses a missing, wrong or tampered signature with a 400 and no effect', async () => {
      const event = signedEvent(app, 'customer.subscription.updated', { id: subscriptionId, object: 'subscription' });
      const noHeader = await app.request('POST', apiRoutes.webhooks.stripe(), {
        raw: event.payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(noHeader.status).toBe(400);
      const tampered = await postWebhook(app, { ...event, payload: event.payload.replace('updated', 'deleted') });
      expect(tampered.status).toBe(400);
      expect(tampered.body.message).toBe('Invalid webhook signature.');
      const wrongSecret = await postWebhook(app, { ...event, signature: 't=1,v1=00' });
      expect(wrongSecret.status).toBe(400);
    });

    it('processes one event once however often it is delivered at once', async () => {
      const event = signedEvent(app, 'customer.subscription.updated', {
        id: subscriptionId,
        object: 'subscription',
        customer: 'cus_ignored',
      });
      const answers = await Promise.all(Array.from({ length: 5 }, () => postWebhook(app, event)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.filter((answer) => answer.body.processed).length).toBe(1);
    });

    it('ends in the provider’s real state whatever order the events of a lifecycle arrive in', async () => {
      const stripe = sandboxStripe(app);
      const events = ['customer.subscription.created', 'customer.subscription.updated', 'invoice.paid'];
      // The provider's truth: set to end at the period's end.
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      await fc.assert(
        fc.asyncProperty(fc.shuffledSubarray(events, { minLength: 1 }), async (order) => {
          for (const type of order) {
            const object =
              type === 'invoice.paid'
                ? {
                    id: 'in_any',
                    object: 'invoice',
                    parent: { subscription_details: { subscription: subscriptionId } },
                  }
                : { id: subscriptionId, object: 'subscription', cancel_at_period_end: false, status: 'past_due' };
            expect((await postWebhook(app, signedEvent(app, type, object))).status).toBe(200);
          }
          const ours = await subscription(tenant.user.token);
          expect(ours.subscription).toMatchObject({ id: subscriptionId, status: 'active', cancelAtPeriodEnd: true });
          expect(ours.billingStatus).toBe('active');
        }),
        { numRuns: 6 },
      );
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    });

    it('follows the subscription to delinquent and back, and the gate follows within one request', async () => {
      // A later event describes the provider's state, which the handler fetches again: cancel now → canceled.
      await sandboxStripe(app).subscriptions.cancel(subscriptionId);
      const deleted = signedEvent(app, 'customer.subscription.deleted', { id: subscriptionId, object: 'subscription' });
      expect((await postWebhook(app, deleted)).status).toBe(200);
      expect((await subscription(tenant.user.token)).billingStatus).toBe('canceled');
      const gated = await app.request('GET', apiRoutes.agents.collection(), { token: tenant.user.token });
      expect(gated.status).toBe(402);
      expect(gated.body.billingStatus).toBe('canceled');
      // Reactivation of an ended subscription is refused; a new activation starts a new one.
      const reactivate = await app.request('POST', apiRoutes.billing.cancelSubscription(), {
        token: tenant.admin.token,
        body: { cancelAtPeriodEnd: false },
      });
      expect(reactivate.status).toBe(409);
      expect(reactivate.body.code).toBe('SUBSCRIPTION_ENDED');
      const again = await app.request<SubscriptionResponse>('POST', apiRoutes.billing.subscription(), {
        token: tenant.admin.token,
        body: { planId },
      });
      expect(again.status, again.text).toBe(200);
      expect(again.body.subscription?.id).not.toBe(subscriptionId);
      expect(again.body.billingStatus).toBe('active');
      // The old subscription's late event never overwrites the new one.
      expect(
        (
          await postWebhook(
            app,
            signedEvent(app, 'customer.subscription.deleted', { id: subscriptionId, object: 'subscription' }),
          )
        ).status,
      ).toBe(200);
      expect((await subscription(tenant.user.token)).billingStatus).toBe('active');
      expect((await app.request('GET', apiRoutes.agents.collection(), { token: tenant.user.token })).status).toBe(200);
    });
  });

  describe('plans', () => {
    it('lists visible plans to any signed-in user and every plan to superadmins only', async () => {
      const visible = await app.request<PlansResponse>('GET', apiRoutes.plans.visible(), {
        token: suite.tenant.user.token,
      });
      expect(visible.status).toBe(200);
      expect(visible.body.plans.every((plan) => plan.visible && plan.active)).toBe(true);
      expect(visible.body.plans.map((plan) => plan.id)).toContain(planId);
      expect(visible.body.plans.map((plan) => plan.id)).not.toContain('enterprise');
      const all = await app.request<PlansResponse>('GET', apiRoutes.plans.list(), { token: suite.tenant.user.token });
      expect(all.status).toBe(200);
      for (const token of [suite.tenant.user.token, suite.tenant.admin.token]) {
        expect((await app.request('GET', apiRoutes.admin.plans(), { token })).status).toBe(403);
        expect((await app.request('POST', apiRoutes.admin.plans(), { token, body: {} })).status).toBe(403);
      }
      const admin = await app.request<PlansResponse>('GET', apiRoutes.admin.plans(), { token: superadmin });
      expect(admin.body.plans.map((plan) => plan.id)).toContain('enterprise');
    });

    it('validates the plan form as spec 001 §5 says, and fills the §9 defaults', async () => {
      const empty = await app.request('POST', apiRoutes.admin.plans(), { token: superadmin, body: {} });
      expect(empty.status).toBe(400);
      expect(empty.body.fields).toMatchObject({ id: 'Plan ID is required', name: 'Plan name is required' });
      const minimal = await app.request('POST', apiRoutes.admin.plans(), {
        token: superadmin,
        body: { ...apiRoutes.admin.plans.operation('POST').example, id: `min-${Date.now()}` },
      });
      expect(minimal.status, minimal.text).toBe(201);
      expect(minimal.body.plan).toMatchObject({
        currency: 'nzd',
        supportLevel: 'basic',
        active: true,
        sortOrder: 0,
        basePriceYearly: null,
        stripeProductId: null,
      });
      const duplicate = await app.request('POST', apiRoutes.admin.plans(), {
        token: superadmin,
        body: { ...minimal.body.plan, stripeProductId: undefined },
      });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.code).toBe('PLAN_ID_TAKEN');
    });

    it('syncs a plan once, keeps its id when editing, and asks for a new sync when its price changes', async () => {
      const plan = await createPlan(app, superadmin);
      const synced = await app.request('POST', apiRoutes.admin.planSync(plan.id), { token: superadmin });
      expect(synced.status, synced.text).toBe(200);
      expect(synced.body.plan.stripeProductId).toMatch(/^prod_/);
      const product = await sandboxStripe(app).products.retrieve(synced.body.plan.stripeProductId);
      expect(product.metadata.planId).toBe(plan.id);
      const again = await app.request('POST', apiRoutes.admin.planSync(plan.id), { token: superadmin });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('PLAN_ALREADY_SYNCED');
      expect((await app.request('POST', apiRoutes.admin.planSync('no-such-plan'), { token: superadmin })).status).toBe(
        404,
      );
      const renamed = await app.request('PUT', apiRoutes.admin.planById(plan.id), {
        token: superadmin,
        body: { ...plan, name: 'Renamed' },
      });
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.body.plan).toMatchObject({ name: 'Renamed', stripeProductId: synced.body.plan.stripeProductId });
      const newId = await app.request('PUT', apiRoutes.admin.planById(plan.id), {
        token: superadmin,
        body: { ...plan, id: 'other-id' },
      });
      expect(newId.status).toBe(400);
      expect(newId.body.message).toBe('Plan ID cannot be changed');
      const repriced = await app.request('PUT', apiRoutes.admin.planById(plan.id), {
        token: superadmin,
        body: { ...plan, basePriceMonthly: 3900 },
      });
      expect(repriced.body.plan.stripeProductId).toBeNull();
      const unknown = await app.request('PUT', apiRoutes.admin.planById('no-such-plan'), {
        token: superadmin,
        body: { ...plan, id: undefined },
      });
      expect(unknown.status).toBe(404);
    });
  });
});
