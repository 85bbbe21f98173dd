import type { Knex } from 'knex';
import type { WebhookEventData, WebhookEventType } from '@shared/api/webhooks.types';
import {
  nextAttemptAt,
  retryAfterSec,
  verdictOf,
  WEBHOOK_FAILING_DISABLE_AFTER_MS,
  WEBHOOK_TIMEOUT_MS,
} from '@shared/domain/webhook-retry';
import type { AppDeps } from '../../app-deps';
import type { JobData, SendOptions } from '../../jobs/jobs.types';
import { isoNow } from '../../lib/clock';
import { newSequentialId } from '../../lib/ids';
import { OutboundRequestRefused } from '../../lib/outbound-request';
import type { UsersService } from '../users/users.service';
import { createDeliverySlots } from './webhook-concurrency';
import { signedHeaders } from './webhook-signing';
import {
  abandonDelivery,
  clearEndpointFailing,
  disableEndpoint,
  enabledEndpoints,
  findDeliveryToSend,
  insertDeliveries,
  insertMessage,
  markEndpointFailing,
  recordAttempt,
  releaseSendingLease,
  takeSendingLease,
  type EndpointRecord,
  type NewDelivery,
} from './webhooks.store';

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';

/** What one attempt came to; the tests and benchmarks read it. */
export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed' | 'skipped' | 'deferred';

/** What one delivery job carries: the delivery, and how many attempts it had made when the job was sent. */
export interface DeliveryJobData {
  deliveryId: string;
  attemptsBefore: number;
}

/**
 * The job engine retries a delivery job only when its run crashed or outlasted its expiry (the attempt itself never
 * throws: its outcome is recorded and the next attempt sent on the webhook schedule).
 */
const DELIVERY_JOB_OPTIONS: SendOptions = {
  retryLimit: 5,
  retryDelaySeconds: 5,
  retryBackoff: true,
  // The attempt's 15 s time-out and its bookkeeping; a worker killed mid-attempt has its job run again after this.
  expireInSeconds: 30,
};

/**
 * Deliveries in flight to one endpoint and for one tenant. Each process keeps its own within the bounds (a job over
 * one waits for a slot a moment: a batch of jobs often holds several of one endpoint), and every process's together
 * are kept within them by the deliveries' sending leases; a job over either bound is sent again a second later, so
 * that jobs of a tenant at its bound hold other tenants' workers only briefly.
 */
export const DELIVERY_BOUNDS = { perEndpoint: 4, perTenant: 16 };
/** A sending lease outlives the attempt's time-out, then frees its slot by itself after a crash. */
const SENDING_LEASE_MS = WEBHOOK_TIMEOUT_MS + 5_000;
const SLOT_WAIT_MS = 250;
const BOUND_WAIT_SEC = 1;
const RESPONSE_KEPT_BYTES = 1024;
const LOOPBACK_ADDRESSES = ['127.0.0.1', '::1'];

/** Changes an event's data before it is stored and sent (the data policy's redaction). */
export type WebhookPayloadFilter = <T>(tenantId: string, data: T, trx: Knex.Transaction) => Promise<T>;

/** E-mails the endpoint's tenant admins why it was disabled; a mail that fails is logged, never thrown. */
async function tellAdmins(
  deps: Pick<AppDeps, 'config' | 'mail' | 'logger'>,
  users: Pick<UsersService, 'listTeam'>,
  endpoint: EndpointRecord,
  why: string,
): Promise<void> {
  const admins = (await users.listTeam(endpoint.tenantId)).filter((member) => member.role === 'admin');
  const page = new URL('/account/webhooks', deps.config.publicUrl).toString();
  for (const admin of admins) {
    await deps.mail
      .send({
        to: admin.email,
        kind: 'webhook-endpoint-disabled',
        subject: 'A webhook endpoint was disabled',
        text: `Parley stopped sending events to ${endpoint.url}: ${why}.\n\nCheck the receiver, then enable the endpoint again at ${page}. Events of the meantime can be redelivered from its delivery log.`,
      })
      .catch((error: unknown) => deps.logger.warn({ err: error, endpointId: endpoint.id }, 'webhook notice not sent'));
  }
}

/** One POST of the message to the endpoint: its status (null without an answer), latency and answer. */
async function post(
  deps: Pick<AppDeps, 'config' | 'outbound'>,
  endpoint: EndpointRecord,
  messageId: string,
  payload: string,
  at: Date,
) {
  const secrets = [endpoint.secret];
  if (
    endpoint.previousSecret &&
    endpoint.previousSecretExpiresAt &&
    Date.parse(endpoint.previousSecretExpiresAt) > at.getTime()
  ) {
    secrets.push(endpoint.previousSecret);
  }
  const started = performance.now();
  try {
    const response = await deps.outbound(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Parley-Webhooks/1',
        ...signedHeaders(messageId, at, payload, secrets),
      },
      body: payload,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      followRedirects: false,
      maxBodyBytes: 64 * RESPONSE_KEPT_BYTES,
      allowAddresses: deps.config.seedDemo ? LOOPBACK_ADDRESSES : [],
    });
    const retryAfter = response.headers['retry-after'];
    return {
      status: response.status,
      latencyMs: Math.round(performance.now() - started),
      body: response.body.subarray(0, RESPONSE_KEPT_BYTES).toString('utf8'),
      retryAfter: retryAfterSec(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, at),
      error: null,
      refused: false,
    };
  } catch (error) {
    return {
      status: null,
      latencyMs: Math.round(performance.now() - started),
      body: null,
      retryAfter: null,
      error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      refused: error instanceof OutboundRequestRefused,
    };
  }
}

/**
 * Webhook delivery: an event logged once with a delivery per endpoint, each attempt signed per Standard Webhooks and
 * made on the job engine through the private-address guard, retried on the Svix schedule; an endpoint that answers
 * 410 or fails for five days is disabled and its tenant's admins told.
 */
export function createWebhookDelivery(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'jobs' | 'outbound' | 'mail' | 'logger'>,
  users: Pick<UsersService, 'listTeam'>,
) {
  const { db } = deps;
  const now = () => isoNow(deps.clock);
  const slots = createDeliverySlots(DELIVERY_BOUNDS);

  const sendAttempt = (data: DeliveryJobData, options: SendOptions, trx?: Knex.Transaction) =>
    deps.jobs.send(WEBHOOK_DELIVERY_JOB, { ...data }, { ...DELIVERY_JOB_OPTIONS, ...options }, trx);

  /** Logs one message of this event and a delivery of it per endpoint, each sent to the job engine, in `trx`. */
  let payloadFilter: WebhookPayloadFilter | null = null;

  async function enqueue<T extends WebhookEventType>(
    trx: Knex.Transaction,
    tenantId: string,
    type: T,
    eventData: WebhookEventData[T],
    endpoints: readonly Pick<EndpointRecord, 'id'>[],
  ): Promise<string[]> {
    const at = now();
    // What is stored is what leaves: the filtered data (redacted under the tenant's data policy), never the original.
    const data = payloadFilter ? await payloadFilter(tenantId, eventData, trx) : eventData;
    const messageId = `msg_${newSequentialId()}`;
    await insertMessage(
      trx,
      { id: messageId, tenantId, eventType: type, payload: JSON.stringify({ type, timestamp: at, data }) },
      at,
    );
    const deliveries: NewDelivery[] = endpoints.map((endpoint) => ({
      id: newSequentialId(),
      tenantId,
      endpointId: endpoint.id,
      messageId,
      eventType: type,
      redeliveryOf: null,
    }));
    await insertDeliveries(trx, deliveries, at);
    const firstAttempts = deliveries.map((delivery): JobData => ({ deliveryId: delivery.id, attemptsBefore: 0 }));
    await deps.jobs.sendMany(WEBHOOK_DELIVERY_JOB, firstAttempts, DELIVERY_JOB_OPTIONS, trx);
    return deliveries.map((delivery) => delivery.id);
  }

  /**
   * Makes the attempt a delivery job stands for and records it once: a job whose attempt was already recorded (run
   * again after a crash) does nothing. A retryable failure sends the next attempt on the schedule in the same
   * transaction; the endpoint is disabled on 410, or once it has failed for five days.
   */
  async function attempt({ deliveryId, attemptsBefore }: DeliveryJobData): Promise<AttemptOutcome> {
    const delivery = await findDeliveryToSend(db, deliveryId);
    if (!delivery || delivery.status !== 'pending' || delivery.attempts !== attemptsBefore) return 'skipped';
    const { endpoint, message } = delivery;
    if (!endpoint?.enabled || !message) {
      await abandonDelivery(db, deliveryId, 'The endpoint was disabled before this delivery was sent');
      return 'skipped';
    }
    if (!(await slots.take(endpoint.tenantId, endpoint.id, SLOT_WAIT_MS))) {
      await sendAttempt({ deliveryId, attemptsBefore }, { delaySeconds: BOUND_WAIT_SEC });
      return 'deferred';
    }
    const at = deps.clock.now();
    let answer: Awaited<ReturnType<typeof post>>;
    try {
      const lease = { now: at.toISOString(), until: new Date(at.getTime() + SENDING_LEASE_MS).toISOString() };
      const leased = { id: deliveryId, tenantId: endpoint.tenantId, endpointId: endpoint.id, attemptsBefore };
      if (!(await takeSendingLease(db, leased, DELIVERY_BOUNDS, lease))) {
        await sendAttempt({ deliveryId, attemptsBefore }, { delaySeconds: BOUND_WAIT_SEC });
        return 'deferred';
      }
      // Recording the attempt lets go of the lease; an attempt that fails before it has one lets go here.
      answer = await post(deps, endpoint, message.id, message.payload, at).catch(async (error: unknown) => {
        await releaseSendingLease(db, deliveryId);
        throw error;
      });
    } finally {
      slots.give(endpoint.tenantId, endpoint.id);
    }
    const settledAt = deps.clock.now();
    const verdict = answer.refused ? 'failed' : verdictOf(answer.status);
    const retryAt = verdict === 'retry' ? nextAttemptAt(attemptsBefore + 1, settledAt, answer.retryAfter) : null;
    const outcome: AttemptOutcome = verdict === 'succeeded' ? 'succeeded' : retryAt ? 'retrying' : 'failed';
    const record = {
      status: outcome === 'retrying' ? 'pending' : outcome,
      at: at.toISOString(),
      nextAttemptAt: retryAt?.toISOString() ?? null,
      responseStatus: answer.status,
      latencyMs: answer.latencyMs,
      responseBody: answer.body,
      error: answer.error,
    } as const;
    // The common case, a success of an endpoint that was not failing, changes the delivery alone: one statement.
    if (verdict === 'succeeded' && !endpoint.failingSince) {
      await recordAttempt(db, deliveryId, attemptsBefore, record);
      return outcome;
    }
    const disabled = await db.transaction(async (trx) => {
      const recorded = await recordAttempt(trx, deliveryId, attemptsBefore, record);
      if (!recorded) return null;
      if (retryAt) await sendAttempt({ deliveryId, attemptsBefore: attemptsBefore + 1 }, { startAfter: retryAt }, trx);
      if (verdict === 'succeeded') {
        await clearEndpointFailing(trx, endpoint.id);
        return null;
      }
      if (verdict === 'gone') {
        return (await disableEndpoint(trx, endpoint.id, 'gone', settledAt.toISOString()))
          ? 'it answered 410 Gone, asking for no more events'
          : null;
      }
      const failingSince = await markEndpointFailing(trx, endpoint.id, settledAt.toISOString());
      if (settledAt.getTime() - Date.parse(failingSince) < WEBHOOK_FAILING_DISABLE_AFTER_MS) return null;
      return (await disableEndpoint(trx, endpoint.id, 'failing', settledAt.toISOString()))
        ? `every delivery to it has failed since ${failingSince}`
        : null;
    });
    if (disabled) await tellAdmins(deps, users, endpoint, disabled);
    return outcome;
  }

  /**
   * Sends an event to the tenant's enabled endpoints that want it; given the transaction that causes it, it is
   * sent only if that commits.
   */
  async function publish<T extends WebhookEventType>(
    tenantId: string,
    type: T,
    data: WebhookEventData[T],
    trx?: Knex.Transaction,
  ): Promise<void> {
    const run = async (transaction: Knex.Transaction) => {
      const endpoints = (await enabledEndpoints(transaction, tenantId)).filter((endpoint) =>
        (endpoint.eventTypes as readonly string[]).includes(type),
      );
      if (endpoints.length > 0) await enqueue(transaction, tenantId, type, data, endpoints);
    };
    if (trx) await run(trx);
    else await db.transaction(run);
  }

  return {
    sendAttempt,
    enqueue,
    attempt,
    publish,
    /** Sets what every event's data passes through before it is stored and sent. */
    usePayloadFilter(filter: WebhookPayloadFilter): void {
      payloadFilter = filter;
    },
  };
}
