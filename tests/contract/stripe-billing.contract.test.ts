import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventArrived,
  receivedEvents,
  startStripeHarness,
  type StripeHarness,
  VOICE_MINUTES_METER,
  overagePrice,
} from './support/stripe-harness';

/**
 * Plans, usage and time through the official SDK: products and prices (flat, and graduated metered over a Billing
 * Meter), meter events and summaries, subscriptions, invoices, the customer portal and test-clock rollovers.
 */

const INCLUDED_MINUTES = 1000;
const OVERAGE_CENTS = 5;
const FLAT_CENTS = 4900;
const DAY = 24 * 3600;
/** Jan 10 2030, 00:00 UTC: far enough ahead that a clock there never meets the wall clock. */
const START = Date.UTC(2030, 0, 10) / 1000;

const rejection = async (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to be refused');
    },
    (error: unknown) => error as Stripe.errors.StripeError,
  );

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** The plain computation the invoice must match: included minutes free, every minute above at the overage rate. */
const overageCents = (minutes: number) => Math.max(minutes - INCLUDED_MINUTES, 0) * OVERAGE_CENTS;

describe('Stripe emulator: plans, usage, subscriptions and time', () => {
  let harness: StripeHarness;
  let stripe: Stripe;
  let meter: Stripe.Billing.Meter;
  let product: Stripe.Product;
  let flat: Stripe.Price;
  let yearly: Stripe.Price;
  let metered: Stripe.Price;

  /** A customer on its own test clock with a saved card (a test token) as its default. */
  const customerOnClock = async (token: string) => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: START, name: token });
    const customer = await stripe.customers.create({ email: `${token}@acme.test`, test_clock: clock.id });
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const confirmed = await stripe.setupIntents.confirm(intent.id, { payment_method: token });
    await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: confirmed.payment_method as string },
    });
    return { clock, customer, paymentMethod: confirmed.payment_method as string };
  };

  /** Saves a fresh card from a test token on the customer and makes it the default. */
  const makeDefaultCard = async (customer: string, token: string) => {
    const card = await stripe.paymentMethods.create({ type: 'card', card: { token } });
    await stripe.paymentMethods.attach(card.id, { customer });
    await stripe.customers.update(customer, { invoice_settings: { default_payment_method: card.id } });
    return card.id;
  };

  const subscribe = (customer: string, price = flat.id, options: Partial<Stripe.SubscriptionCreateParams> = {}) =>
    stripe.subscriptions.create({
      customer,
      items: [{ price }, { price: metered.id }],
      payment_behavior: 'error_if_incomplete',
      expand: ['latest_invoice'],
      ...options,
    });

  const reportMinutes = (customer: string, minutes: number, identifier: string, timestamp: number) =>
    stripe.billing.meterEvents.create({
      event_name: 'voice_minutes',
      payload: { stripe_customer_id: customer, value: String(minutes) },
      identifier,
      timestamp,
    });

  beforeAll(async () => {
    harness = await startStripeHarness();
    stripe = harness.stripe;
    meter = await stripe.billing.meters.create(VOICE_MINUTES_METER);
    product = await stripe.products.create({ name: 'Pro', metadata: { planId: 'pro' } });
    flat = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: FLAT_CENTS,
      recurring: { interval: 'month' },
      lookup_key: 'pro_monthly',
      transfer_lookup_key: true,
    });
    yearly = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 49_000,
      recurring: { interval: 'year' },
    });
    metered = await stripe.prices.create(overagePrice(product.id, meter.id, INCLUDED_MINUTES, OVERAGE_CENTS));
  });
  afterAll(() => harness.close());

  it('creates meters, products and prices as Stripe shapes them', async () => {
    expect(meter.id).toMatch(/^mtr_/);
    expect(meter).toMatchObject({ status: 'active', default_aggregation: { formula: 'sum' } });
    expect((await stripe.billing.meters.list()).data.map((entry) => entry.id)).toEqual([meter.id]);
    expect(product.id).toMatch(/^prod_/);
    expect(flat).toMatchObject({ type: 'recurring', unit_amount: FLAT_CENTS, recurring: { interval: 'month' } });
    expect(metered).toMatchObject({
      billing_scheme: 'tiered',
      tiers_mode: 'graduated',
      unit_amount: null,
      recurring: { usage_type: 'metered', meter: meter.id },
    });
    // Stripe sends a price's tiers only when they are expanded.
    expect(metered.tiers).toBeUndefined();
    const withTiers = await stripe.prices.retrieve(metered.id, { expand: ['tiers'] });
    expect(
      withTiers.tiers!.map((tier) => [
        tier.up_to,
        tier.unit_amount,
        String(tier.unit_amount_decimal),
        tier.flat_amount,
      ]),
    ).toEqual([
      [INCLUDED_MINUTES, 0, '0', 0],
      [null, OVERAGE_CENTS, String(OVERAGE_CENTS), 0],
    ]);

    const meterless = await rejection(
      stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: 1,
        recurring: { interval: 'month', usage_type: 'metered' },
      }),
    );
    expect(meterless).toMatchObject({ statusCode: 400, param: 'recurring[meter]' });

    // A new price takes the lookup key over; the old one is retired.
    const raised = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 5900,
      recurring: { interval: 'month' },
      lookup_key: 'pro_monthly',
      transfer_lookup_key: true,
    });
    expect((await stripe.prices.list({ lookup_keys: ['pro_monthly'] })).data.map((price) => price.id)).toEqual([
      raised.id,
    ]);
    const retired = await stripe.prices.update(raised.id, { active: false, lookup_key: '' });
    expect(retired).toMatchObject({ active: false, lookup_key: null });
    const taken = await rejection(
      stripe.prices
        .create({
          product: product.id,
          currency: 'usd',
          unit_amount: 1,
          recurring: { interval: 'month' },
          lookup_key: 'taken',
        })
        .then(() =>
          stripe.prices.create({
            product: product.id,
            currency: 'usd',
            unit_amount: 1,
            recurring: { interval: 'month' },
            lookup_key: 'taken',
          }),
        ),
    );
    expect(taken).toMatchObject({ statusCode: 400, code: 'lookup_key_already_exists' });
    const renamed = await stripe.products.update(product.id, { name: 'Pro plan', default_price: flat.id });
    expect(renamed).toMatchObject({ name: 'Pro plan', default_price: flat.id, metadata: { planId: 'pro' } });
    expect(await stripe.products.retrieve(product.id)).toEqual(renamed);
    expect((await stripe.products.list({ active: true })).data.map((entry) => entry.id)).toEqual([product.id]);
    expect(await stripe.billing.meters.retrieve(meter.id)).toEqual(meter);
    const byDefault = await stripe.products.retrieve(product.id, { expand: ['default_price'] });
    expect((byDefault.default_price as Stripe.Price).unit_amount).toBe(FLAT_CENTS);
  });

  it('counts meter events per customer and period, refusing a repeated identifier', async () => {
    const customer = await stripe.customers.create({ email: 'usage@acme.test' });
    const now = Math.floor(Date.now() / 1000);
    const event = await reportMinutes(customer.id, 3, 'conv-1', now - 60);
    expect(event).toMatchObject({ object: 'billing.meter_event', identifier: 'conv-1', event_name: 'voice_minutes' });
    await reportMinutes(customer.id, 4, 'conv-2', now - 30);
    const repeated = await rejection(reportMinutes(customer.id, 3, 'conv-1', now - 60));
    expect(repeated).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(repeated).toMatchObject({ statusCode: 400, param: 'identifier' });
    const other = await stripe.customers.create({ email: 'other-usage@acme.test' });
    await reportMinutes(other.id, 100, 'conv-3', now - 30);
    const tooOld = await rejection(reportMinutes(customer.id, 1, 'conv-4', now - 40 * DAY));
    expect(tooOld).toMatchObject({ statusCode: 400, param: 'timestamp' });

    const summaries = await stripe.billing.meters.listEventSummaries(meter.id, {
      customer: customer.id,
      start_time: now - 3600,
      end_time: now + 60,
    });
    expect(summaries.data).toHaveLength(1);
    expect(summaries.data[0]).toMatchObject({
      object: 'billing.meter_event_summary',
      aggregated_value: 7,
      meter: meter.id,
      start_time: now - 3600,
      end_time: now + 60,
    });
    const earlier = await stripe.billing.meters.listEventSummaries(meter.id, {
      customer: customer.id,
      start_time: now - 3600,
      end_time: now - 45,
    });
    expect(earlier.data[0]!.aggregated_value).toBe(3);
  });

  it('subscribes with the flat and metered items, periods on the items, and charges the flat price at once', async () => {
    const { customer, paymentMethod, clock } = await customerOnClock('pm_card_visa');
    const subscription = await subscribe(customer.id);
    expect(subscription.id).toMatch(/^sub_/);
    expect(subscription).toMatchObject({ status: 'active', customer: customer.id, test_clock: clock.id });
    const [flatItem, meteredItem] = subscription.items.data;
    expect(flatItem!.id).toMatch(/^si_/);
    expect(flatItem).toMatchObject({ price: { id: flat.id }, quantity: 1, current_period_start: START });
    expect(flatItem!.current_period_end).toBe(Date.UTC(2030, 1, 10) / 1000);
    expect(meteredItem).toMatchObject({ price: { id: metered.id }, current_period_end: flatItem!.current_period_end });
    expect(meteredItem!.quantity).toBeUndefined();

    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice.id).toMatch(/^in_/);
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_create',
      amount_paid: FLAT_CENTS,
      total: FLAT_CENTS,
      parent: { subscription_details: { subscription: subscription.id } },
    });
    expect(invoice.lines.data).toHaveLength(1);
    expect(invoice.lines.data[0]!.id).toMatch(/^il_/);
    expect(invoice.lines.data[0]!.description).toBe('1 × Pro plan (at $49.00 / month)');
    // The SDK turns `*_decimal` fields into Decimals on the top-level object only: compare as sent.
    expect(plain(await stripe.invoices.retrieve(invoice.id))).toEqual(plain(invoice));
    expect((await stripe.invoices.list({ customer: customer.id })).data.map((entry) => entry.id)).toEqual([invoice.id]);
    await eventArrived(harness, 'invoice.paid', invoice.id);
    const created = await eventArrived(harness, 'customer.subscription.created', subscription.id);
    expect((created.data.object as Stripe.Subscription).status).toBe('active');

    expect((await stripe.subscriptions.list({ customer: customer.id })).data.map((entry) => entry.id)).toEqual([
      subscription.id,
    ]);
    const mixed = await rejection(subscribe(customer.id, yearly.id));
    expect(mixed).toMatchObject({ statusCode: 400, param: 'items' });
    const quantityOnMetered = await rejection(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: metered.id, quantity: 2 }] }),
    );
    expect(quantityOnMetered).toMatchObject({ statusCode: 400, param: 'items[0][quantity]' });
    expect(paymentMethod).toMatch(/^pm_/);
  });

  it('refuses a first payment the card cannot make under error_if_incomplete, and creates nothing', async () => {
    const { customer } = await customerOnClock('pm_card_chargeCustomerFail');
    const refused = await rejection(subscribe(customer.id));
    expect(refused).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(refused).toMatchObject({ statusCode: 402, decline_code: 'generic_decline' });
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toEqual([]);
    const incomplete = await subscribe(customer.id, flat.id, { payment_behavior: 'allow_incomplete' });
    expect(incomplete.status).toBe('incomplete');
    expect((incomplete.latest_invoice as Stripe.Invoice).status).toBe('open');
  });

  it('changes the plan, cancels at period end and takes it back, and cancels now', async () => {
    const { customer } = await customerOnClock('pm_card_mastercard');
    const subscription = await subscribe(customer.id);
    const [flatItem, meteredItem] = subscription.items.data;
    const upgraded = await stripe.subscriptions.update(subscription.id, {
      items: [
        { id: flatItem!.id, price: yearly.id },
        { id: meteredItem!.id, deleted: true },
      ],
      proration_behavior: 'create_prorations',
    });
    expect(upgraded.items.data.map((item) => [item.id, item.price.id])).toEqual([[flatItem!.id, yearly.id]]);
    const changed = await eventArrived(harness, 'customer.subscription.updated', subscription.id);
    expect(changed.data.previous_attributes).toHaveProperty('items');
    // A new interval starts a new period now and bills it at once, crediting the unused month.
    const yearEnd = Date.UTC(2031, 0, 10) / 1000;
    expect(upgraded).toMatchObject({ billing_cycle_anchor: START, status: 'active' });
    expect(upgraded.items.data[0]).toMatchObject({ current_period_start: START, current_period_end: yearEnd });
    const switchInvoice = await stripe.invoices.retrieve(upgraded.latest_invoice as string);
    expect(switchInvoice).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      total: 49_000 - FLAT_CENTS,
    });
    expect(
      switchInvoice.lines.data.map((line) => [line.amount, line.parent?.subscription_item_details?.proration]),
    ).toEqual([
      [49_000, false],
      [-FLAT_CENTS, true],
    ]);

    const ending = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(ending).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: yearEnd,
      status: 'active',
    });
    expect(ending.canceled_at).toBe(START);
    const resumed = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });

    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: START });
    const deleted = await eventArrived(harness, 'customer.subscription.deleted', subscription.id);
    expect((deleted.data.object as Stripe.Subscription).status).toBe('canceled');
    const afterCancel = await rejection(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }));
    expect(afterCancel).toMatchObject({ statusCode: 400 });
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'canceled' })).data).toHaveLength(1);
  });

  it('prorates a change of price within the period: pending until the renewal, or invoiced at once', async () => {
    const business = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 9900,
      recurring: { interval: 'month' },
    });
    const periodLength = 31 * DAY;
    const halfway = START + 15 * DAY;
    /** The plain computation: the unused part of the old price back, the remaining part of the new one charged. */
    const prorated = (cents: number) => Math.round((cents * (periodLength - 15 * DAY)) / periodLength);

    const pending = await customerOnClock('pm_card_visa');
    const later = await subscribe(pending.customer.id);
    await stripe.testHelpers.testClocks.advance(pending.clock.id, { frozen_time: halfway });
    const changed = await stripe.subscriptions.update(later.id, {
      items: [{ id: later.items.data[0]!.id, price: business.id }],
      proration_behavior: 'create_prorations',
    });
    expect(changed.latest_invoice).toBe((later.latest_invoice as Stripe.Invoice).id);
    const preview = await stripe.invoices.createPreview({ customer: pending.customer.id, subscription: later.id });
    expect(preview.lines.data.map((line) => [line.description, line.amount])).toEqual([
      ['Unused time on 1 × Pro plan after 25 Jan 2030', -prorated(FLAT_CENTS)],
      ['Remaining time on 1 × Pro plan after 25 Jan 2030', prorated(9900)],
      ['1 × Pro plan (at $99.00 / month)', 9900],
      ['0 × Pro plan (Tier 1 at $0.00 / month)', 0],
    ]);
    await stripe.testHelpers.testClocks.advance(pending.clock.id, { frozen_time: START + periodLength });
    const [renewal] = (await stripe.invoices.list({ subscription: later.id, limit: 1 })).data;
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      total: prorated(9900) - prorated(FLAT_CENTS) + 9900,
    });
    const next = await stripe.invoices.createPreview({ customer: pending.customer.id, subscription: later.id });
    expect(next.lines.data.some((line) => line.parent?.subscription_item_details?.proration)).toBe(false);

    const atOnce = await customerOnClock('pm_card_visa');
    const now = await subscribe(atOnce.customer.id);
    await stripe.testHelpers.testClocks.advance(atOnce.clock.id, { frozen_time: halfway });
    const upgraded = await stripe.subscriptions.update(now.id, {
      items: [{ id: now.items.data[0]!.id, price: business.id }],
      proration_behavior: 'always_invoice',
    });
    const immediate = await stripe.invoices.retrieve(upgraded.latest_invoice as string);
    expect(immediate).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      total: prorated(9900) - prorated(FLAT_CENTS),
    });
  });

  it('closes the period when the test clock passes it: flat ahead plus graduated overage, paid with invoice.paid', async () => {
    const { customer, clock } = await customerOnClock('pm_card_visa');
    const subscription = await subscribe(customer.id);
    const periodEnd = subscription.items.data[0]!.current_period_end;
    const minutes = [400, 700, 250];
    // Usage is reported as calls end, on the customer's clock.
    for (const [index, value] of minutes.entries()) {
      const at = START + (index + 1) * DAY;
      await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: at });
      await reportMinutes(customer.id, value, `call-${subscription.id}-${index}`, at);
    }
    const early = await rejection(reportMinutes(customer.id, 1, `call-${subscription.id}-early`, START + 10 * DAY));
    expect(early).toMatchObject({ statusCode: 400, param: 'timestamp' });
    const used = minutes.reduce((sum, value) => sum + value, 0);

    const preview = await stripe.invoices.createPreview({ customer: customer.id, subscription: subscription.id });
    expect(preview.total).toBe(FLAT_CENTS + overageCents(used));

    const advanced = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: periodEnd + 3600 });
    expect(advanced).toMatchObject({ status: 'ready', frozen_time: periodEnd + 3600 });
    const paid = await eventArrived(harness, 'invoice.paid');
    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    const renewal = invoices.data[0]!;
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      period_start: START,
      period_end: periodEnd,
      total: FLAT_CENTS + overageCents(used),
      amount_paid: FLAT_CENTS + overageCents(used),
    });
    expect(overageCents(used)).toBe(1750);
    expect(renewal.lines.data.map((line) => [line.description, line.quantity, line.amount, line.period.start])).toEqual(
      [
        ['1 × Pro plan (at $49.00 / month)', 1, FLAT_CENTS, periodEnd],
        ['1000 × Pro plan (Tier 1 at $0.00 / month)', INCLUDED_MINUTES, 0, START],
        ['350 × Pro plan (Tier 2 at $0.05 / month)', used - INCLUDED_MINUTES, overageCents(used), START],
      ],
    );
    await eventArrived(harness, 'invoice.paid', renewal.id);
    expect(paid.type).toBe('invoice.paid');

    const rolled = await stripe.subscriptions.retrieve(subscription.id);
    expect(rolled.status).toBe('active');
    expect(rolled.items.data[0]).toMatchObject({
      current_period_start: periodEnd,
      current_period_end: Date.UTC(2030, 2, 10) / 1000,
    });
    expect(rolled.latest_invoice).toBe(renewal.id);
    const backwards = await rejection(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START }));
    expect(backwards).toMatchObject({ statusCode: 400, param: 'frozen_time' });
    expect((await stripe.testHelpers.testClocks.list({ limit: 100 })).data.map((entry) => entry.id)).toContain(
      clock.id,
    );
    const deleted = await stripe.testHelpers.testClocks.del(clock.id);
    expect(deleted).toMatchObject({ id: clock.id, deleted: true });
    expect(await rejection(stripe.testHelpers.testClocks.retrieve(clock.id))).toMatchObject({ statusCode: 404 });
  });

  it('fails the renewal of a card whose charges fail (0341): invoice.payment_failed and past_due; a new card in the portal pays it', async () => {
    const { customer, clock } = await customerOnClock('pm_card_visa');
    const subscription = await subscribe(customer.id);
    await makeDefaultCard(customer.id, 'tok_chargeCustomerFail');
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START + DAY });
    await reportMinutes(customer.id, 1200, `call-${subscription.id}`, START + DAY);
    const periodEnd = subscription.items.data[0]!.current_period_end;
    harness.sandbox.stripe.advanceTestClock(clock.id, periodEnd + 60);

    const renewal = (await stripe.invoices.list({ subscription: subscription.id, status: 'open' })).data[0]!;
    await eventArrived(harness, 'invoice.payment_failed', renewal.id);
    expect(renewal).toMatchObject({
      attempted: true,
      attempt_count: 1,
      amount_paid: 0,
      total: FLAT_CENTS + overageCents(1200),
    });
    const pastDue = await stripe.subscriptions.retrieve(subscription.id);
    expect(pastDue.status).toBe('past_due');
    const updated = await eventArrived(
      harness,
      'customer.subscription.updated',
      (event) =>
        (event.data.object as Stripe.Subscription).id === subscription.id &&
        (event.data.object as Stripe.Subscription).status === 'past_due',
    );
    expect(updated.data.previous_attributes).toMatchObject({ status: 'active' });

    const declinedPay = await rejection(stripe.invoices.pay(renewal.id));
    expect(declinedPay).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((await stripe.invoices.retrieve(renewal.id)).attempt_count).toBe(2);

    const session = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost:5173/billing',
    });
    expect(session.id).toMatch(/^bps_/);
    expect(session.url.startsWith(harness.sandbox.stripe.baseUrl)).toBe(true);
    const pageHtml = await (await fetch(session.url)).text();
    expect(pageHtml).toContain('past_due');
    expect(pageHtml).toContain('•••• 0341');
    expect(pageHtml).toContain('href="http://localhost:5173/billing"');

    const postForm = (path: string, fields: Record<string, string>) =>
      fetch(`${session.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const expiry = { exp_month: '11', exp_year: String(new Date().getUTCFullYear() + 4) };
    const declined = await postForm('/payment-method', { number: '4000 0000 0000 0002', ...expiry });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const saved = await postForm('/payment-method', { number: '4242424242424242', ...expiry });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('Your card was saved.');

    const card = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    const newDefault = await stripe.paymentMethods.retrieve(card.invoice_settings.default_payment_method as string);
    expect(newDefault.card?.last4).toBe('4242');
    expect((await stripe.invoices.retrieve(renewal.id)).status).toBe('paid');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    await eventArrived(harness, 'invoice.paid', renewal.id);
    await eventArrived(harness, 'customer.updated', customer.id);

    const cancel = await postForm(`/subscriptions/${subscription.id}/cancel`, {});
    expect(await cancel.text()).toContain('canceled at the end of the period');
    const ending = await stripe.subscriptions.retrieve(subscription.id);
    expect(ending.cancel_at_period_end).toBe(true);

    // The period then ends: the last usage is billed and the subscription is over.
    const secondEnd = ending.items.data[0]!.current_period_end;
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: secondEnd - DAY });
    await reportMinutes(customer.id, 10, `call-${subscription.id}-last`, secondEnd - DAY);
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: secondEnd + 60 });
    const over = await stripe.subscriptions.retrieve(subscription.id);
    expect(over).toMatchObject({ status: 'canceled', ended_at: secondEnd });
    await eventArrived(harness, 'customer.subscription.deleted', subscription.id);
    const finalInvoice = (await stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data[0]!;
    expect(finalInvoice).toMatchObject({ billing_reason: 'subscription_cancel', total: 0, status: 'paid' });
  });

  it('retries a failed renewal every 3 days: a new default card pays it; four failures leave the subscription unpaid', async () => {
    const setUp = async () => {
      const { customer, clock } = await customerOnClock('pm_card_visa');
      const subscription = await subscribe(customer.id);
      await makeDefaultCard(customer.id, 'tok_chargeCustomerFail');
      const periodEnd = subscription.items.data[0]!.current_period_end;
      await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: periodEnd + 60 });
      const [renewal] = (await stripe.invoices.list({ subscription: subscription.id, status: 'open' })).data;
      expect(renewal).toMatchObject({ attempt_count: 1, next_payment_attempt: periodEnd + 3 * DAY });
      return { customer, clock, subscription, renewal: renewal!, periodEnd };
    };

    const recovering = await setUp();
    await makeDefaultCard(recovering.customer.id, 'tok_visa');
    await stripe.testHelpers.testClocks.advance(recovering.clock.id, { frozen_time: recovering.periodEnd + 2 * DAY });
    expect((await stripe.invoices.retrieve(recovering.renewal.id)).status).toBe('open');
    await stripe.testHelpers.testClocks.advance(recovering.clock.id, { frozen_time: recovering.periodEnd + 4 * DAY });
    expect(await stripe.invoices.retrieve(recovering.renewal.id)).toMatchObject({
      status: 'paid',
      attempt_count: 2,
      next_payment_attempt: null,
    });
    expect((await stripe.subscriptions.retrieve(recovering.subscription.id)).status).toBe('active');

    const lapsing = await setUp();
    await stripe.testHelpers.testClocks.advance(lapsing.clock.id, { frozen_time: lapsing.periodEnd + 7 * DAY });
    expect((await stripe.subscriptions.retrieve(lapsing.subscription.id)).status).toBe('past_due');
    await stripe.testHelpers.testClocks.advance(lapsing.clock.id, { frozen_time: lapsing.periodEnd + 10 * DAY });
    expect(await stripe.invoices.retrieve(lapsing.renewal.id)).toMatchObject({
      status: 'open',
      attempt_count: 4,
      next_payment_attempt: null,
    });
    const unpaid = await stripe.subscriptions.retrieve(lapsing.subscription.id);
    expect(unpaid).toMatchObject({ status: 'unpaid', latest_invoice: lapsing.renewal.id });
    const failures = await stripe.events.list({ type: 'invoice.payment_failed', limit: 100 });
    expect(
      failures.data.filter((event) => (event.data.object as Stripe.Invoice).id === lapsing.renewal.id),
    ).toHaveLength(4);
  });

  it('signs every event so that constructEvent accepts it, rejects a tampered one, and serves events by id', async () => {
    const sent: string[] = [];
    for await (const event of stripe.events.list({ limit: 100 })) sent.push(event.id);
    const delivered = harness.webhooks.received;
    const deadline = Date.now() + 5000;
    while (delivered.length < sent.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const events = receivedEvents(harness);
    expect(new Set(events.map((event) => event.id))).toEqual(new Set(sent));
    expect(events.every((event) => event.id.startsWith('evt_') && event.object === 'event')).toBe(true);
    for (const type of [
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_failed',
      'setup_intent.succeeded',
      'payment_method.attached',
    ]) {
      expect(
        events.some((event) => event.type === type),
        type,
      ).toBe(true);
    }
    const [hook] = delivered;
    const header = String(hook!.headers['stripe-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const tampered = Buffer.from(hook!.rawBody.toString('utf8').replace('"livemode":false', '"livemode":true'));
    expect(() => stripe.webhooks.constructEvent(tampered, header, harness.sandbox.stripe.webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(hook!.rawBody, header, 'whsec_wrong')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    const first = events[0]!;
    expect(await stripe.events.retrieve(first.id)).toEqual(first);
    const listed = await stripe.events.list({ type: 'invoice.payment_failed' });
    expect(listed.data.length).toBeGreaterThan(0);
    expect(listed.data.every((event) => event.type === 'invoice.payment_failed')).toBe(true);
  });
});
