import { beforeAll, describe, expect, it } from 'vitest';
import type { BillingStatusResponse, SubscriptionResponse } from '@shared/api/billing.types';
import { apiRoutes } from '@shared/api/routes';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { freshTenant, type FreshTenant } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { addCard, createPlan, postWebhook, sandboxStripe, signedEvent } from './support/billing-actions';
import { eventually } from './support/eventually';
import { TEST_DATABASES, type TestApp } from './support/test-app';

/**
 * The Payment Required dialog's way back (spec 000 §2): a tenant a superadmin marked delinquent changes its card in
 * the provider's portal; the card event makes us read the subscription again, and billing is usable once more.
 */
describe.each(TEST_DATABASES)('a card change after delinquency (%s)', (kind) => {
  const suite = useApiSuite(kind, { tenant: { billingStatus: 'inactive' } });
  let app: TestApp;
  let superadmin: string;
  let tenant: FreshTenant;

  const billingStatus = async () =>
    expectStatus(
      await app.request<BillingStatusResponse>('GET', apiRoutes.billing.status(), { token: tenant.admin.token }),
      200,
      'billing status',
    ).body;

  beforeAll(async () => {
    app = suite.app;
    superadmin = (await app.login(DEMO_ACCOUNTS.superadmin.email)).accessToken;
    tenant = await freshTenant(app, { billingStatus: 'inactive' });
    expectStatus(await addCard(app, tenant.admin.token), 200, 'card');
    const activation = await app.request<SubscriptionResponse>('POST', apiRoutes.billing.subscription(), {
      token: tenant.admin.token,
      // A plan of the suite's own: activation syncs the plan with the provider, and the seeded ones are shared.
      body: { planId: (await createPlan(app, superadmin)).id },
    });
    expectStatus(activation, 200, 'activation');
    // The activation's own events arrive late and would restore what they say; the superadmin acts after them.
    const stripe = sandboxStripe(app);
    await eventually(async () => {
      const sent = (await stripe.events.list({ limit: 100 })).data.map((event) => event.id);
      const recorded = await app.deps.db('stripe_events').whereIn('event_id', sent).count({ n: '*' });
      expect(Number(recorded[0]?.n)).toBe(sent.length);
    });
  });

  it('brings a delinquent tenant whose subscription is paid back to active, and the gate opens', async () => {
    const marked = await app.request('PATCH', apiRoutes.admin.tenantBilling(tenant.id), {
      token: superadmin,
      body: { billingStatus: 'delinquent' },
    });
    expectStatus(marked, 200, 'superadmin marks delinquent');
    const gated = await app.request('GET', apiRoutes.agents.collection(), { token: tenant.admin.token });
    expect(gated.status).toBe(402);
    expect(gated.body).toMatchObject({ requiresPayment: true, billingStatus: 'delinquent' });

    // The portal attaches a new card and makes it the customer's default; the provider says so by event.
    const { stripeCustomerId } = await billingStatus();
    const stripe = sandboxStripe(app);
    const created = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_mastercard' } });
    const card = await stripe.paymentMethods.attach(created.id, { customer: stripeCustomerId! });
    const customer = await stripe.customers.update(stripeCustomerId!, {
      invoice_settings: { default_payment_method: card.id },
    });
    const delivered = await postWebhook(app, signedEvent(app, 'customer.updated', { ...customer }));
    expect(delivered.status).toBe(200);

    expect(await billingStatus()).toMatchObject({ billingStatus: 'active', hasPaymentMethod: true });
    const open = await app.request('GET', apiRoutes.agents.collection(), { token: tenant.admin.token });
    expect(open.status).toBe(200);
  });
});
