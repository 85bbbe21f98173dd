import type { UsageThreshold } from '../domain/usage-thresholds';
import type { LiveEventData } from './events.types';

/**
 * Webhooks: events of a tenant sent to its own systems, signed per the Standard Webhooks specification
 * (webhook-id, webhook-timestamp, webhook-signature headers). The body of every delivery is
 * `{ "type": <event type>, "timestamp": <ISO time>, "data": <payload> }`; `webhook-id` is the event's id, the same on
 * every attempt and redelivery, so a receiver drops duplicates by it.
 */
export interface WebhookEventData {
  'call.completed': LiveEventData['call.completed'];
  'call.analysed': LiveEventData['call.analysed'];
  'call.transferred': { callId: string; agentId: string | null; campaignId: string | null; transferredTo: string };
  'callback.created': { callbackId: string; contactId: string | null; campaignId: string | null; scheduledFor: string };
  /** A campaign's contact is done: its last call's outcome and the provider's conversation id. */
  'contact.completed': { contactId: string; campaignId: string; outcome: string; conversationId: string | null };
  /** A campaign's contact will not be called again: its last call's outcome, and why. */
  'contact.failed': { contactId: string; campaignId: string; outcome: string; reason: string };
  /**
   * A person asked not to be called again: one event per pending contact the opt-out ended (contactId and campaignId
   * null when the number had none), with where the opt-out came from.
   */
  'contact.opted_out': {
    phoneNumber: string;
    callId: string | null;
    contactId: string | null;
    campaignId: string | null;
    source: string;
  };
  'campaign.paused': LiveEventData['campaign.paused'];
  'campaign.finished': LiveEventData['campaign.finished'];
  'import.finished': LiveEventData['import.finished'];
  'billing.status_changed': LiveEventData['billing.status_changed'];
  /** The tenant used this share (80 or 100) of its plan's included minutes in the month (`2026-11`). */
  'usage.threshold_reached': { percent: UsageThreshold; minutesUsed: number; minutesIncluded: number; month: string };
  /** Sent on demand from the Webhooks page to one endpoint, to try a receiver. */
  'webhook.test': { endpointId: string; message: string };
}

export type WebhookEventType = keyof WebhookEventData;

/** The events an endpoint may subscribe to, in the order the screens list them. */
export const WEBHOOK_EVENT_TYPES = [
  'call.completed',
  'call.analysed',
  'call.transferred',
  'callback.created',
  'contact.completed',
  'contact.failed',
  'contact.opted_out',
  'campaign.paused',
  'campaign.finished',
  'import.finished',
  'billing.status_changed',
  'usage.threshold_reached',
] as const satisfies readonly WebhookEventType[];
export type SubscribableWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export function isSubscribableEventType(type: string): type is SubscribableWebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
}

/** What a delivery's body holds. */
export interface WebhookPayload<T extends WebhookEventType = WebhookEventType> {
  type: T;
  timestamp: string;
  data: WebhookEventData[T];
}

/** Why an endpoint stopped receiving: an admin turned it off, it answered 410 Gone, or it failed for five days. */
export type WebhookDisabledReason = 'manual' | 'gone' | 'failing';

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  eventTypes: SubscribableWebhookEventType[];
  enabled: boolean;
  disabledReason: WebhookDisabledReason | null;
  /** Since when every attempt has failed; null while the last one succeeded. */
  failingSince: string | null;
  /** Until when the secret before the last rotation still signs deliveries beside the current one. */
  previousSecretExpiresAt: string | null;
  /** Deliveries settled in the last 24 h and how many of them succeeded. */
  last24h: { settled: number; succeeded: number };
  createdAt: string;
  updatedAt: string;
}

export interface WebhookEndpointsResponse {
  endpoints: WebhookEndpoint[];
}

export interface WebhookEndpointResponse {
  endpoint: WebhookEndpoint;
}

/** The answer of creating an endpoint or rotating its secret: the only time the secret is shown. */
export interface WebhookSecretResponse {
  endpoint: WebhookEndpoint;
  secret: string;
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One event sent to one endpoint, as its last attempt left it. */
export interface WebhookDelivery {
  id: string;
  endpointId: string;
  /** The event's id (the webhook-id header). */
  eventId: string;
  eventType: WebhookEventType;
  status: WebhookDeliveryStatus;
  /** Attempts made so far (1 after the first). */
  attempts: number;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  responseStatus: number | null;
  latencyMs: number | null;
  /** The first 1 KB of the last response's body. */
  responseBody: string | null;
  /** Why the last attempt got no answer (time-out, refused address, connection failure). */
  error: string | null;
  /** The delivery this one repeats, when an admin asked for it again. */
  redeliveryOf: string | null;
  createdAt: string;
}

export interface WebhookDeliveriesPage {
  deliveries: WebhookDelivery[];
  nextCursor: string | null;
  total: number;
}

export interface WebhookDeliveryResponse {
  delivery: WebhookDelivery;
}
