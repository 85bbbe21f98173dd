import type { Knex } from 'knex';
import { toIso } from '../../db/database';
import type { Queryable } from '../../db/dialect';

/** The event log (event_log): every published event, numbered per tenant, kept for the replay window. */
export type Audience = 'all' | 'admin';

export interface StoredEvent {
  /** The event's number within its tenant: another tenant's events never advance it. */
  seq: string;
  tenantId: string;
  type: string;
  audience: Audience;
  data: unknown;
  at: string;
}

/**
 * Logs an event under the tenant's next number; the caller holds the tenant's event lock until it commits, so the
 * counter's read and write cannot interleave with another publisher's.
 */
export async function insertEvent(
  db: Queryable,
  event: { tenantId: string; type: string; audience: Audience; data: unknown },
  now: string,
): Promise<string> {
  const counter = await db('event_counters').where({ tenant_id: event.tenantId }).first('last_seq');
  const seq = counter ? Number(counter.last_seq) + 1 : 1;
  if (counter) await db('event_counters').where({ tenant_id: event.tenantId }).update({ last_seq: seq });
  else await db('event_counters').insert({ tenant_id: event.tenantId, last_seq: seq });
  await db('event_log').insert({
    tenant_id: event.tenantId,
    tenant_seq: seq,
    type: event.type,
    audience: event.audience,
    data: JSON.stringify(event.data),
    created_at: now,
  });
  return String(seq);
}

function toStoredEvent(row: Record<string, unknown>): StoredEvent {
  return {
    seq: String(row.tenant_seq),
    tenantId: String(row.tenant_id),
    type: String(row.type),
    audience: row.audience === 'admin' ? 'admin' : 'all',
    data: JSON.parse(String(row.data)),
    at: toIso(row.created_at),
  };
}

/** The tenant's events after `afterSeq` and no older than `since`, oldest first; the (tenant_id, tenant_seq) index. */
export async function eventsAfter(
  db: Knex,
  tenantId: string,
  afterSeq: string,
  since: string,
  limit: number,
): Promise<StoredEvent[]> {
  const rows = await db('event_log')
    .where({ tenant_id: tenantId })
    .andWhere('tenant_seq', '>', afterSeq)
    .andWhere('created_at', '>=', since)
    .orderBy('tenant_seq')
    .limit(limit);
  return rows.map(toStoredEvent);
}

export async function deleteEventsBefore(db: Knex, before: string): Promise<number> {
  return db('event_log').where('created_at', '<', before).delete();
}
