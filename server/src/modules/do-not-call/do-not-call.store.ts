import type { Knex } from 'knex';
import type { DoNotCallEntry, DoNotCallSource } from '@shared/api/contacts.types';
import type { OptOutSource } from '@shared/schemas/contact.schema';
import { countRows, dialectOf, toIso, type Db } from '../../db/database';

type Queryable = Db | Knex.Transaction;

interface DoNotCallRow {
  id: string;
  phone_number: string;
  source: DoNotCallSource;
  reason: string | null;
  call_id: string | null;
  channel?: OptOutSource | null;
  evidence?: string | null;
  created_by_user_id: string | null;
  created_at: unknown;
}

/** An entry as stored: who added it by user id, which the service turns into the member's address. */
export type DoNotCallRecord = Omit<DoNotCallEntry, 'addedBy'> & { addedByUserId: string | null };

const toRecord = (row: DoNotCallRow): DoNotCallRecord => ({
  id: row.id,
  phoneNumber: row.phone_number,
  source: row.source,
  reason: row.reason,
  callId: row.call_id,
  channel: row.channel ?? null,
  evidence: row.evidence ?? '',
  addedByUserId: row.created_by_user_id,
  createdAt: toIso(row.created_at),
});

export interface NewDoNotCallEntry {
  id: string;
  phoneNumber: string;
  source: DoNotCallSource;
  reason: string | null;
  callId: string | null;
  channel?: OptOutSource | null;
  evidence?: string | null;
}

function searched(db: Queryable, tenantId: string, search: string | undefined): Knex.QueryBuilder {
  const query = db('do_not_call').where({ tenant_id: tenantId });
  if (search) query.where('phone_number', 'like', `%${search}%`);
  return query;
}

export async function listEntries(
  db: Queryable,
  tenantId: string,
  page: { after?: string; limit: number; search?: string },
): Promise<DoNotCallRecord[]> {
  const query = searched(db, tenantId, page.search);
  if (page.after) query.where('id', '>', page.after);
  const rows: DoNotCallRow[] = await query.orderBy('id').limit(page.limit + 1);
  return rows.map(toRecord);
}

export function countEntries(db: Queryable, tenantId: string, search?: string): Promise<number> {
  return countRows(searched(db, tenantId, search));
}

export async function findEntryByNumber(
  db: Queryable,
  tenantId: string,
  phoneNumber: string,
): Promise<DoNotCallRecord | undefined> {
  const row: DoNotCallRow | undefined = await db('do_not_call')
    .where({ tenant_id: tenantId, phone_number: phoneNumber })
    .first();
  return row ? toRecord(row) : undefined;
}

export async function insertEntry(
  db: Queryable,
  tenantId: string,
  entry: NewDoNotCallEntry,
  userId: string | null,
  now: string,
): Promise<void> {
  await db('do_not_call').insert({
    id: entry.id,
    tenant_id: tenantId,
    phone_number: entry.phoneNumber,
    source: entry.source,
    reason: entry.reason,
    call_id: entry.callId,
    channel: entry.channel ?? null,
    evidence: entry.evidence ?? null,
    created_by_user_id: userId,
    created_at: now,
  });
}

export async function insertEntries(
  trx: Knex.Transaction,
  tenantId: string,
  entries: readonly NewDoNotCallEntry[],
  userId: string | null,
  now: string,
): Promise<number> {
  return dialectOf(trx).bulkInsert(
    trx,
    'do_not_call',
    ['id', 'tenant_id', 'phone_number', 'source', 'reason', 'call_id', 'created_by_user_id', 'created_at'],
    entries.map((e) => [e.id, tenantId, e.phoneNumber, e.source, e.reason, e.callId, userId, now]),
  );
}

export async function deleteEntry(db: Queryable, tenantId: string, id: string): Promise<boolean> {
  return (await db('do_not_call').where({ tenant_id: tenantId, id }).delete()) > 0;
}

/** Which of these numbers the tenant's list holds, looked up a slice at a time (bind-variable limits). */
export async function listedAmong(db: Queryable, tenantId: string, numbers: readonly string[]): Promise<Set<string>> {
  const listed = new Set<string>();
  const SLICE = 500;
  for (let start = 0; start < numbers.length; start += SLICE) {
    const rows: Array<{ phone_number: string }> = await db('do_not_call')
      .where({ tenant_id: tenantId })
      .whereIn('phone_number', numbers.slice(start, start + SLICE))
      .select('phone_number');
    for (const row of rows) listed.add(row.phone_number);
  }
  return listed;
}

/** The tenant's whole list, for an import to check every row against it in memory. */
export async function allListedNumbers(db: Queryable, tenantId: string): Promise<Set<string>> {
  const rows: Array<{ phone_number: string }> = await db('do_not_call')
    .where({ tenant_id: tenantId })
    .select('phone_number');
  return new Set(rows.map((row) => row.phone_number));
}
