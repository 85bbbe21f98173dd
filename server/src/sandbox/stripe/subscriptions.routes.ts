import type { Context } from 'koa';
import {
  addPendingProrations,
  chargeInvoice,
  invoiceLinesForCycle,
  pendingProrationLines,
  prorationLines,
  failureMessage,
  firstInvoiceLines,
  itemsOf,
  paymentMethodFor,
  periodBoundary,
  settleSubscription,
  subscriptionInvoice,
  type SubscriptionItem,
} from './billing-cycle';
import { stripeId } from '../vendor-ids';
import type { PriceRecurring } from './prices.routes';
import { cardDeclined, invalidRequest, missingParam, nestedList, type Params, type StripeObject } from './stripe.http';
import { paramsOf, pathParam, listRoute, retrieveRoute, type StripeRoute } from './stripe.request';
import { previousAttributes, type StripeState } from './stripe.state';

/**
 * Subscriptions: create with flat and metered items (the first invoice charges the flat items at once), retrieve,
 * list, update (prices of items, cancel at period end and back), cancel now. Since API 2025-03-31 the current period
 * lives on each item.
 */

const STATUSES = ['active', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'trialing', 'paused'];

type Price = SubscriptionItem['price'];

/** The legacy `plan` view of a price that Stripe still puts on every subscription item. */
function planOf(price: Price) {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: price.recurring.interval,
    interval_count: price.recurring.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: price.recurring.meter,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: price.tiers_mode,
    transform_usage: null,
    trial_period_days: null,
    usage_type: price.recurring.usage_type,
  };
}

function recurringPrice(state: StripeState, id: string, param: string): Price {
  const price = state.find('prices', id, param);
  if (!price.recurring) {
    throw invalidRequest(
      `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
      param,
    );
  }
  if (price.active !== true)
    throw invalidRequest(`The price specified is inactive. This field only accepts active prices.`, param);
  return price as Price;
}

function subscriptionItem(
  state: StripeState,
  subscriptionId: string,
  price: Price,
  params: Params,
  period: { start: number; end: number },
  created: number,
): SubscriptionItem & Record<string, unknown> {
  const metered = price.recurring.usage_type === 'metered';
  const quantity = params.integer('quantity', { min: 0 });
  if (metered && quantity !== undefined) {
    throw invalidRequest(
      'Quantity should not be specified where usage_type is `metered`. Remove quantity from `items`.',
      params.name('quantity'),
    );
  }
  return {
    id: stripeId('si_', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created,
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata: params.metadata(),
    plan: planOf(price),
    price,
    ...(metered ? {} : { quantity: quantity ?? 1 }),
    subscription: subscriptionId,
    tax_rates: [],
  };
}

function sameInterval(a: PriceRecurring, b: PriceRecurring) {
  return a.interval === b.interval && a.interval_count === b.interval_count;
}

function checkItems(items: SubscriptionItem[], param: string): void {
  const [first] = items;
  if (!first) throw missingParam(param);
  for (const item of items) {
    if (!sameInterval(item.price.recurring, first.price.recurring)) {
      throw invalidRequest(
        'All prices on a subscription must have the same `recurring.interval` and `recurring.interval_count`.',
        param,
      );
    }
    if (item.price.currency !== first.price.currency) {
      throw invalidRequest('All prices on a subscription must have the same currency.', param);
    }
  }
  const prices = items.map((item) => item.price.id);
  if (new Set(prices).size !== prices.length) {
    throw invalidRequest('Cannot add multiple subscription items with the same price.', param);
  }
}

function defaultPaymentMethodParam(state: StripeState, params: Params, customerId: string): string | null | undefined {
  const id = params.string('default_payment_method');
  if (!id) return id;
  const paymentMethod = state.find('paymentMethods', id, 'default_payment_method');
  if (paymentMethod.customer !== customerId) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      'default_payment_method',
      'resource_missing',
    );
  }
  return id;
}

/** The fields that schedule (or take back) a cancellation at the end of the current period. */
export function cancellationAtPeriodEnd(subscription: StripeObject, cancel: boolean, now: number) {
  const alreadyScheduled = subscription.cancel_at_period_end === true;
  return {
    cancel_at_period_end: cancel,
    cancel_at: cancel ? itemsOf(subscription)[0]!.current_period_end : null,
    canceled_at: cancel ? (alreadyScheduled ? subscription.canceled_at : now) : null,
    cancellation_details: {
      ...(subscription.cancellation_details as object),
      reason: cancel ? 'cancellation_requested' : null,
    },
  };
}

function createSubscription(ctx: Context, state: StripeState): void {
  const params = paramsOf(ctx);
  const customer = state.find('customers', params.requiredString('customer'), 'customer');
  const behaviour =
    params.oneOf('payment_behavior', [
      'allow_incomplete',
      'error_if_incomplete',
      'default_incomplete',
      'pending_if_incomplete',
    ] as const) ?? 'allow_incomplete';
  const defaultPaymentMethod = defaultPaymentMethodParam(state, params, customer.id) ?? null;
  const now = state.now(customer.id);
  const id = state.newId('subscriptions');
  const itemParams = params.objects('items') ?? [];
  const firstPrice = itemParams[0]?.string('price');
  if (!firstPrice) throw missingParam(itemParams.length ? 'items[0][price]' : 'items');
  const recurring = recurringPrice(state, firstPrice, 'items[0][price]').recurring;
  const period = { start: now, end: periodBoundary(now, recurring, 1) };
  const items = itemParams.map((item) =>
    subscriptionItem(
      state,
      id,
      recurringPrice(state, item.requiredString('price'), item.name('price')),
      item,
      period,
      now,
    ),
  );
  checkItems(items, 'items');
  const cancelAtPeriodEnd = params.boolean('cancel_at_period_end') ?? false;
  let subscription: StripeObject = {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: cancelAtPeriodEnd ? period.end : null,
    cancel_at_period_end: cancelAtPeriodEnd,
    canceled_at: cancelAtPeriodEnd ? now : null,
    cancellation_details: {
      comment: null,
      feedback: null,
      reason: cancelAtPeriodEnd ? 'cancellation_requested' : null,
    },
    collection_method: 'charge_automatically',
    created: now,
    currency: items[0]!.price.currency,
    customer: customer.id,
    customer_account: null,
    days_until_due: null,
    default_payment_method: defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: params.string('description') ?? null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: nestedList(items, `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: params.metadata(),
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: 'incomplete',
    test_clock: customer.test_clock ?? null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
  state.save('subscriptions', subscription);
  const invoice = subscriptionInvoice(state, subscription, {
    reason: 'subscription_create',
    lines: firstInvoiceLines(state, items, period.start, period.end),
    periodStart: now,
    periodEnd: now,
    created: now,
  });
  subscription = state.save('subscriptions', { ...subscription, latest_invoice: invoice.id });
  if (behaviour !== 'default_incomplete' || invoice.amount_due === 0) {
    const outcome = chargeInvoice(state, invoice, paymentMethodFor(state, subscription), now);
    if (outcome.failure !== null && behaviour === 'error_if_incomplete') {
      // Stripe creates nothing when the first payment fails under error_if_incomplete: the whole request rolls back.
      throw outcome.failure === 'no_payment_method'
        ? invalidRequest(failureMessage(outcome.failure), undefined, 'resource_missing')
        : cardDeclined(outcome.failure);
    }
    subscription = settleSubscription(state, id, outcome);
  }
  state.emit('customer.subscription.created', subscription);
  ctx.body = subscription;
}

function updateSubscription(ctx: Context, state: StripeState): void {
  const params = paramsOf(ctx);
  const before = state.find('subscriptions', pathParam(ctx, 'id'));
  const customerId = String(before.customer);
  if (before.status === 'canceled') {
    throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
  }
  const prorationBehavior =
    params.oneOf('proration_behavior', ['create_prorations', 'none', 'always_invoice'] as const) ?? 'create_prorations';
  const now = state.now(customerId);
  let items = itemsOf(before);
  const period = { start: items[0]!.current_period_start, end: items[0]!.current_period_end };
  for (const change of params.objects('items') ?? []) {
    const itemId = change.string('id');
    const index = itemId ? items.findIndex((item) => item.id === itemId) : -1;
    if (itemId && index < 0)
      throw invalidRequest(`Invalid subscription_item: ${itemId}`, change.name('id'), 'resource_missing');
    if (change.boolean('deleted')) {
      items = items.filter((item) => item.id !== itemId);
      continue;
    }
    const priceId = change.string('price');
    const price = priceId ? recurringPrice(state, priceId, change.name('price')) : undefined;
    if (index < 0) {
      if (!price) throw missingParam(change.name('price'));
      items = [...items, subscriptionItem(state, before.id, price, change, period, now)];
      continue;
    }
    const current = items[index]!;
    const nextPrice = price ?? current.price;
    const replaced = subscriptionItem(
      state,
      before.id,
      nextPrice,
      change,
      period,
      Number((current as unknown as StripeObject).created),
    );
    const quantity = change.integer('quantity', { min: 0 }) ?? current.quantity;
    items = items.map((item, position) =>
      position === index
        ? {
            ...replaced,
            id: current.id,
            metadata: change.metadata((current as unknown as { metadata: Record<string, string> }).metadata),
            ...(nextPrice.recurring.usage_type === 'metered' ? {} : { quantity: quantity ?? 1 }),
          }
        : item,
    );
  }
  checkItems(items, 'items');
  const previousItems = itemsOf(before);
  // A new billing interval starts a new period now, billed at once (Stripe resets the billing cycle anchor).
  const newInterval = !sameInterval(previousItems[0]!.price.recurring, items[0]!.price.recurring);
  const nextPeriod = newInterval ? { start: now, end: periodBoundary(now, items[0]!.price.recurring, 1) } : period;
  if (newInterval) {
    items = items.map((item) => ({
      ...item,
      current_period_start: nextPeriod.start,
      current_period_end: nextPeriod.end,
    }));
  }
  const { credits, charges } = prorationLines(state, previousItems, items, now, period);
  // On a new interval the new prices are billed for their whole new period: only the old time is credited.
  const prorations = prorationBehavior === 'none' ? [] : newInterval ? credits : [...credits, ...charges];
  const after: StripeObject = {
    ...before,
    ...(newInterval ? { billing_cycle_anchor: now } : {}),
    ...cancellationAtPeriodEnd(
      { ...before, items: { data: items } },
      params.boolean('cancel_at_period_end') ?? before.cancel_at_period_end === true,
      now,
    ),
    items: { ...(before.items as object), data: items },
    default_payment_method: params.has('default_payment_method')
      ? (defaultPaymentMethodParam(state, params, customerId) ?? null)
      : before.default_payment_method,
    description: params.has('description') ? (params.string('description') ?? null) : before.description,
    metadata: params.metadata(before.metadata as Record<string, string>),
  };
  state.save('subscriptions', after);
  let settled = after;
  if (newInterval || prorationBehavior === 'always_invoice') {
    const ended = { start: period.start, end: now };
    settled = invoiceChange(state, after, prorations, { ended, next: newInterval ? nextPeriod : null }, now);
  } else {
    addPendingProrations(state, after.id, prorations);
  }
  const changed = previousAttributes(before, settled);
  if (Object.keys(changed).length > 0) state.emit('customer.subscription.updated', settled, changed);
  ctx.body = settled;
}

/**
 * Bills a change at once: the prorations and whatever was waiting, and on a new interval also the new period of the
 * licensed items and the usage so far. A refused charge leaves the invoice open and the subscription past due.
 */
function invoiceChange(
  state: StripeState,
  subscription: StripeObject,
  prorations: ReturnType<typeof prorationLines>['credits'],
  periods: { ended: { start: number; end: number }; next: { start: number; end: number } | null },
  now: number,
): StripeObject {
  const lines = [
    ...(periods.next
      ? invoiceLinesForCycle(state, subscription, periods.ended, periods.next)
      : pendingProrationLines(state, subscription.id)),
    ...prorations,
  ];
  const invoice = subscriptionInvoice(state, subscription, {
    reason: 'subscription_update',
    lines,
    periodStart: periods.ended.start,
    periodEnd: now,
    created: now,
  });
  return settleSubscription(
    state,
    subscription.id,
    chargeInvoice(state, invoice, paymentMethodFor(state, subscription), now),
  );
}

function cancelSubscription(ctx: Context, state: StripeState): void {
  const before = state.find('subscriptions', pathParam(ctx, 'id'));
  if (before.status === 'canceled') {
    throw invalidRequest(`No such subscription: '${before.id}'`, 'id', 'resource_missing');
  }
  const now = state.now(String(before.customer));
  const after: StripeObject = {
    ...before,
    status: 'canceled',
    canceled_at: now,
    ended_at: now,
    cancel_at_period_end: false,
    cancellation_details: { ...(before.cancellation_details as object), reason: 'cancellation_requested' },
  };
  state.save('subscriptions', after);
  state.emit('customer.subscription.deleted', after, previousAttributes(before, after));
  ctx.body = after;
}

/** Without `status`, Stripe lists every subscription that is not canceled. */
function subscriptionFilter(params: Params) {
  const customer = params.string('customer');
  const price = params.string('price');
  const status = params.oneOf('status', [...STATUSES, 'all', 'ended'] as const);
  return (subscription: StripeObject) => {
    if (customer && subscription.customer !== customer) return false;
    if (price && !itemsOf(subscription).some((item) => item.price.id === price)) return false;
    if (status === 'all') return true;
    if (status === 'ended') return subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
    return status ? subscription.status === status : subscription.status !== 'canceled';
  };
}

export const subscriptionRoutes: readonly StripeRoute[] = [
  { method: 'post', path: '/v1/subscriptions', handle: createSubscription },
  listRoute('/v1/subscriptions', 'subscriptions', subscriptionFilter),
  retrieveRoute('/v1/subscriptions/:id', 'subscriptions'),
  { method: 'post', path: '/v1/subscriptions/:id', handle: updateSubscription },
  { method: 'delete', path: '/v1/subscriptions/:id', handle: cancelSubscription },
];
