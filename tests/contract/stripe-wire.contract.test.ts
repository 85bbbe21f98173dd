import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../server/src/sandbox';
import { tempDataDir } from './support/contract-sandbox';
import { startStripeHarness, type StripeHarness } from './support/stripe-harness';
import { stripeOracle } from './support/stripe-oracle';

/** The oracle the Stripe contract tests rest on, and webhook delivery when our server does not take an event. */

const answerBody = (harness: StripeHarness, method: string, path: RegExp) => {
  const exchange = harness.exchanges.find((entry) => entry.method === method && path.test(entry.path));
  if (!exchange) throw new Error(`no ${method} ${path} was recorded`);
  return JSON.parse(exchange.body.toString('utf8')) as Record<string, unknown>;
};

describe('the Stripe oracle', () => {
  let harness: StripeHarness;

  beforeAll(async () => {
    harness = await startStripeHarness();
    const customer = await harness.stripe.customers.create({ email: 'oracle@acme.test' });
    await harness.stripe.customers.list();
    await harness.stripe.customers.retrieve('cus_missing').catch(() => undefined);
    await harness.stripe.setupIntents.create({ customer: customer.id });
  });
  afterAll(() => harness.close());

  it('accepts what the emulator sent and refuses each way Stripe could not have sent it', () => {
    const oracle = stripeOracle();
    const customer = answerBody(harness, 'POST', /^\/v1\/customers$/);
    const list = answerBody(harness, 'GET', /^\/v1\/customers$/);
    const missing = answerBody(harness, 'GET', /^\/v1\/customers\/cus_missing$/);
    const intent = answerBody(harness, 'POST', /^\/v1\/setup_intents$/);
    expect(oracle.problemsOf(customer, 200)).toEqual([]);
    expect(oracle.problemsOf(list, 200)).toEqual([]);
    expect(oracle.problemsOf(missing, 404)).toEqual([]);
    expect(oracle.problemsOf(intent, 200)).toEqual([]);

    const { email: _email, ...withoutEmail } = customer;
    const broken: Array<[string, unknown, number]> = [
      ['a field the SDK declares is missing', withoutEmail, 200],
      ['a field nobody declares', { ...customer, tenant: 't1' }, 200],
      ['a field of the wrong type', { ...customer, balance: '0' }, 200],
      ['a nested field missing', { ...customer, invoice_settings: { default_payment_method: null } }, 200],
      ['metadata that is not text', { ...customer, metadata: { n: 1 } }, 200],
      ['an unknown object', { ...customer, object: 'client' }, 200],
      ['a list without has_more', { object: 'list', data: [], url: '/v1/customers' }, 200],
      ['a bad item in a list', { ...list, data: [withoutEmail] }, 200],
      ['an error without a type', { error: { message: 'No such customer' } }, 404],
      ['an error of an unknown type', { error: { type: 'not_found', message: 'x' } }, 404],
      ['an expanded object that is wrong', { ...intent, customer: withoutEmail }, 200],
    ];
    for (const [what, body, status] of broken) {
      expect(oracle.problemsOf(body, status), what).not.toEqual([]);
    }
  });
});

describe('Stripe webhook delivery', () => {
  it('retries an event our server refused until it takes it, with the same event and a fresh signature', async () => {
    const deliveries: Array<{ status: number; body: string; signature: string }> = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const status = deliveries.length === 0 ? 503 : 200;
        deliveries.push({
          status,
          body: Buffer.concat(chunks).toString('utf8'),
          signature: String(req.headers['stripe-signature']),
        });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/stripe`;
    const dataDir = tempDataDir();
    const sandbox = await startSandbox({
      dataDir,
      callDelayMs: 30,
      webhookUrl: () => null,
      stripeWebhookUrl: () => url,
    });
    try {
      const stripe = new Stripe(sandbox.stripe.secretKey, {
        host: sandbox.stripe.host,
        port: sandbox.stripe.port,
        protocol: sandbox.stripe.protocol,
      });
      await stripe.customers.create({ email: 'retry@acme.test' });
      const deadline = Date.now() + 5000;
      while (deliveries.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(deliveries.map((delivery) => delivery.status)).toEqual([503, 200]);
      expect(deliveries[1]!.body).toBe(deliveries[0]!.body);
      const event = stripe.webhooks.constructEvent(
        deliveries[1]!.body,
        deliveries[1]!.signature,
        sandbox.stripe.webhookSecret,
      );
      expect(event.type).toBe('customer.created');
    } finally {
      await sandbox.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('parameters the emulator does not reproduce', () => {
  it('are logged, so that a test passing in the sandbox does not hide a parameter nothing acted on', async () => {
    const lines: string[] = [];
    const dataDir = tempDataDir();
    const sandbox = await startSandbox({
      dataDir,
      callDelayMs: 30,
      webhookUrl: () => null,
      logger: pino({ level: 'warn' }, { write: (line: string) => lines.push(line) }),
    });
    try {
      const stripe = new Stripe(sandbox.stripe.secretKey, {
        host: sandbox.stripe.host,
        port: sandbox.stripe.port,
        protocol: sandbox.stripe.protocol,
      });
      await stripe.customers.create({ email: 'plain@acme.test', expand: ['test_clock'] });
      expect(lines).toEqual([]);
      await stripe.customers.create({ email: 'taxed@acme.test', tax_exempt: 'exempt', preferred_locales: ['en'] });
      const warnings = lines.map((line) => JSON.parse(line) as { route: string; ignored: string[] });
      expect(warnings).toMatchObject([{ route: 'POST /v1/customers', ignored: ['tax_exempt', 'preferred_locales'] }]);
    } finally {
      await sandbox.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
