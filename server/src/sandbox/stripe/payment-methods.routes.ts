import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import {
  cardDeclined,
  cardError,
  invalidRequest,
  listObject,
  missingParam,
  nowSecs,
  type Params,
  type StripeObject,
} from './stripe.http';
import { paramsOf, pathParam, retrieveRoute, type StripeRoute } from './stripe.request';
import { previousAttributes, type StripeState } from './stripe.state';
import { lookUpCardNumber, TEST_CARDS, TEST_PAYMENT_METHOD_TOKENS, type TestCard } from './test-cards';

/** Payment methods: cards from test numbers or `pm_card_*` tokens; attach (with the card check), detach, list. */

const fingerprintOf = (number: string) => createHash('sha256').update(number).digest('base64url').slice(0, 16);

/** The test card behind a payment method, known by its fingerprint as Stripe knows a card. */
export function testCardOf(paymentMethod: StripeObject): TestCard | undefined {
  const fingerprint = (paymentMethod.card as { fingerprint?: string } | undefined)?.fingerprint;
  return TEST_CARDS.find((card) => fingerprintOf(card.number) === fingerprint);
}

function cardPaymentMethod(
  state: StripeState,
  card: TestCard,
  expiry: { month: number; year: number },
  params: Params | undefined,
): StripeObject {
  const details = params?.object('billing_details');
  const paymentMethod: StripeObject = {
    id: state.newId('paymentMethods'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: details?.string('email') ?? null,
      name: details?.string('name') ?? null,
      phone: details?.string('phone') ?? null,
      tax_id: null,
    },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: card.brand,
      exp_month: expiry.month,
      exp_year: expiry.year,
      fingerprint: fingerprintOf(card.number),
      funding: card.funding,
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: nowSecs(),
    customer: null,
    livemode: false,
    metadata: params?.metadata() ?? {},
    type: 'card',
    customer_account: null,
  };
  return state.save('paymentMethods', paymentMethod);
}

/** A card from `card[number]`, `card[exp_month]`, `card[exp_year]` (what Stripe.js sends), checked as Stripe does. */
export function cardFromNumber(state: StripeState, card: Params, params: Params): StripeObject {
  const number = card.string('number');
  if (!number) throw missingParam(card.name('number'));
  const month = card.integer('exp_month');
  const year = card.integer('exp_year');
  if (month === undefined) throw missingParam(card.name('exp_month'));
  if (year === undefined) throw missingParam(card.name('exp_year'));
  if (month < 1 || month > 12) {
    throw cardError("Your card's expiration month is invalid.", 'invalid_expiry_month', { param: 'exp_month' });
  }
  const fullYear = year < 100 ? 2000 + year : year;
  const today = new Date();
  if (fullYear < today.getUTCFullYear() || (fullYear === today.getUTCFullYear() && month < today.getUTCMonth() + 1)) {
    throw cardError("Your card's expiration year is invalid.", 'invalid_expiry_year', { param: 'exp_year' });
  }
  const found = lookUpCardNumber(number);
  if (found.kind === 'incorrect_number') {
    throw cardError('Your card number is incorrect.', 'incorrect_number', { param: 'number' });
  }
  if (found.kind === 'live_card') {
    throw cardError(
      'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      'card_declined',
      { declineCode: 'test_mode_live_card' },
    );
  }
  return cardPaymentMethod(state, found.card, { month, year: fullYear }, params);
}

/** A test token (`pm_card_visa`) makes a fresh payment method each time it is used, as Stripe's do. */
function fromToken(state: StripeState, token: string): StripeObject | undefined {
  const number = TEST_PAYMENT_METHOD_TOKENS[token];
  const card = number ? TEST_CARDS.find((entry) => entry.number === number) : undefined;
  return card
    ? cardPaymentMethod(state, card, { month: 12, year: new Date().getUTCFullYear() + 3 }, undefined)
    : undefined;
}

/** `payment_method` (an id or a test token) or `payment_method_data[type]=card&payment_method_data[card][…]`. */
export function resolvePaymentMethod(
  state: StripeState,
  params: Params,
  param = 'payment_method',
): StripeObject | undefined {
  const reference = params.string(param);
  if (reference) return fromToken(state, reference) ?? state.find('paymentMethods', reference, param);
  const data = params.object(`${param}_data`);
  if (!data) return undefined;
  if (data.requiredString('type') !== 'card')
    throw invalidRequest('Only card payment methods are available.', `${param}_data[type]`);
  const card = data.object('card');
  if (!card) throw missingParam(`${param}_data[card]`);
  return cardFromNumber(state, card, data);
}

/** Saves a card on a customer after the zero-amount check a declined card fails. */
export function attachPaymentMethod(state: StripeState, paymentMethod: StripeObject, customerId: string): StripeObject {
  if (paymentMethod.customer === customerId) return paymentMethod;
  if (paymentMethod.customer) {
    throw invalidRequest(
      'The payment method you provided has already been attached to a customer.',
      'payment_method',
      'payment_method_unexpected_state',
    );
  }
  const declined = testCardOf(paymentMethod)?.declinedOnSetup;
  if (declined) throw cardDeclined(declined);
  const attached = state.save('paymentMethods', { ...paymentMethod, customer: customerId });
  state.emit('payment_method.attached', attached);
  return attached;
}

function createPaymentMethod(ctx: Context, state: StripeState): void {
  const params = paramsOf(ctx);
  if (params.requiredString('type') !== 'card')
    throw invalidRequest('Only card payment methods are available.', 'type');
  const card = params.object('card');
  if (!card) throw missingParam('card');
  const token = card.string('token');
  ctx.body = token
    ? (fromToken(state, token.replace(/^tok_/, 'pm_card_')) ?? state.find('paymentMethods', token, 'card[token]'))
    : cardFromNumber(state, card, params);
}

function attach(ctx: Context, state: StripeState): void {
  const customer = paramsOf(ctx).requiredString('customer');
  state.find('customers', customer, 'customer');
  ctx.body = attachPaymentMethod(state, state.find('paymentMethods', pathParam(ctx, 'id')), customer);
}

function detach(ctx: Context, state: StripeState): void {
  const before = state.find('paymentMethods', pathParam(ctx, 'id'));
  const customerId = before.customer;
  if (typeof customerId !== 'string') {
    throw invalidRequest(
      'The payment method you provided is not attached to a customer so detachment is impossible.',
      undefined,
      'payment_method_unexpected_state',
    );
  }
  const detached = state.save('paymentMethods', { ...before, customer: null });
  const customer = state.collections.customers.get(customerId);
  const settings = customer?.invoice_settings as { default_payment_method?: string } | undefined;
  if (customer && settings?.default_payment_method === before.id) {
    const updated = state.save('customers', {
      ...customer,
      invoice_settings: { ...settings, default_payment_method: null },
    });
    state.emit('customer.updated', updated, previousAttributes(customer, updated));
  }
  state.emit('payment_method.detached', detached, { customer: customerId });
  ctx.body = detached;
}

function listFor(ctx: Context, state: StripeState, customer: string | null | undefined, url: string): void {
  const params = paramsOf(ctx);
  const type = params.string('type');
  const matching = state.collections.paymentMethods
    .all()
    .filter((entry) => (!type || entry.type === type) && (customer ? entry.customer === customer : true));
  ctx.body = listObject(customer ? matching : matching.filter((entry) => entry.customer === null), params, url);
}

export const paymentMethodRoutes: readonly StripeRoute[] = [
  { method: 'post', path: '/v1/payment_methods', handle: createPaymentMethod },
  {
    method: 'get',
    path: '/v1/payment_methods',
    handle: (ctx, state) => {
      const customer = paramsOf(ctx).string('customer');
      if (customer) state.find('customers', customer, 'customer');
      listFor(ctx, state, customer, '/v1/payment_methods');
    },
  },
  retrieveRoute('/v1/payment_methods/:id', 'paymentMethods'),
  { method: 'post', path: '/v1/payment_methods/:id/attach', handle: attach },
  { method: 'post', path: '/v1/payment_methods/:id/detach', handle: detach },
  {
    method: 'get',
    path: '/v1/customers/:id/payment_methods',
    handle: (ctx, state) => {
      const customer = state.find('customers', pathParam(ctx, 'id'));
      listFor(ctx, state, customer.id, `/v1/customers/${customer.id}/payment_methods`);
    },
  },
];
