import fs from 'node:fs';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { startSandbox, type Sandbox } from '../../../server/src/sandbox';
import { startWebhookReceiver, tempDataDir } from './contract-sandbox';
import { startRecordingProxy } from './recording-proxy';
import { stripeViolations } from './stripe-oracle';
import type { RecordedExchange } from './vendor-oracle';

/** The meter our billing creates once per environment (providers.md §3.2). */
export const VOICE_MINUTES_METER: Stripe.Billing.MeterCreateParams = {
  display_name: 'Voice minutes',
  event_name: 'voice_minutes',
  default_aggregation: { formula: 'sum' },
  customer_mapping: { type: 'by_id', event_payload_key: 'stripe_customer_id' },
  value_settings: { event_payload_key: 'value' },
};

/** A plan's overage price (providers.md §3.2): graduated over the meter, included minutes free, then the rate. */
export const overagePrice = (
  product: string,
  meter: string,
  includedMinutes: number,
  overageCents: number,
): Stripe.PriceCreateParams => ({
  product,
  currency: 'usd',
  recurring: { interval: 'month', usage_type: 'metered', meter },
  billing_scheme: 'tiered',
  tiers_mode: 'graduated',
  tiers: [
    { up_to: includedMinutes, unit_amount: 0 },
    { up_to: 'inf', unit_amount: overageCents },
  ],
});

export interface StripeHarness {
  sandbox: Sandbox;
  /** The official SDK pointed at the emulator through a recording proxy, as the server points it. */
  stripe: Stripe;
  webhooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  exchanges: Array<RecordedExchange<'stripe'>>;
  /** Stops the sandbox and starts it again on the same data folder. */
  restart(): Promise<void>;
  /** Stops everything, then fails if any recorded answer is not one Stripe could have sent. */
  close(): Promise<void>;
}

export async function startStripeHarness(): Promise<StripeHarness> {
  const dataDir = tempDataDir();
  const webhooks = await startWebhookReceiver();
  const exchanges: Array<RecordedExchange<'stripe'>> = [];
  const start = () =>
    startSandbox({ dataDir, callDelayMs: 30, webhookUrl: () => null, stripeWebhookUrl: () => webhooks.url });
  let running = await start();
  const proxy = await startRecordingProxy('stripe', () => running.stripe.baseUrl, exchanges);
  const client = () => {
    const { hostname, port } = new URL(proxy.baseUrl);
    return new Stripe(running.stripe.secretKey, {
      host: hostname,
      port: Number(port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  };
  const harness: StripeHarness = {
    sandbox: running,
    stripe: client(),
    webhooks,
    exchanges,
    async restart() {
      await running.close();
      running = await start();
      harness.sandbox = running;
      harness.stripe = client();
    },
    async close() {
      await running.close();
      await Promise.all([proxy.close(), webhooks.close()]);
      fs.rmSync(dataDir, { recursive: true, force: true });
      expect(stripeViolations(exchanges), 'emulator answers Stripe could not have sent').toEqual([]);
    },
  };
  return harness;
}

/** The events received so far, parsed and verified with the SDK as our webhook route does. */
export function receivedEvents(harness: StripeHarness): Stripe.Event[] {
  return harness.webhooks.received.map((hook) =>
    harness.stripe.webhooks.constructEvent(
      hook.rawBody,
      String(hook.headers['stripe-signature']),
      harness.sandbox.stripe.webhookSecret,
    ),
  );
}

/** Waits until an event of the type (about the object with that id, or matching) has arrived, and returns it. */
export async function eventArrived(
  harness: StripeHarness,
  type: string,
  about?: string | ((event: Stripe.Event) => boolean),
  timeoutMs = 5000,
): Promise<Stripe.Event> {
  const matches =
    typeof about === 'function'
      ? about
      : (event: Stripe.Event) => !about || (event.data.object as { id?: string }).id === about;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = receivedEvents(harness).find((event) => event.type === type && matches(event));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching ${type} event arrived`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
