import { createHmac, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { backoffMs } from '@shared/domain/backoff';
import type { SandboxStore } from './sandbox.store';

interface PendingDelivery {
  id: string;
  body: string;
  attempts: number;
  dueAtMs: number;
}

export interface WebhookDelivery {
  /** Queues an event; it survives a restart until delivered or given up. */
  enqueue(event: object): void;
  close(): void;
}

const MAX_ATTEMPTS = 6;
const FIRST_RETRY_MS = 1000;
const REQUEST_TIMEOUT_MS = 10_000;

/** `t=<unix secs>,<scheme>=<hex HMAC-SHA256 of "t.body">`: ElevenLabs signs with scheme v0, Stripe with v1. */
function timestampedSignature(scheme: 'v0' | 'v1', secret: string, body: string, unixSecs: number): string {
  const digest = createHmac('sha256', secret).update(`${unixSecs}.${body}`).digest('hex');
  return `t=${unixSecs},${scheme}=${digest}`;
}

/** The header ElevenLabs sends. */
export const elevenLabsSignatureHeader = (secret: string, body: string, unixSecs: number) =>
  timestampedSignature('v0', secret, body, unixSecs);

/** The `Stripe-Signature` header, which `stripe.webhooks.constructEvent` checks. */
export const stripeSignatureHeader = (secret: string, body: string, unixSecs: number) =>
  timestampedSignature('v1', secret, body, unixSecs);

const SIGNATURE_HEADERS = {
  elevenlabs: { name: 'elevenlabs-signature', sign: elevenLabsSignatureHeader },
  stripe: { name: 'stripe-signature', sign: stripeSignatureHeader },
};

/**
 * Posts a vendor's signed webhooks to wherever our server says it listens, retrying with backoff: Stripe retries
 * failed deliveries, and unlike ElevenLabs (retries off by default) the sandbox retries its webhooks too, so a demo
 * server that is still starting gets its calls.
 */
export function createWebhookDelivery(options: {
  vendor: keyof typeof SIGNATURE_HEADERS;
  store: SandboxStore;
  secret: string;
  url: () => string | null;
  logger?: Logger;
}): WebhookDelivery {
  const { vendor, store, secret, url, logger } = options;
  const signature = SIGNATURE_HEADERS[vendor];
  const pending = store.collection<PendingDelivery>(`${vendor}.webhook_deliveries`);
  const timers = new Map<string, NodeJS.Timeout>();
  const inFlight = new AbortController();
  let closed = false;

  const schedule = (delivery: PendingDelivery) => {
    if (closed) return;
    const timer = setTimeout(() => void attempt(delivery.id), Math.max(delivery.dueAtMs - Date.now(), 0));
    timer.unref();
    timers.set(delivery.id, timer);
  };

  const attempt = async (id: string) => {
    timers.delete(id);
    const delivery = pending.get(id);
    if (!delivery || closed) return;
    const target = url();
    let failure: string | null = 'no webhook URL yet';
    if (target) {
      try {
        const response = await fetch(target, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [signature.name]: signature.sign(secret, delivery.body, Math.floor(Date.now() / 1000)),
          },
          body: delivery.body,
          signal: AbortSignal.any([inFlight.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
        });
        failure = response.ok ? null : `status ${response.status}`;
      } catch (error) {
        if (closed) return;
        failure = error instanceof Error ? error.message : String(error);
      }
    }
    if (closed) return;
    if (failure === null) {
      pending.delete(id);
      return;
    }
    const attempts = delivery.attempts + 1;
    if (attempts >= MAX_ATTEMPTS) {
      pending.delete(id);
      logger?.warn({ deliveryId: id, failure }, `${vendor} sandbox: webhook given up`);
      return;
    }
    const next = { ...delivery, attempts, dueAtMs: Date.now() + backoffMs(attempts, { firstMs: FIRST_RETRY_MS }) };
    pending.put(id, next);
    logger?.debug({ deliveryId: id, failure, attempts }, `${vendor} sandbox: webhook will be retried`);
    schedule(next);
  };

  for (const delivery of pending.all()) schedule(delivery);

  return {
    enqueue(event) {
      const delivery: PendingDelivery = { id: randomUUID(), body: JSON.stringify(event), attempts: 0, dueAtMs: 0 };
      pending.put(delivery.id, delivery);
      schedule(delivery);
    },
    close() {
      closed = true;
      inFlight.abort();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
