import type { Knex } from 'knex';
import type {
  SubscribableWebhookEventType,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookDisabledReason,
  WebhookEndpoint,
  WebhookEventType,
} from '@shared/api/webhooks.types';
import { countRows, dialectOf, parseJson, toBool, toIso, toIsoOrNull, type Db } from '../../db/database';

type Queryable = Db | Knex.Transaction;

interface EndpointRow {
  id: string;
  tenant_id: string;
  url: string;
  description: string | null;
  event_types: string;
  enabled: unknown;
  disabled_reason: WebhookDisabledReason | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: unknown;
  failing_since: unknown;
  created_at: unknown;
  updated_at: unknown;
}

/** An endpoint as stored: what the API shows but its 24-hour figures, with its tenant and secrets. */
export type EndpointRecord = Omit<WebhookEndpoint, 'last24h'> & {
  tenantId: string;
  secret: string;
  previousSecret: string | null;
};

const toEndpoint = (row: EndpointRow): EndpointRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  url: row.url,
  description: row.description,
  eventTypes: parseJson<SubscribableWebhookEventType[]>(row.event_types, []),
  enabled: toBool(row.enabled),
  disabledReason: row.disabled_reason,
  failingSince: toIsoOrNull(row.failing_since),
  secret: row.secret,
  previousSecret: row.previous_secret,
  previousSecretExpiresAt: toIsoOrNull(row.previous_secret_expires_at),
  createdAt: toIso(row.created_at),
  updatedAt: toIso(row.updated_at),
});

export interface NewEndpoint {
  id: string;
  url: string;
  description: string | null;
  eventTypes: readonly SubscribableWebhookEventType[];
  enabled: boolean;
  secret: string;
}

export async function insertEndpoint(db: Queryable, tenantId: string, endpoint: NewEndpoint, now: string) {
  await db('webhook_endpoints').insert({
    id: endpoint.id,
    tenant_id: tenantId,
    url: endpoint.url,
    description: endpoint.description,
    event_types: JSON.stringify(endpoint.eventTypes),
    enabled: endpoint.enabled,
    disabled_reason: endpoint.enabled ? null : 'manual',
    secret: endpoint.secret,
    created_at: now,
    updated_at: now,
  });
}

export async function listEndpoints(db: Queryable, tenantId: string): Promise<EndpointRecord[]> {
  const rows: EndpointRow[] = await db('webhook_endpoints').where({ tenant_id: tenantId }).orderBy('created_at');
  return rows.map(toEndpoint);
}

export async function findEndpoint(db: Queryable, tenantId: string, id: string): Promise<EndpointRecord | undefined> {
  const row: EndpointRow | undefined = await db('webhook_endpoints').where({ tenant_id: tenantId, id }).first();
  return row ? toEndpoint(row) : undefined;
}

/** The tenant's enabled endpoints; the caller keeps those subscribed to its event. */
export async function enabledEndpoints(db: Queryable, tenantId: string): Promise<EndpointRecord[]> {
  const rows: EndpointRow[] = await db('webhook_endpoints').where({ tenant_id: tenantId, enabled: true });
  return rows.map(toEndpoint);
}

export interface EndpointChanges {
  url?: string;
  description?: string | null;
  eventTypes?: readonly SubscribableWebhookEventType[];
  enabled?: boolean;
  disabledReason?: WebhookDisabledReason | null;
  secret?: string;
  previousSecret?: string | null;
  previousSecretExpiresAt?: string | null;
  failingSince?: string | null;
}

export async function updateEndpoint(
  db: Queryable,
  tenantId: string,
  id: string,
  changes: EndpointChanges,
  now: string,
): Promise<boolean> {
  const columns: Record<string, unknown> = {
    url: changes.url,
    description: changes.description,
    event_types: changes.eventTypes && JSON.stringify(changes.eventTypes),
    enabled: changes.enabled,
    disabled_reason: changes.disabledReason,
    secret: changes.secret,
    previous_secret: changes.previousSecret,
    previous_secret_expires_at: changes.previousSecretExpiresAt,
    failing_since: changes.failingSince,
  };
  const set = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
  return (
    (await db('webhook_endpoints')
      .where({ tenant_id: tenantId, id })
      .update({ ...set, updated_at: now })) > 0
  );
}

/** Marks the endpoint failing from `now` unless it already was; resolves to since when it has been failing. */
export async function markEndpointFailing(db: Queryable, id: string, now: string): Promise<string> {
  await db('webhook_endpoints').where({ id }).whereNull('failing_since').update({ failing_since: now });
  const row: { failing_since: unknown } | undefined = await db('webhook_endpoints')
    .where({ id })
    .first('failing_since');
  return toIsoOrNull(row?.failing_since) ?? now;
}

export async function clearEndpointFailing(db: Queryable, id: string): Promise<void> {
  await db('webhook_endpoints').where({ id }).whereNotNull('failing_since').update({ failing_since: null });
}

/** Disables the endpoint unless it already was; resolves to whether this call did. */
export async function disableEndpoint(
  db: Queryable,
  id: string,
  reason: WebhookDisabledReason,
  now: string,
): Promise<boolean> {
  const changed = await db('webhook_endpoints')
    .where({ id, enabled: true })
    .update({ enabled: false, disabled_reason: reason, updated_at: now });
  return changed > 0;
}

export async function deleteEndpoint(db: Queryable, tenantId: string, id: string): Promise<boolean> {
  return (await db('webhook_endpoints').where({ tenant_id: tenantId, id }).delete()) > 0;
}

/** Per endpoint of the tenant, the deliveries whose last attempt was since `since`, and how many succeeded. */
export async function settledSince(
  db: Queryable,
  tenantId: string,
  since: string,
): Promise<Map<string, { settled: number; succeeded: number }>> {
  const rows: Array<{ endpoint_id: string; status: WebhookDeliveryStatus; n: number | string }> = await db(
    'webhook_deliveries',
  )
    .where({ tenant_id: tenantId })
    .where('last_attempt_at', '>=', since)
    .whereIn('status', ['succeeded', 'failed'])
    .groupBy('endpoint_id', 'status')
    .select('endpoint_id', 'status')
    .count({ n: '*' });
  const figures = new Map<string, { settled: number; succeeded: number }>();
  for (const row of rows) {
    const figure = figures.get(row.endpoint_id) ?? { settled: 0, succeeded: 0 };
    figure.settled += Number(row.n);
    if (row.status === 'succeeded') figure.succeeded += Number(row.n);
    figures.set(row.endpoint_id, figure);
  }
  return figures;
}

export interface MessageRecord {
  id: string;
  tenantId: string;
  eventType: WebhookEventType;
  /** The delivery's body, exactly as signed. */
  payload: string;
}

export async function insertMessage(db: Queryable, message: MessageRecord, now: string): Promise<void> {
  await db('webhook_messages').insert({
    id: message.id,
    tenant_id: message.tenantId,
    event_type: message.eventType,
    payload: message.payload,
    created_at: now,
  });
}

/** What an attempt reads, in one statement: where the delivery stands, its endpoint and its message. */
export interface DeliveryToSend {
  status: WebhookDeliveryStatus;
  attempts: number;
  endpoint: EndpointRecord | null;
  message: { id: string; payload: string } | null;
}

export async function findDeliveryToSend(db: Queryable, id: string): Promise<DeliveryToSend | undefined> {
  const row:
    | (Partial<EndpointRow> & {
        delivery_status: WebhookDeliveryStatus;
        delivery_attempts: number | string;
        delivery_message_id: string;
        message_payload: string | null;
      })
    | undefined = await db('webhook_deliveries as d')
    .leftJoin('webhook_endpoints as e', (join) => {
      join.on('e.id', 'd.endpoint_id').andOn('e.tenant_id', 'd.tenant_id');
    })
    .leftJoin('webhook_messages as m', 'm.id', 'd.message_id')
    .where('d.id', id)
    .first(
      'e.*',
      'd.status as delivery_status',
      'd.attempts as delivery_attempts',
      'd.message_id as delivery_message_id',
      'm.payload as message_payload',
    );
  if (!row) return undefined;
  return {
    status: row.delivery_status,
    attempts: Number(row.delivery_attempts),
    endpoint: row.id ? toEndpoint(row as EndpointRow) : null,
    message: row.message_payload === null ? null : { id: row.delivery_message_id, payload: row.message_payload },
  };
}

interface DeliveryRow {
  id: string;
  tenant_id: string;
  endpoint_id: string;
  message_id: string;
  event_type: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number | string;
  next_attempt_at: unknown;
  last_attempt_at: unknown;
  response_status: number | null;
  latency_ms: number | null;
  response_body: string | null;
  error: string | null;
  redelivery_of: string | null;
  created_at: unknown;
}

export type DeliveryRecord = WebhookDelivery & { tenantId: string };

const toDelivery = (row: DeliveryRow): DeliveryRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  endpointId: row.endpoint_id,
  eventId: row.message_id,
  eventType: row.event_type,
  status: row.status,
  attempts: Number(row.attempts),
  nextAttemptAt: toIsoOrNull(row.next_attempt_at),
  lastAttemptAt: toIsoOrNull(row.last_attempt_at),
  responseStatus: row.response_status,
  latencyMs: row.latency_ms,
  responseBody: row.response_body,
  error: row.error,
  redeliveryOf: row.redelivery_of,
  createdAt: toIso(row.created_at),
});

export interface NewDelivery {
  id: string;
  tenantId: string;
  endpointId: string;
  messageId: string;
  eventType: WebhookEventType;
  redeliveryOf: string | null;
}

export async function insertDeliveries(db: Queryable, deliveries: readonly NewDelivery[], now: string): Promise<void> {
  if (deliveries.length === 0) return;
  await db('webhook_deliveries').insert(
    deliveries.map((delivery) => ({
      id: delivery.id,
      tenant_id: delivery.tenantId,
      endpoint_id: delivery.endpointId,
      message_id: delivery.messageId,
      event_type: delivery.eventType,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      redelivery_of: delivery.redeliveryOf,
      created_at: now,
    })),
  );
}

export async function findDelivery(db: Queryable, id: string): Promise<DeliveryRecord | undefined> {
  const row: DeliveryRow | undefined = await db('webhook_deliveries').where({ id }).first();
  return row ? toDelivery(row) : undefined;
}

interface DeliveryFilter {
  status?: WebhookDeliveryStatus;
  eventType?: WebhookEventType;
}

function filtered(db: Queryable, tenantId: string, endpointId: string, filter: DeliveryFilter): Knex.QueryBuilder {
  const query = db('webhook_deliveries').where({ tenant_id: tenantId, endpoint_id: endpointId });
  if (filter.status) query.where({ status: filter.status });
  if (filter.eventType) query.where({ event_type: filter.eventType });
  return query;
}

/** Newest first: ids are time-ordered, so the cursor is the last id shown and the next page holds smaller ones. */
export async function listDeliveries(
  db: Queryable,
  tenantId: string,
  endpointId: string,
  page: DeliveryFilter & { after?: string; limit: number },
): Promise<DeliveryRecord[]> {
  const query = filtered(db, tenantId, endpointId, page);
  if (page.after) query.where('id', '<', page.after);
  const rows: DeliveryRow[] = await query.orderBy('id', 'desc').limit(page.limit + 1);
  return rows.map(toDelivery);
}

export function countDeliveries(db: Queryable, tenantId: string, endpointId: string, filter: DeliveryFilter) {
  return countRows(filtered(db, tenantId, endpointId, filter));
}

export interface AttemptRecord {
  status: WebhookDeliveryStatus;
  at: string;
  nextAttemptAt: string | null;
  responseStatus: number | null;
  latencyMs: number;
  responseBody: string | null;
  error: string | null;
}

/**
 * Records the attempt that started from `attemptsBefore` attempts, once: a second run of the same attempt (a job
 * repeated after a crash) finds the count moved on and records nothing. Resolves to whether it recorded.
 */
export async function recordAttempt(
  db: Queryable,
  id: string,
  attemptsBefore: number,
  attempt: AttemptRecord,
): Promise<boolean> {
  const changed = await db('webhook_deliveries')
    .where({ id, status: 'pending', attempts: attemptsBefore })
    .update({
      status: attempt.status,
      attempts: attemptsBefore + 1,
      last_attempt_at: attempt.at,
      next_attempt_at: attempt.nextAttemptAt,
      response_status: attempt.responseStatus,
      latency_ms: attempt.latencyMs,
      response_body: attempt.responseBody,
      error: attempt.error,
      sending_until: null,
    });
  return changed > 0;
}

/**
 * Takes the sending lease of a pending delivery unless its tenant or its endpoint already has as many live leases as
 * its bound, in one statement that counts them (every process's deliveries): under the tenant's lock on PostgreSQL;
 * alone on SQLite, which runs one write at a time. False: over a bound, the delivery is held by another sender, or it
 * was settled meanwhile.
 */
export async function takeSendingLease(
  db: Db,
  delivery: { id: string; tenantId: string; endpointId: string; attemptsBefore: number },
  bounds: { perEndpoint: number; perTenant: number },
  lease: { now: string; until: string },
): Promise<boolean> {
  // Both counts read the tenant's live leases through (tenant_id, sending_until), however long its delivery log.
  const liveLeases =
    'select count(*) from webhook_deliveries as live where live.tenant_id = ? and live.sending_until > ?';
  const take = async (queryable: Queryable) =>
    (await queryable('webhook_deliveries')
      .where({ id: delivery.id, status: 'pending', attempts: delivery.attemptsBefore })
      // A delivery another sender holds is not sent twice.
      .andWhere((free) => free.whereNull('sending_until').orWhere('sending_until', '<=', lease.now))
      .whereRaw(`(${liveLeases}) < ?`, [delivery.tenantId, lease.now, bounds.perTenant])
      .whereRaw(`(${liveLeases} and live.endpoint_id = ?) < ?`, [
        delivery.tenantId,
        lease.now,
        delivery.endpointId,
        bounds.perEndpoint,
      ])
      .update({ sending_until: lease.until })) > 0;
  if (dialectOf(db).name === 'sqlite') return take(db);
  return db.transaction(async (trx) => {
    await dialectOf(trx).lockUntilCommit(trx, `webhook_sending:${delivery.tenantId}`);
    return take(trx);
  });
}

/** Lets go of a delivery's sending lease without recording an attempt. */
export async function releaseSendingLease(db: Queryable, id: string): Promise<void> {
  await db('webhook_deliveries').where({ id }).update({ sending_until: null });
}

/** Settles a pending delivery without an attempt (its endpoint was disabled or deleted meanwhile). */
export async function abandonDelivery(db: Queryable, id: string, error: string): Promise<void> {
  await db('webhook_deliveries')
    .where({ id, status: 'pending' })
    .update({ status: 'failed', next_attempt_at: null, error });
}

/**
 * Deletes the events logged before `before` and their deliveries, except an event redelivered since, a batch at a
 * time; resolves to how many events went.
 */
export async function pruneMessagesBefore(db: Queryable, before: string, batch: number): Promise<number> {
  const ids = db('webhook_messages')
    .where('created_at', '<', before)
    .whereNotExists(
      db('webhook_deliveries')
        .whereRaw('webhook_deliveries.message_id = webhook_messages.id')
        .where('webhook_deliveries.created_at', '>=', before),
    )
    .limit(batch)
    .select('id');
  return db('webhook_messages').whereIn('id', ids).delete();
}
