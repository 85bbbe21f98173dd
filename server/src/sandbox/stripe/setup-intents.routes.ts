import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { attachPaymentMethod, resolvePaymentMethod } from './payment-methods.routes';
import { invalidRequest, noSuch, nowSecs, sendError, StripeRequestError, type StripeObject } from './stripe.http';
import { listRoute, paramsOf, pathParam, type StripeRequestState, type StripeRoute } from './stripe.request';
import type { StripeState } from './stripe.state';

/**
 * SetupIntents: created by our server for a customer, confirmed with a card either by the server (secret key,
 * `payment_method`) or by the browser the way Stripe.js does (publishable key plus the intent's `client_secret`).
 */

function createSetupIntent(ctx: Context, state: StripeState): void {
  const params = paramsOf(ctx);
  const customer = params.string('customer');
  if (customer) state.find('customers', customer, 'customer');
  // API 2026-10 names the card restriction `allowed_payment_method_types`; older versions sent `payment_method_types`.
  const allowedTypes = params.strings('allowed_payment_method_types');
  const id = state.newId('setupIntents');
  const intent: StripeObject = {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: allowedTypes ?? null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${randomBytes(24).toString('base64url')}`,
    created: nowSecs(),
    customer: customer ?? null,
    description: params.string('description') ?? null,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: params.metadata(),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: allowedTypes ?? params.strings('payment_method_types') ?? ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: params.oneOf('usage', ['off_session', 'on_session']) ?? 'off_session',
  };
  state.save('setupIntents', intent);
  ctx.body = params.boolean('confirm') ? confirm(ctx, state, intent) : intent;
}

/** Stripe.js reaches an intent with the publishable key only together with its client secret. */
function intentFor(ctx: Context, state: StripeState): StripeObject {
  const intent = state.find('setupIntents', pathParam(ctx, 'id'), 'intent');
  if ((ctx.state as StripeRequestState).publishable) {
    const secret = paramsOf(ctx).string('client_secret');
    if (!secret) throw noSuch('setupintent', intent.id, 'intent');
    if (secret !== intent.client_secret) {
      throw invalidRequest(
        'The client_secret provided does not match the client_secret associated with the SetupIntent.',
        'client_secret',
      );
    }
  }
  return intent;
}

/** Confirms with a card: success attaches it to the intent's customer; a refused card leaves the intent waiting. */
function confirm(ctx: Context, state: StripeState, intent: StripeObject): StripeObject | undefined {
  if (intent.status === 'succeeded') {
    throw invalidRequest(
      'You cannot confirm this SetupIntent because it has already succeeded after being previously confirmed.',
      undefined,
      'setup_intent_unexpected_state',
    );
  }
  if (intent.status === 'canceled') {
    throw invalidRequest(
      'You cannot confirm this SetupIntent because it has a status of canceled.',
      undefined,
      'setup_intent_unexpected_state',
    );
  }
  const params = paramsOf(ctx);
  try {
    const paymentMethod =
      resolvePaymentMethod(state, params) ??
      (typeof intent.payment_method === 'string' ? state.find('paymentMethods', intent.payment_method) : undefined);
    if (!paymentMethod) {
      throw invalidRequest(
        "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again.",
        undefined,
        'setup_intent_unexpected_state',
      );
    }
    if (typeof intent.customer === 'string') attachPaymentMethod(state, paymentMethod, intent.customer);
    const succeeded = state.save('setupIntents', {
      ...intent,
      status: 'succeeded',
      payment_method: paymentMethod.id,
      last_setup_error: null,
    });
    state.emit('setup_intent.succeeded', succeeded);
    return succeeded;
  } catch (error) {
    if (!(error instanceof StripeRequestError) || error.body.type !== 'card_error') throw error;
    // The refusal is kept on the intent (and in its event), and the intent waits for another card.
    const failed = state.save('setupIntents', {
      ...intent,
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: { ...error.body, payment_method: null },
    });
    state.emit('setup_intent.setup_failed', failed);
    error.body.setup_intent = failed;
    sendError(ctx, error);
    return undefined;
  }
}

export const setupIntentRoutes: readonly StripeRoute[] = [
  { method: 'post', path: '/v1/setup_intents', handle: createSetupIntent },
  listRoute('/v1/setup_intents', 'setupIntents', (params) => {
    const customer = params.string('customer');
    return (intent) => !customer || intent.customer === customer;
  }),
  {
    method: 'get',
    path: '/v1/setup_intents/:id',
    handle: (ctx, state) => {
      ctx.body = intentFor(ctx, state);
    },
  },
  {
    method: 'post',
    path: '/v1/setup_intents/:id/confirm',
    handle: (ctx, state) => {
      const confirmed = confirm(ctx, state, intentFor(ctx, state));
      if (confirmed) ctx.body = confirmed;
    },
  },
];
