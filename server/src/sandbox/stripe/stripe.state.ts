import type { Logger } from 'pino';
import type { Collection, SandboxStore } from '../sandbox.store';
import { stripeId } from '../vendor-ids';
import type { WebhookDelivery } from '../webhook.delivery';
import { noSuch, nowSecs, type StripeObject } from './stripe.http';

/** The API version the emulated account is pinned to (the `stripe` SDK's own), stamped on its events. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface StripeKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

/** Every kind of object the emulator keeps, by the collection it lives in. */
const KINDS = {
  customers: { prefix: 'cus_', noun: 'customer' },
  setupIntents: { prefix: 'seti_', noun: 'setupintent' },
  paymentMethods: { prefix: 'pm_', noun: 'PaymentMethod' },
  products: { prefix: 'prod_', noun: 'product' },
  prices: { prefix: 'price_', noun: 'price' },
  meters: { prefix: 'mtr_', noun: 'billing.meter' },
  subscriptions: { prefix: 'sub_', noun: 'subscription' },
  invoices: { prefix: 'in_', noun: 'invoice' },
  portalSessions: { prefix: 'bps_', noun: 'billing_portal.session' },
  testClocks: { prefix: 'clock_', noun: 'test_helpers.test_clock' },
  events: { prefix: 'evt_', noun: 'event' },
} as const;

export type Kind = keyof typeof KINDS;

/** A meter event as kept for aggregation: the API object plus the meter and customer it counts for. */
export interface MeterEventRecord {
  meter: string;
  customer: string;
  value: number;
  event: StripeObject;
}

/** What a POST answered, kept for `Idempotency-Key` replays. */
export interface IdempotentResponse {
  fingerprint: string;
  status: number;
  body: unknown;
}

/** Everything the Stripe routes share: the account's keys, its objects and the clock they live by. */
export interface StripeState {
  store: SandboxStore;
  logger?: Logger;
  keys: StripeKeys;
  /** The emulator's own origin, for the billing portal's pages. */
  baseUrl(): string;
  collections: Record<Kind, Collection<StripeObject>>;
  meterEvents: Collection<MeterEventRecord>;
  idempotency: Collection<IdempotentResponse>;
  newId(kind: Kind): string;
  /** The object or Stripe's 404 for it (`param` names the parameter that carried the id). */
  find(kind: Kind, id: string, param?: string): StripeObject;
  save(kind: Kind, object: StripeObject): StripeObject;
  /** Any object by its id prefix, for `expand`. */
  lookup(id: string): StripeObject | undefined;
  /** "Now" for a customer: its test clock's frozen time, or the wall clock. */
  now(customerId?: string | null): number;
  /** Records an event and posts it, signed, to our webhook. */
  emit(type: string, object: StripeObject, previousAttributes?: Record<string, unknown>): StripeObject;
}

export function createStripeState(options: {
  store: SandboxStore;
  keys: StripeKeys;
  webhooks: WebhookDelivery;
  baseUrl(): string;
  logger?: Logger;
}): StripeState {
  const { store, keys, webhooks, logger } = options;
  const collections = Object.fromEntries(
    Object.keys(KINDS).map((kind) => [kind, store.collection<StripeObject>(`stripe.${kind}`)]),
  ) as Record<Kind, Collection<StripeObject>>;

  const find = (kind: Kind, id: string, param = 'id') => {
    const found = id.startsWith(KINDS[kind].prefix) ? collections[kind].get(id) : undefined;
    if (!found) throw noSuch(KINDS[kind].noun, id, param);
    return found;
  };

  const state: StripeState = {
    store,
    logger,
    keys,
    baseUrl: options.baseUrl,
    collections,
    meterEvents: store.collection<MeterEventRecord>('stripe.meter_events'),
    idempotency: store.collection<IdempotentResponse>('stripe.idempotency'),
    newId: (kind) => {
      const { prefix } = KINDS[kind];
      // Stripe's meter ids carry the mode (`mtr_test_61Q8…`); the others are the prefix and base-62 characters.
      return kind === 'meters' ? stripeId(`${prefix}test_`) : stripeId(prefix);
    },
    find,
    save(kind, object) {
      collections[kind].put(object.id, object);
      return object;
    },
    lookup(id) {
      const kind = (Object.keys(KINDS) as Kind[]).find((candidate) => id.startsWith(KINDS[candidate].prefix));
      return kind ? collections[kind].get(id) : undefined;
    },
    now(customerId) {
      const customer = customerId ? collections.customers.get(customerId) : undefined;
      const clockId = customer?.test_clock;
      const clock = typeof clockId === 'string' ? collections.testClocks.get(clockId) : undefined;
      return clock ? Number(clock.frozen_time) : nowSecs();
    },
    emit(type, object, previousAttributes) {
      const event: StripeObject = {
        id: state.newId('events'),
        object: 'event',
        api_version: STRIPE_API_VERSION,
        created: nowSecs(),
        data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      collections.events.put(event.id, event);
      webhooks.enqueue(event);
      logger?.debug({ eventId: event.id, type }, 'stripe sandbox: event');
      return event;
    },
  };
  return state;
}

/** The fields of `after` that differ from `before`, with their old values: an event's `previous_attributes`. */
export function previousAttributes(before: StripeObject, after: StripeObject): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = before[key] ?? null;
  }
  return changed;
}
