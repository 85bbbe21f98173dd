import { DateTime } from 'luxon';
import { stripeId } from '../vendor-ids';
import { aggregatedUsage } from './billing-meters.routes';
import { graduatedCharges, volumeCharge } from './graduated-tiers';
import { testCardOf } from './payment-methods.routes';
import { priceTiers, type PriceRecurring } from './prices.routes';
import { DECLINE_MESSAGES, nestedList, type StripeObject } from './stripe.http';
import { previousAttributes, type StripeState } from './stripe.state';

/**
 * Subscriptions through time: invoices (licensed items in advance, metered items in arrears over the period that
 * ended), charging the default card, and closing periods when the clock passes their end (a test clock advanced,
 * or the wall clock for customers without one).
 */

/**
 * Smart Retries as the emulated account sets them: a failed charge is tried again every 3 days, 4 attempts in all;
 * after the last one the subscription is marked `unpaid` (one of the account's choices, with cancel and leave
 * past_due).
 */
const RETRY_AFTER_SECS = 3 * 24 * 3600;
const MAX_PAYMENT_ATTEMPTS = 4;

/** The end of the `cycles`-th period after the anchor: months keep the anchor's day, clamped to the month's end. */
export function periodBoundary(anchor: number, recurring: PriceRecurring, cycles: number): number {
  return DateTime.fromSeconds(anchor, { zone: 'utc' })
    .plus({ [`${recurring.interval}s`]: recurring.interval_count * cycles })
    .toUnixInteger();
}

export function nextPeriodEnd(anchor: number, currentEnd: number, recurring: PriceRecurring): number {
  let cycles = 1;
  while (periodBoundary(anchor, recurring, cycles) <= currentEnd) cycles += 1;
  return periodBoundary(anchor, recurring, cycles);
}

export interface SubscriptionItem {
  id: string;
  price: StripeObject & { recurring: PriceRecurring; product: string };
  quantity?: number;
  current_period_start: number;
  current_period_end: number;
}

export const itemsOf = (subscription: StripeObject) => (subscription.items as { data: SubscriptionItem[] }).data;

const SYMBOLS: Record<string, string> = { usd: '$', eur: '€', gbp: '£', nzd: 'NZ$', aud: 'A$' };
const money = (cents: number, currency: string) =>
  `${SYMBOLS[currency] ?? `${currency.toUpperCase()} `}${(cents / 100).toFixed(2)}`;

interface LineInput {
  item: SubscriptionItem;
  description: string;
  quantity: number;
  unitAmount: number;
  amount: number;
  period: { start: number; end: number };
  /** A credit or charge for part of a period after a change of price or quantity. */
  proration?: boolean;
}

const day = (unixSecs: number) => DateTime.fromSeconds(unixSecs, { zone: 'utc' }).toFormat('d LLL yyyy');

const sameLicence = (a: SubscriptionItem, b: SubscriptionItem) =>
  a.id === b.id && a.price.id === b.price.id && (a.quantity ?? 1) === (b.quantity ?? 1);

/**
 * What changing licensed items at `now` costs for the rest of the period `[start, end)`: a credit for the unused
 * time of each item that went away or changed ("Unused time on 1 × Pro after 15 Jan 2030") and a charge for the
 * remaining time of each that came ("Remaining time on …"). Metered items are billed on usage and not prorated.
 */
export function prorationLines(
  state: StripeState,
  before: SubscriptionItem[],
  after: SubscriptionItem[],
  now: number,
  period: { start: number; end: number },
): { credits: LineInput[]; charges: LineInput[] } {
  const fraction = Math.max(period.end - now, 0) / (period.end - period.start);
  const licensed = (items: SubscriptionItem[]) =>
    items.filter((item) => item.price.recurring.usage_type === 'licensed');
  const line = (item: SubscriptionItem, sign: 1 | -1, what: string): LineInput => {
    const quantity = item.quantity ?? 1;
    const unitAmount = Number(item.price.unit_amount ?? 0);
    return {
      item,
      description: `${what} on ${quantity} × ${productName(state, item.price.product)} after ${day(now)}`,
      quantity,
      unitAmount,
      amount: sign * Math.round(quantity * unitAmount * fraction),
      period: { start: now, end: period.end },
      proration: true,
    };
  };
  return {
    credits: licensed(before)
      .filter((old) => !after.some((item) => sameLicence(old, item)))
      .map((old) => line(old, -1, 'Unused time')),
    charges: licensed(after)
      .filter((item) => !before.some((old) => sameLicence(old, item)))
      .map((item) => line(item, 1, 'Remaining time')),
  };
}

interface PendingProrations {
  lines: LineInput[];
}

/** Prorations wait, as Stripe's pending invoice items do, for the subscription's next invoice. */
const pendingProrations = (state: StripeState) =>
  state.store.collection<PendingProrations>('stripe.pending_prorations');

export function addPendingProrations(state: StripeState, subscriptionId: string, lines: LineInput[]): void {
  if (lines.length === 0) return;
  const pending = pendingProrations(state);
  pending.put(subscriptionId, { lines: [...(pending.get(subscriptionId)?.lines ?? []), ...lines] });
}

export const pendingProrationLines = (state: StripeState, subscriptionId: string): LineInput[] =>
  pendingProrations(state).get(subscriptionId)?.lines ?? [];

function productName(state: StripeState, productId: string): string {
  return String(state.collections.products.get(productId)?.name ?? productId);
}

/** Licensed items bill their quantity for the period ahead: "1 × Pro (at $49.00 / month)". */
function licensedLines(state: StripeState, items: SubscriptionItem[], start: number, end: number): LineInput[] {
  return items
    .filter((item) => item.price.recurring.usage_type === 'licensed')
    .map((item) => {
      const quantity = item.quantity ?? 1;
      const unitAmount = Number(item.price.unit_amount ?? 0);
      const currency = String(item.price.currency);
      return {
        item,
        description: `${quantity} × ${productName(state, item.price.product)} (at ${money(unitAmount, currency)} / ${item.price.recurring.interval})`,
        quantity,
        unitAmount,
        amount: quantity * unitAmount,
        period: { start, end },
      };
    });
}

/** Metered items bill the meter's usage over the period that ended, one line per tier reached. */
function meteredLines(
  state: StripeState,
  customer: string,
  items: SubscriptionItem[],
  start: number,
  end: number,
): LineInput[] {
  return items
    .filter((item) => item.price.recurring.usage_type === 'metered' && item.price.recurring.meter)
    .flatMap((item) => {
      const meter = state.collections.meters.get(item.price.recurring.meter!);
      const usage = meter ? aggregatedUsage(state, meter, customer, start, end) : 0;
      const name = productName(state, item.price.product);
      const currency = String(item.price.currency);
      const interval = item.price.recurring.interval;
      if (item.price.billing_scheme !== 'tiered') {
        const unitAmount = Number(item.price.unit_amount ?? 0);
        return [
          {
            item,
            description: `${usage} × ${name} (at ${money(unitAmount, currency)} / ${interval})`,
            quantity: usage,
            unitAmount,
            amount: usage * unitAmount,
            period: { start, end },
          },
        ];
      }
      const tiers = priceTiers(item.price);
      const charges =
        item.price.tiers_mode === 'volume' ? [volumeCharge(usage, tiers)] : graduatedCharges(usage, tiers);
      return charges.map((charge) => ({
        item,
        description:
          `${charge.quantity} × ${name} (Tier ${charge.tier} at ${money(charge.unitAmount, currency)} / ${interval})` +
          (charge.flatAmount ? ` + ${money(charge.flatAmount, currency)}` : ''),
        quantity: charge.quantity,
        unitAmount: charge.unitAmount,
        amount: charge.amount,
        period: { start, end },
      }));
    });
}

export type BillingReason =
  'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'subscription_cancel' | 'upcoming';

/** An invoice for a subscription: built and, unless it is a preview, kept and finalized with its events. */
export function subscriptionInvoice(
  state: StripeState,
  subscription: StripeObject,
  options: { reason: BillingReason; lines: LineInput[]; periodStart: number; periodEnd: number; created: number },
): StripeObject {
  const preview = options.reason === 'upcoming';
  const id = preview ? `upcoming_${state.newId('invoices')}` : state.newId('invoices');
  const customer = state.find('customers', String(subscription.customer));
  const currency = String(subscription.currency);
  const total = options.lines.reduce((sum, line) => sum + line.amount, 0);
  // A credit larger than the charges leaves nothing to pay (Stripe keeps the rest on the customer's balance).
  const due = Math.max(total, 0);
  const sequence = Number(customer.next_invoice_sequence ?? 1);
  const lines = options.lines.map((line) => ({
    id: stripeId('il_'),
    object: 'line_item',
    amount: line.amount,
    currency,
    description: line.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: id,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: line.proration ?? false,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: line.item.id,
      },
    },
    period: line.period,
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: line.item.price.id, product: line.item.price.product },
      unit_amount_decimal: String(line.unitAmount),
    },
    quantity: line.quantity,
    quantity_decimal: String(line.quantity),
    subscription: subscription.id,
    subtotal: line.amount,
    taxes: [],
  }));
  const invoice: StripeObject = {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Parley Sandbox',
    account_tax_ids: null,
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: due,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: !preview,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: preview ? 'upcoming' : options.reason,
    collection_method: 'charge_automatically',
    created: options.created,
    currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: customer.email ?? null,
    customer_name: customer.name ?? null,
    customer_phone: customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: preview ? null : options.created,
    ending_balance: preview ? null : 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: nestedList(lines, `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: preview ? null : `${String(customer.invoice_prefix)}-${String(sequence).padStart(4, '0')}`,
    on_behalf_of: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: subscription.metadata ?? {}, subscription: subscription.id },
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: options.periodEnd,
    period_start: options.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: preview ? 'draft' : 'open',
    status_transitions: {
      finalized_at: preview ? null : options.created,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: customer.test_clock ?? null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: preview ? null : options.created,
  };
  if (preview) return invoice;
  // Every invoice of the subscription takes the prorations that were waiting for it.
  pendingProrations(state).delete(String(subscription.id));
  state.save('customers', { ...customer, next_invoice_sequence: sequence + 1 });
  state.save('invoices', invoice);
  state.emit('invoice.created', {
    ...invoice,
    status: 'draft',
    status_transitions: { ...(invoice.status_transitions as object), finalized_at: null },
  });
  state.emit('invoice.finalized', invoice);
  return invoice;
}

/** The card a subscription's invoices are charged to: its own default, else the customer's. */
export function paymentMethodFor(state: StripeState, subscription: StripeObject): string | null {
  if (typeof subscription.default_payment_method === 'string') return subscription.default_payment_method;
  const customer = state.collections.customers.get(String(subscription.customer));
  const settings = customer?.invoice_settings as { default_payment_method?: string | null } | undefined;
  return settings?.default_payment_method ?? null;
}

export interface PaymentOutcome {
  invoice: StripeObject;
  /** Why the charge failed (a decline code, or `no_payment_method`); null when paid. */
  failure: string | null;
}

/** Charges an open invoice: zero is paid at once, a card that refuses charges (0341) fails with its events. */
export function chargeInvoice(
  state: StripeState,
  invoice: StripeObject,
  paymentMethodId: string | null,
  now: number,
): PaymentOutcome {
  const total = Number(invoice.amount_due);
  const paymentMethod = paymentMethodId ? state.collections.paymentMethods.get(paymentMethodId) : undefined;
  const card = paymentMethod ? testCardOf(paymentMethod) : undefined;
  const failure =
    total === 0
      ? null
      : !paymentMethod
        ? 'no_payment_method'
        : (card?.declinedOnCharge ?? card?.declinedOnSetup ?? null);
  const attempted = total > 0;
  if (failure === null) {
    const paid = state.save('invoices', {
      ...invoice,
      amount_paid: total,
      amount_remaining: 0,
      attempt_count: Number(invoice.attempt_count) + (attempted ? 1 : 0),
      attempted,
      default_payment_method: paymentMethod?.id ?? invoice.default_payment_method,
      next_payment_attempt: null,
      status: 'paid',
      status_transitions: { ...(invoice.status_transitions as object), paid_at: now },
    });
    state.emit('invoice.paid', paid);
    state.emit('invoice.payment_succeeded', paid);
    return { invoice: paid, failure };
  }
  const attempts = Number(invoice.attempt_count) + 1;
  const failed = state.save('invoices', {
    ...invoice,
    attempt_count: attempts,
    attempted: true,
    next_payment_attempt: attempts < MAX_PAYMENT_ATTEMPTS ? now + RETRY_AFTER_SECS : null,
  });
  state.emit('invoice.payment_failed', failed);
  state.logger?.info({ invoice: failed.id, failure }, 'stripe sandbox: invoice payment failed');
  return { invoice: failed, failure };
}

export const failureMessage = (failure: string) =>
  failure === 'no_payment_method'
    ? 'This customer has no attached payment source or default payment method.'
    : (DECLINE_MESSAGES[failure] ?? 'Your card was declined.');

/**
 * After an invoice of the subscription was paid or failed: past_due follows a failure, unpaid the last retry's
 * failure, active a payment. The subscription's latest invoice is the newest one it has.
 */
export function settleSubscription(state: StripeState, subscriptionId: string, outcome: PaymentOutcome): StripeObject {
  const before = state.find('subscriptions', subscriptionId);
  let status = before.status;
  const { invoice, failure } = outcome;
  if (failure === null && ['past_due', 'unpaid', 'incomplete'].includes(String(status))) status = 'active';
  if (failure !== null && status === 'active') status = 'past_due';
  if (failure !== null && status === 'past_due' && invoice.next_payment_attempt === null) status = 'unpaid';
  const latest = state.collections.invoices.get(String(before.latest_invoice));
  const newer = !latest || Number(invoice.created) >= Number(latest.created);
  const after = { ...before, status, latest_invoice: newer ? invoice.id : before.latest_invoice };
  return state.save('subscriptions', after);
}

/** Charges again, at their retry times up to `until`, the subscription's invoices whose payment failed. */
function retryFailedPayments(state: StripeState, subscriptionId: string, until: number): void {
  const due = state.collections.invoices
    .all()
    .filter(
      (invoice) =>
        invoice.status === 'open' &&
        (invoice.parent as { subscription_details?: { subscription?: string } } | null)?.subscription_details
          ?.subscription === subscriptionId &&
        invoice.next_payment_attempt !== null &&
        Number(invoice.next_payment_attempt) <= until,
    );
  for (const invoice of due) {
    let current = invoice;
    while (current.status === 'open' && current.next_payment_attempt !== null) {
      const at = Number(current.next_payment_attempt);
      if (at > until) break;
      const before = state.find('subscriptions', subscriptionId);
      const outcome = chargeInvoice(state, current, paymentMethodFor(state, before), at);
      const after = settleSubscription(state, subscriptionId, outcome);
      const changed = previousAttributes(before, after);
      if (Object.keys(changed).length > 0) state.emit('customer.subscription.updated', after, changed);
      current = outcome.invoice;
    }
  }
}

export function invoiceLinesForCycle(
  state: StripeState,
  subscription: StripeObject,
  ended: { start: number; end: number },
  next: { start: number; end: number } | null,
): LineInput[] {
  const items = itemsOf(subscription);
  const customer = String(subscription.customer);
  return [
    ...pendingProrationLines(state, subscription.id),
    ...(next ? licensedLines(state, items, next.start, next.end) : []),
    ...meteredLines(state, customer, items, ended.start, ended.end),
  ];
}

export function firstInvoiceLines(state: StripeState, items: SubscriptionItem[], start: number, end: number) {
  return licensedLines(state, items, start, end);
}

/** Closes every period of the subscription that ended by `now`: renewal invoices, or the end of a cancellation. */
export function closeEndedPeriods(state: StripeState, subscriptionId: string, now: number): void {
  for (;;) {
    const periodEnd = itemsOf(state.find('subscriptions', subscriptionId))[0]?.current_period_end;
    if (periodEnd !== undefined) retryFailedPayments(state, subscriptionId, Math.min(now, periodEnd));
    const before = state.find('subscriptions', subscriptionId);
    const items = itemsOf(before);
    const first = items[0];
    if (!first || before.status === 'canceled' || before.status === 'incomplete_expired') return;
    const ended = { start: first.current_period_start, end: first.current_period_end };
    if (ended.end > now) return;
    const anchor = Number(before.billing_cycle_anchor);
    if (before.cancel_at_period_end === true) {
      const hasMetered = items.some((item) => item.price.recurring.usage_type === 'metered');
      let latestInvoice = before.latest_invoice;
      if (hasMetered) {
        const invoice = subscriptionInvoice(state, before, {
          reason: 'subscription_cancel',
          lines: invoiceLinesForCycle(state, before, ended, null),
          periodStart: ended.start,
          periodEnd: ended.end,
          created: ended.end,
        });
        latestInvoice = chargeInvoice(state, invoice, paymentMethodFor(state, before), ended.end).invoice.id;
      }
      const canceled = state.save('subscriptions', {
        ...before,
        status: 'canceled',
        ended_at: ended.end,
        latest_invoice: latestInvoice,
      });
      state.emit('customer.subscription.deleted', canceled, previousAttributes(before, canceled));
      return;
    }
    const nextEnd = nextPeriodEnd(anchor, ended.end, first.price.recurring);
    const rolled: StripeObject = {
      ...before,
      items: {
        ...(before.items as object),
        data: items.map((item) => ({ ...item, current_period_start: ended.end, current_period_end: nextEnd })),
      },
    };
    const invoice = subscriptionInvoice(state, rolled, {
      reason: 'subscription_cycle',
      lines: invoiceLinesForCycle(state, rolled, ended, { start: ended.end, end: nextEnd }),
      periodStart: ended.start,
      periodEnd: ended.end,
      created: ended.end,
    });
    state.save('subscriptions', rolled);
    const outcome = chargeInvoice(state, invoice, paymentMethodFor(state, rolled), ended.end);
    const after = settleSubscription(state, subscriptionId, outcome);
    state.emit('customer.subscription.updated', after, previousAttributes(before, after));
  }
}

/** Closes due periods for the subscriptions of one test clock's customers, or (null) of customers without one. */
export function closeDuePeriods(state: StripeState, clockId: string | null): void {
  const customers = new Set(
    state.collections.customers
      .all()
      .filter((customer) => (customer.test_clock ?? null) === clockId)
      .map((customer) => customer.id),
  );
  for (const subscription of state.collections.subscriptions.all()) {
    if (!customers.has(String(subscription.customer))) continue;
    state.store.transaction(() => closeEndedPeriods(state, subscription.id, state.now(String(subscription.customer))));
  }
}
