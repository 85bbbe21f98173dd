import type { Context } from 'koa';
import {
  chargeInvoice,
  failureMessage,
  invoiceLinesForCycle,
  itemsOf,
  nextPeriodEnd,
  paymentMethodFor,
  settleSubscription,
  subscriptionInvoice,
} from './billing-cycle';
import { cardDeclined, invalidRequest, missingParam, sendError, type Params, type StripeObject } from './stripe.http';
import { listRoute, paramsOf, pathParam, retrieveRoute, type StripeRoute } from './stripe.request';
import { previousAttributes, type StripeState } from './stripe.state';

/** Invoices: list, retrieve, pay an open one, and preview the next renewal (`invoices.createPreview`). */

function invoiceFilter(params: Params) {
  const customer = params.string('customer');
  const subscription = params.string('subscription');
  const status = params.string('status');
  return (invoice: StripeObject) =>
    (!customer || invoice.customer === customer) &&
    (!subscription || subscriptionOf(invoice) === subscription) &&
    (!status || invoice.status === status);
}

const subscriptionOf = (invoice: StripeObject) =>
  (invoice.parent as { subscription_details?: { subscription?: string } } | null)?.subscription_details?.subscription;

/** Pays an open invoice with the given card or the subscription's; a refused card is a 402 as Stripe answers. */
function payInvoice(ctx: Context, state: StripeState): void {
  const params = paramsOf(ctx);
  const invoice = state.find('invoices', pathParam(ctx, 'id'));
  if (invoice.status === 'paid') throw invalidRequest('Invoice is already paid');
  if (invoice.status !== 'open')
    throw invalidRequest(`You can only pay an invoice that is open.`, undefined, 'invoice_not_open');
  const subscriptionId = subscriptionOf(invoice);
  const subscription = subscriptionId ? state.collections.subscriptions.get(subscriptionId) : undefined;
  const paymentMethod =
    params.string('payment_method') ?? (subscription ? paymentMethodFor(state, subscription) : null);
  if (paymentMethod) state.find('paymentMethods', paymentMethod, 'payment_method');
  const outcome = chargeInvoice(state, invoice, paymentMethod, state.now(String(invoice.customer)));
  if (subscription) {
    const after = settleSubscription(state, subscription.id, outcome);
    const changed = previousAttributes(subscription, after);
    if (Object.keys(changed).length > 0) state.emit('customer.subscription.updated', after, changed);
  }
  // A refused payment is answered as an error, but the attempt and its events are kept.
  if (outcome.failure === 'no_payment_method') return sendError(ctx, invalidRequest(failureMessage(outcome.failure)));
  if (outcome.failure !== null) return sendError(ctx, cardDeclined(outcome.failure));
  ctx.body = outcome.invoice;
}

/** What the subscription's next renewal will bill: its licensed items ahead and the usage so far. */
function previewInvoice(ctx: Context, state: StripeState): void {
  const params = paramsOf(ctx);
  const subscriptionId = params.string('subscription');
  if (!subscriptionId) throw missingParam('subscription');
  const subscription = state.find('subscriptions', subscriptionId, 'subscription');
  const customer = params.string('customer');
  if (customer && customer !== subscription.customer) {
    throw invalidRequest('The subscription does not belong to this customer.', 'subscription');
  }
  if (subscription.status === 'canceled') {
    throw invalidRequest('No upcoming invoices for a canceled subscription.', 'subscription', 'invoice_upcoming_none');
  }
  const [first] = itemsOf(subscription);
  const ended = { start: first!.current_period_start, end: first!.current_period_end };
  const next = subscription.cancel_at_period_end
    ? null
    : {
        start: ended.end,
        end: nextPeriodEnd(Number(subscription.billing_cycle_anchor), ended.end, first!.price.recurring),
      };
  ctx.body = subscriptionInvoice(state, subscription, {
    reason: 'upcoming',
    lines: invoiceLinesForCycle(state, subscription, ended, next),
    periodStart: ended.start,
    periodEnd: ended.end,
    created: ended.end,
  });
}

export const invoiceRoutes: readonly StripeRoute[] = [
  listRoute('/v1/invoices', 'invoices', invoiceFilter),
  { method: 'post', path: '/v1/invoices/create_preview', handle: previewInvoice },
  retrieveRoute('/v1/invoices/:id', 'invoices'),
  { method: 'post', path: '/v1/invoices/:id/pay', handle: payInvoice },
];
