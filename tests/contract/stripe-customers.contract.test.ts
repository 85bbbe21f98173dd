import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventArrived, startStripeHarness, type StripeHarness } from './support/stripe-harness';

/** Customers, cards and the wire rules (keys, errors, idempotency, lists, expand) through the official SDK. */

const rejection = async (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to be refused');
    },
    (error: unknown) => error as Stripe.errors.StripeError,
  );

const card = (number: string) => ({ number, exp_month: '12', exp_year: String(new Date().getUTCFullYear() + 2) });

describe('Stripe emulator: customers and cards', () => {
  let harness: StripeHarness;
  let stripe: Stripe;

  beforeAll(async () => {
    harness = await startStripeHarness();
    stripe = harness.stripe;
  });
  afterAll(() => harness.close());

  it('creates, retrieves, updates and lists customers', async () => {
    const created = await stripe.customers.create({
      email: 'owner@acme.test',
      name: 'Acme',
      metadata: { tenantId: 't-1' },
    });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{24}$/);
    expect(created).toMatchObject({ object: 'customer', livemode: false, email: 'owner@acme.test', test_clock: null });
    expect(created.metadata).toEqual({ tenantId: 't-1' });

    const updated = await stripe.customers.update(created.id, {
      name: 'Acme Ltd',
      metadata: { tenantId: '', plan: 'pro' },
    });
    expect(updated).toMatchObject({ name: 'Acme Ltd', email: 'owner@acme.test', metadata: { plan: 'pro' } });
    expect(await stripe.customers.retrieve(created.id)).toEqual(updated);

    const event = await eventArrived(harness, 'customer.updated', created.id);
    expect(event.data.previous_attributes).toEqual({ name: 'Acme', metadata: { tenantId: 't-1' } });

    const others: Stripe.Customer[] = [];
    for (const n of [1, 2, 3]) others.push(await stripe.customers.create({ email: `c${n}@acme.test` }));
    const firstPage = await stripe.customers.list({ limit: 2 });
    expect(firstPage).toMatchObject({ object: 'list', has_more: true, url: '/v1/customers' });
    expect(firstPage.data.map((entry) => entry.id)).toEqual([others[2]!.id, others[1]!.id]);
    const secondPage = await stripe.customers.list({ limit: 2, starting_after: others[1]!.id });
    expect(secondPage.data.map((entry) => entry.id)).toEqual([others[0]!.id, created.id]);
    const all: string[] = [];
    for await (const customer of stripe.customers.list({ limit: 1 })) all.push(customer.id);
    expect(all).toHaveLength(4);
    expect((await stripe.customers.list({ email: 'c2@acme.test' })).data).toEqual([others[1]]);
  });

  it('answers a missing object, a bad parameter and a wrong key with the errors the SDK raises', async () => {
    const missing = await rejection(stripe.customers.retrieve('cus_doesnotexist'));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });
    expect(missing.message).toBe("No such customer: 'cus_doesnotexist'");
    expect(missing.requestId).toMatch(/^req_/);

    const noName = await rejection(stripe.products.create({} as Stripe.ProductCreateParams));
    expect(noName).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(noName).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'name' });

    const { hostname, port } = new URL(harness.sandbox.stripe.baseUrl);
    const stranger = new Stripe('sk_test_not_ours', { host: hostname, port: Number(port), protocol: 'http' });
    const wrongKey = await rejection(stranger.customers.list());
    expect(wrongKey).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(wrongKey.message).toContain('Invalid API Key provided');

    const publishable = new Stripe(harness.sandbox.stripe.publishableKey, {
      host: hostname,
      port: Number(port),
      protocol: 'http',
    });
    expect(await rejection(publishable.customers.list())).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('replays a request made again with the same Idempotency-Key and refuses the key with other parameters', async () => {
    const params = { email: 'idem@acme.test', metadata: { tenantId: 't-9' } };
    const first = await stripe.customers.create(params, { idempotencyKey: 'tenant-t-9-customer' });
    const again = await stripe.customers.create(params, { idempotencyKey: 'tenant-t-9-customer' });
    expect(again).toEqual(first);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.customers.list({ email: 'idem@acme.test' })).data).toHaveLength(1);

    const other = await rejection(
      stripe.customers.create({ ...params, name: 'Other' }, { idempotencyKey: 'tenant-t-9-customer' }),
    );
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other.type).toBe('StripeIdempotencyError');
    expect(other.message).toContain("Try using a key other than 'tenant-t-9-customer'");
  });

  it('saves a card with a SetupIntent confirmed by the server, and makes it the default', async () => {
    const customer = await stripe.customers.create({ email: 'cards@acme.test' });
    const intent = await stripe.setupIntents.create({
      customer: customer.id,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
    });
    expect(intent).toMatchObject({ status: 'requires_payment_method', customer: customer.id, usage: 'off_session' });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));

    const confirmed = await stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(confirmed.status).toBe('succeeded');
    const paymentMethodId = confirmed.payment_method as string;
    expect(paymentMethodId).toMatch(/^pm_/);
    const saved = await stripe.paymentMethods.retrieve(paymentMethodId);
    expect(saved).toMatchObject({ customer: customer.id, type: 'card', card: { brand: 'visa', last4: '4242' } });

    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: paymentMethodId } });
    const expanded = await stripe.customers.retrieve(customer.id, {
      expand: ['invoice_settings.default_payment_method'],
    });
    expect(((expanded as Stripe.Customer).invoice_settings.default_payment_method as Stripe.PaymentMethod).id).toBe(
      paymentMethodId,
    );

    expect((await stripe.customers.listPaymentMethods(customer.id, { type: 'card' })).data.map((pm) => pm.id)).toEqual([
      paymentMethodId,
    ]);
    expect((await stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data).toHaveLength(1);
    expect((await eventArrived(harness, 'setup_intent.succeeded', intent.id)).data.object).toMatchObject({
      status: 'succeeded',
    });
    expect((await eventArrived(harness, 'payment_method.attached', paymentMethodId)).data.object).toMatchObject({
      customer: customer.id,
    });

    const intents = await stripe.setupIntents.list({ customer: customer.id });
    expect(intents.data.map((entry) => [entry.id, entry.status])).toEqual([[intent.id, 'succeeded']]);
    const again = await rejection(stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }));
    expect(again).toMatchObject({ statusCode: 400, code: 'setup_intent_unexpected_state' });
  });

  it('declines 4000 0000 0000 0002 on SetupIntent confirm and on attach, with the decline code', async () => {
    const customer = await stripe.customers.create({ email: 'declined@acme.test' });
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const declined = await rejection(
      stripe.setupIntents.confirm(intent.id, {
        payment_method_data: { type: 'card', card: card('4000000000000002') } as never,
      }),
    );
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    const after = await stripe.setupIntents.retrieve(intent.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_setup_error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
    await eventArrived(harness, 'setup_intent.setup_failed', intent.id);

    const token = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_chargeDeclined' } });
    const attach = await rejection(stripe.paymentMethods.attach(token.id, { customer: customer.id }));
    expect(attach).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((attach as Stripe.errors.StripeCardError).decline_code).toBe('generic_decline');
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);

    const wrongNumber = await rejection(
      stripe.setupIntents.confirm(intent.id, {
        payment_method_data: { type: 'card', card: card('4242424242424241') } as never,
      }),
    );
    expect(wrongNumber).toMatchObject({ statusCode: 402, code: 'incorrect_number' });
  });

  it('attaches 4000 0000 0000 0341, lists, detaches and clears the default', async () => {
    const customer = await stripe.customers.create({ email: 'attach@acme.test' });
    const chargeFails = await stripe.paymentMethods.create({
      type: 'card',
      card: card('4000000000000341') as never,
      billing_details: { name: 'Pat' },
    });
    expect(chargeFails).toMatchObject({ customer: null, card: { last4: '0341' }, billing_details: { name: 'Pat' } });
    const attached = await stripe.paymentMethods.attach(chargeFails.id, { customer: customer.id });
    expect(attached.customer).toBe(customer.id);
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: attached.id } });

    const detached = await stripe.paymentMethods.detach(attached.id);
    expect(detached.customer).toBeNull();
    const event = await eventArrived(harness, 'payment_method.detached', attached.id);
    expect(event.data.previous_attributes).toEqual({ customer: customer.id });
    const refreshed = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(refreshed.invoice_settings.default_payment_method).toBeNull();
    expect(await rejection(stripe.paymentMethods.detach(attached.id))).toMatchObject({ statusCode: 400 });

    const stranger = await stripe.customers.create({ email: 'stranger@acme.test' });
    const other = await stripe.paymentMethods.attach(
      (await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } })).id,
      {
        customer: stranger.id,
      },
    );
    const notTheirs = await rejection(
      stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: other.id } }),
    );
    expect(notTheirs).toMatchObject({ statusCode: 400, param: 'invoice_settings[default_payment_method]' });
  });

  it('lets the browser confirm a SetupIntent the way Stripe.js does: publishable key, client secret, CORS', async () => {
    const customer = await stripe.customers.create({ email: 'browser@acme.test' });
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const { baseUrl, publishableKey } = harness.sandbox.stripe;
    const confirmUrl = `${baseUrl}/v1/setup_intents/${intent.id}/confirm`;
    const origin = 'http://localhost:5173';

    const preflight = await fetch(confirmUrl, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    // Stripe's API takes calls with the publishable key from any origin.
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');

    const form = (fields: Record<string, string>) =>
      fetch(confirmUrl, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const fields = {
      key: publishableKey,
      client_secret: intent.client_secret!,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242 4242 4242 4242',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': String(new Date().getUTCFullYear() + 3),
      'payment_method_data[card][cvc]': '123',
    };
    const wrongSecret = await form({ ...fields, client_secret: `${intent.id}_secret_wrong` });
    expect(wrongSecret.status).toBe(400);

    const declined = await form({ ...fields, 'payment_method_data[card][number]': '4000000000000002' });
    expect(declined.status).toBe(402);
    const declinedBody = (await declined.json()) as { error: Record<string, unknown> };
    expect(declinedBody.error).toMatchObject({ type: 'card_error', decline_code: 'generic_decline' });
    expect(declinedBody.error.setup_intent).toMatchObject({ id: intent.id, status: 'requires_payment_method' });

    const confirmed = await form(fields);
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await confirmed.json()) as { status: string; payment_method: string };
    expect(body.status).toBe('succeeded');
    expect((await stripe.paymentMethods.retrieve(body.payment_method)).customer).toBe(customer.id);

    const retrieved = await fetch(`${baseUrl}/v1/setup_intents/${intent.id}?client_secret=${intent.client_secret}`, {
      headers: { authorization: `Bearer ${publishableKey}` },
    });
    expect(retrieved.status).toBe(200);
    const withoutSecret = await fetch(`${baseUrl}/v1/setup_intents/${intent.id}`, {
      headers: { authorization: `Bearer ${publishableKey}` },
    });
    expect(withoutSecret.status).toBe(404);
  });
});
