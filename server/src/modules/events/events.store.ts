import type { Knex } from 'knex';
import { toIso } from '../../db/database';
import type { Queryable } from '../../db/dialect';

/** The event log (event_log): every published event, numbered, kept for the replay window. */
export type Audience = 'all' | 'admin';

export interface StoredEvent {
  seq: string;
  tenantId: string;
  type: string;
  audience: Audience;
  data: unknown;
  at: string;
}

export async function insertEvent(
  db: Queryable,
  event: { tenantId: string; type: string; audience: Audience; data: unknown },
  now: string,
): Promise<string> {
  const [row] = await db('event_log')
    .insert({
      tenant_id: event.tenantId,
      type: event.type,
      audience: event.audience,
      data: JSON.stringify(event.data),
      created_at: now,
    })
    .returning('seq');
  return String(typeof row === 'object' ? (row as { seq: unknown }).seq : row);
}

function toStoredEvent(row: Record<string, unknown>): StoredEvent {
  return {
    seq: String(row.seq),
    tenantId: String(row.tenant_id),
    type: String(row.type),
    audience: row.audience === 'admin' ? 'admin' : 'all',
    data: JSON.parse(String(row.data)),
    at: toIso(row.created_at),
  };
}

/** The tenant's events after `afterSeq` and no older than `since`, oldest first; the (tenant_id, seq) index. */
export async function eventsAfter(
  db: Knex,
  tenantId: string,
  afterSeq: string,
  since: string,
  limit: number,
): Promise<StoredEvent[]> {
  const rows = await db('event_log')
    .where({ tenant_id: tenantId })
    .andWhere('seq', '>', afterSeq)
    .andWhere('created_at', '>=', since)
    .orderBy('seq')
    .limit(limit);
  return rows.map(toStoredEvent);
}

export async function deleteEventsBefore(db: Knex, before: string): Promise<number> {
  return db('event_log').where('created_at', '<', before).delete();
}
