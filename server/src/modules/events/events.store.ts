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
 * Logs an event under the tenant's next number, drawn by one upsert of the tenant's counter: its row stays locked
 * until the caller's transaction ends, so the tenant's next publisher cannot draw a number before this one has
 * committed or rolled back (on SQLite a write already holds the whole database until then).
 */
export async function insertEvent(
  db: Queryable,
  event: { tenantId: string; type: string; audience: Audience; data: unknown },
  now: string,
): Promise<string> {
  const [counter] = (await db('event_counters')
    .insert({ tenant_id: event.tenantId, last_seq: 1 })
    .onConflict('tenant_id')
    .merge({ last_seq: db.raw('event_counters.last_seq + 1') })
    .returning('last_seq')) as Array<{ last_seq: number | string }>;
  const seq = Number(counter!.last_seq);
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
