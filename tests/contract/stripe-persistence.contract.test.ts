import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventArrived,
  startStripeHarness,
  type StripeHarness,
  VOICE_MINUTES_METER,
  overagePrice,
} from './support/stripe-harness';

/** The Stripe emulator keeps its state in the sandbox store: closing and reopening it loses nothing. */

const START = Date.UTC(2031, 4, 31) / 1000;

describe('Stripe emulator: state survives a restart', () => {
  let harness: StripeHarness;

  beforeAll(async () => {
    harness = await startStripeHarness();
  });
  afterAll(() => harness.close());

  it('keeps keys, objects, idempotency keys, meter identifiers and clocks, and bills across the restart', async () => {
    const { stripe } = harness;
    const keysBefore = { ...harness.sandbox.stripe };
    const meter = await stripe.billing.meters.create(VOICE_MINUTES_METER);
    const product = await stripe.products.create({ name: 'Starter' });
    const flat = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 1900,
      recurring: { interval: 'month' },
    });
    const metered = await stripe.prices.create(overagePrice(product.id, meter.id, 100, 7));
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: START });
    const customer = await stripe.customers.create(
      { email: 'keep@acme.test', test_clock: clock.id },
      { idempotencyKey: 'tenant-keep-customer' },
    );
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const { payment_method: card } = await stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: card as string } });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: flat.id }, { price: metered.id }],
    });
    await stripe.billing.meterEvents.create({
      event_name: 'voice_minutes',
      payload: { stripe_customer_id: customer.id, value: '130' },
      identifier: 'conv-keep',
      timestamp: START,
    });

    await harness.restart();
    const again = harness.stripe;
    expect(harness.sandbox.stripe).toMatchObject({
      secretKey: keysBefore.secretKey,
      publishableKey: keysBefore.publishableKey,
      webhookSecret: keysBefore.webhookSecret,
    });
    expect(harness.sandbox.stripe.port).not.toBe(0);
    expect((await again.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      email: 'keep@acme.test',
      invoice_settings: { default_payment_method: card },
    });
    const replayed = await again.customers.create(
      { email: 'keep@acme.test', test_clock: clock.id },
      { idempotencyKey: 'tenant-keep-customer' },
    );
    expect(replayed.id).toBe(customer.id);
    const repeated = await again.billing.meterEvents
      .create({
        event_name: 'voice_minutes',
        payload: { stripe_customer_id: customer.id, value: '130' },
        identifier: 'conv-keep',
        timestamp: START,
      })
      .catch((error: unknown) => error);
    expect(repeated).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((await again.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect((await again.testHelpers.testClocks.retrieve(clock.id)).frozen_time).toBe(START);

    // May 31 + 1 month is June 30: the period keeps to the month's last day.
    const periodEnd = subscription.items.data[0]!.current_period_end;
    expect(periodEnd).toBe(Date.UTC(2031, 5, 30) / 1000);
    await again.testHelpers.testClocks.advance(clock.id, { frozen_time: periodEnd });
    const [renewal] = (await again.invoices.list({ subscription: subscription.id, limit: 1 })).data;
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', total: 1900 + 30 * 7 });
    await eventArrived(harness, 'invoice.paid', renewal!.id);
    expect((await again.subscriptions.retrieve(subscription.id)).items.data[0]!.current_period_end).toBe(
      Date.UTC(2031, 6, 31) / 1000,
    );
  });
});
