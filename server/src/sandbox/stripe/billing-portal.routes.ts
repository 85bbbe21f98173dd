import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import Router from '@koa/router';
import { chargeInvoice, itemsOf, paymentMethodFor, settleSubscription } from './billing-cycle';
import { attachPaymentMethod, cardFromNumber } from './payment-methods.routes';
import { invalidParam, nowSecs, Params, StripeRequestError, type StripeObject } from './stripe.http';
import { paramsOf, type StripeRoute } from './stripe.request';
import { previousAttributes, type StripeState } from './stripe.state';
import { cancellationAtPeriodEnd } from './subscriptions.routes';

/**
 * The customer portal: a session's `url` opens a small page on the emulator's own origin where the customer changes
 * the card (a test card number) and cancels a subscription at the end of its period, then goes back to `return_url`.
 * Changing the card makes it the default for the customer and its subscriptions and pays what is still open.
 */

const PAGE_PATH = '/p/session/:secret';
const CONFIGURATION_ID = 'bpc_sandbox_default';

function createSession(ctx: Context, state: StripeState): void {
  const params = paramsOf(ctx);
  const customer = state.find('customers', params.requiredString('customer'), 'customer');
  const returnUrl = params.requiredString('return_url');
  if (!URL.canParse(returnUrl) || !/^https?:$/.test(new URL(returnUrl).protocol)) {
    throw invalidParam('return_url', 'Not a valid URL');
  }
  const session: StripeObject = {
    id: state.newId('portalSessions'),
    object: 'billing_portal.session',
    configuration: params.string('configuration') ?? CONFIGURATION_ID,
    created: nowSecs(),
    customer: customer.id,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: params.string('locale') ?? null,
    on_behalf_of: null,
    return_url: returnUrl,
    url: `${state.baseUrl()}${PAGE_PATH.replace(':secret', randomBytes(24).toString('base64url'))}`,
  };
  ctx.body = state.save('portalSessions', session);
}

export const billingPortalRoutes: readonly StripeRoute[] = [
  { method: 'post', path: '/v1/billing_portal/sessions', handle: createSession },
];

const escapeHtml = (text: unknown) => String(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const day = (unixSecs: number) =>
  new Date(unixSecs * 1000).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

function sessionFor(state: StripeState, ctx: Context): StripeObject | undefined {
  const path = ctx.path.split('/').slice(0, 4).join('/');
  return state.collections.portalSessions.all().find((session) => String(session.url).endsWith(path));
}

function page(state: StripeState, session: StripeObject, notice: string | null): string {
  const customer = state.find('customers', String(session.customer));
  const defaultCard = (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method;
  const cards = state.collections.paymentMethods.all().filter((entry) => entry.customer === customer.id);
  const subscriptions = state.collections.subscriptions
    .all()
    .filter((entry) => entry.customer === customer.id && entry.status !== 'canceled');
  const base = new URL(String(session.url)).pathname;
  const cardRows = cards
    .map((card) => {
      const details = card.card as { brand: string; last4: string; exp_month: number; exp_year: number };
      return `<li>${escapeHtml(details.brand)} •••• ${escapeHtml(details.last4)}, expires ${details.exp_month}/${details.exp_year}${card.id === defaultCard ? ' <strong>(default)</strong>' : ''}</li>`;
    })
    .join('');
  const subscriptionRows = subscriptions
    .map((subscription) => {
      const end = itemsOf(subscription)[0]?.current_period_end ?? 0;
      const names = itemsOf(subscription)
        .map((item) => state.collections.products.get(item.price.product)?.name ?? item.price.product)
        .join(', ');
      const action = subscription.cancel_at_period_end
        ? `<p>Cancels on ${day(end)}.</p>`
        : `<form method="post" action="${escapeHtml(`${base}/subscriptions/${subscription.id}/cancel`)}"><button type="submit">Cancel subscription</button></form>`;
      return `<li><p>${escapeHtml(names)}: ${escapeHtml(subscription.status)}, current period ends ${day(end)}</p>${action}</li>`;
    })
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Billing portal (sandbox)</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.5rem 0}</style></head>
<body><main>
<h1>Billing portal</h1>
<p>${escapeHtml(customer.name ?? customer.email ?? customer.id)} (sandbox: use a test card number)</p>
${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ''}
<h2>Subscriptions</h2>
${subscriptionRows ? `<ul>${subscriptionRows}</ul>` : '<p>No active subscription.</p>'}
<h2>Payment methods</h2>
${cardRows ? `<ul>${cardRows}</ul>` : '<p>No card on file.</p>'}
<form method="post" action="${escapeHtml(`${base}/payment-method`)}">
<label>Card number <input name="number" inputmode="numeric" autocomplete="cc-number" required></label>
<label>Expiry month <input name="exp_month" inputmode="numeric" value="12" required></label>
<label>Expiry year <input name="exp_year" inputmode="numeric" value="${new Date().getUTCFullYear() + 3}" required></label>
<button type="submit">Use this card</button>
</form>
<p><a href="${escapeHtml(session.return_url)}">Return to the application</a></p>
</main></body></html>`;
}

/** The new card becomes the default everywhere, and the customer's open invoices are charged to it. */
function replaceCard(state: StripeState, session: StripeObject, params: Params): string {
  const customerId = String(session.customer);
  const card = attachPaymentMethod(state, cardFromNumber(state, params, new Params({})), customerId);
  const customer = state.find('customers', customerId);
  const updated = state.save('customers', {
    ...customer,
    invoice_settings: { ...(customer.invoice_settings as object), default_payment_method: card.id },
  });
  state.emit('customer.updated', updated, previousAttributes(customer, updated));
  for (const subscription of state.collections.subscriptions.all()) {
    if (subscription.customer !== customerId || subscription.status === 'canceled') continue;
    const before = subscription;
    const withCard = subscription.default_payment_method
      ? state.save('subscriptions', { ...subscription, default_payment_method: card.id })
      : subscription;
    let after = withCard;
    for (const invoice of state.collections.invoices.all()) {
      const parent = invoice.parent as { subscription_details?: { subscription?: string } } | null;
      if (invoice.status !== 'open' || parent?.subscription_details?.subscription !== subscription.id) continue;
      const outcome = chargeInvoice(state, invoice, paymentMethodFor(state, withCard), state.now(customerId));
      after = settleSubscription(state, subscription.id, outcome);
    }
    const changed = previousAttributes(before, after);
    if (Object.keys(changed).length > 0) state.emit('customer.subscription.updated', after, changed);
  }
  return 'Your card was saved.';
}

function cancelAtPeriodEnd(state: StripeState, session: StripeObject, subscriptionId: string): string {
  const before = state.collections.subscriptions.get(subscriptionId);
  if (!before || before.customer !== session.customer || before.status === 'canceled')
    return 'That subscription is not here.';
  const after = state.save('subscriptions', {
    ...before,
    ...cancellationAtPeriodEnd(before, true, state.now(String(before.customer))),
  });
  state.emit('customer.subscription.updated', after, previousAttributes(before, after));
  return 'Your subscription will be canceled at the end of the period.';
}

/** The portal's pages; they answer without an API key, as the portal's secret URL is the credential. */
export function billingPortalPages(state: StripeState): Router {
  const router = new Router();
  const respond = (ctx: Context, act: (session: StripeObject) => string | null) => {
    const session = sessionFor(state, ctx);
    if (!session) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'This portal session has expired or does not exist.';
      return;
    }
    let notice: string | null;
    try {
      notice = state.store.transaction(() => act(session));
    } catch (error) {
      if (!(error instanceof StripeRequestError)) throw error;
      ctx.status = error.status;
      notice = error.message;
    }
    ctx.type = 'text/html';
    ctx.body = page(state, session, notice);
  };
  router.get(PAGE_PATH, (ctx) => respond(ctx, () => null));
  router.post(`${PAGE_PATH}/payment-method`, (ctx) =>
    respond(ctx, (session) => replaceCard(state, session, paramsOf(ctx))),
  );
  router.post(`${PAGE_PATH}/subscriptions/:subscription/cancel`, (ctx) =>
    respond(ctx, (session) => cancelAtPeriodEnd(state, session, String(ctx.params.subscription))),
  );
  return router;
}
