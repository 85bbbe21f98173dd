import type { Context } from 'koa';
import { invalidRequest, nowSecs, type Params, type StripeObject } from './stripe.http';
import { paramsOf, pathParam, listRoute, retrieveRoute, type StripeRoute } from './stripe.request';
import { previousAttributes, type StripeState } from './stripe.state';

/** Customers: create, retrieve, update (incl. the default card) and list, on a test clock when asked. */

const nullable = (value: string | null | undefined, current: unknown) => (value === undefined ? current : value);

function createCustomer(ctx: Context, state: StripeState): void {
  const params = paramsOf(ctx);
  const testClock = params.string('test_clock');
  const clock = testClock ? state.find('testClocks', testClock, 'test_clock') : undefined;
  const id = state.newId('customers');
  const customer: StripeObject = {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created: clock ? Number(clock.frozen_time) : nowSecs(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: params.string('description') ?? null,
    discount: null,
    email: params.string('email') ?? null,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: params.metadata(),
    name: params.string('name') ?? null,
    next_invoice_sequence: 1,
    phone: params.string('phone') ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: testClock ?? null,
    customer_account: null,
  };
  state.save('customers', customer);
  state.emit('customer.created', customer);
  ctx.body = customer;
}

function updateCustomer(ctx: Context, state: StripeState): void {
  const params = paramsOf(ctx);
  const before = state.find('customers', pathParam(ctx, 'id'));
  const settings = before.invoice_settings as Record<string, unknown>;
  const defaultPaymentMethod = params.object('invoice_settings')?.string('default_payment_method');
  if (defaultPaymentMethod) {
    const paymentMethod = state.find(
      'paymentMethods',
      defaultPaymentMethod,
      'invoice_settings[default_payment_method]',
    );
    if (paymentMethod.customer !== before.id) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${defaultPaymentMethod}. The payment method must be attached to the customer.`,
        'invoice_settings[default_payment_method]',
        'resource_missing',
      );
    }
  }
  const after: StripeObject = {
    ...before,
    description: nullable(params.string('description'), before.description),
    email: nullable(params.string('email'), before.email),
    name: nullable(params.string('name'), before.name),
    phone: nullable(params.string('phone'), before.phone),
    metadata: params.metadata(before.metadata as Record<string, string>),
    invoice_settings: {
      ...settings,
      default_payment_method: nullable(defaultPaymentMethod, settings.default_payment_method),
    },
  };
  state.save('customers', after);
  const changed = previousAttributes(before, after);
  if (Object.keys(changed).length > 0) state.emit('customer.updated', after, changed);
  ctx.body = after;
}

function customerFilter(params: Params) {
  const email = params.string('email');
  const testClock = params.string('test_clock');
  return (customer: StripeObject) =>
    (!email || customer.email === email) && (!testClock || customer.test_clock === testClock);
}

export const customerRoutes: readonly StripeRoute[] = [
  { method: 'post', path: '/v1/customers', handle: createCustomer },
  listRoute('/v1/customers', 'customers', customerFilter),
  retrieveRoute('/v1/customers/:id', 'customers'),
  { method: 'post', path: '/v1/customers/:id', handle: updateCustomer },
];
