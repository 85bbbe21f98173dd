import type { Knex } from 'knex';
import type { Callback, CallbackReason, CallbackStatus } from '@shared/api/callbacks.types';
import { countRows, toIso, toIsoOrNull, type Db } from '../../db/database';

type Queryable = Db | Knex.Transaction;

const TABLE = 'callbacks';

interface CallbackRow {
  id: string;
  tenant_id: string;
  campaign_id: string | null;
  contact_id: string | null;
  agent_id: string | null;
  conversation_id: string | null;
  phone_number: string;
  contact_name: string | null;
  target_name: string | null;
  target_number: string | null;
  reason: CallbackReason;
  summary: string | null;
  requested_at: unknown;
  status: CallbackStatus;
  assigned_user_id: string | null;
  dialled_at: unknown;
  created_at: unknown;
  updated_at: unknown;
}

/** A callback as stored: its assignee by user id, which the service shows by the member's address. */
export type CallbackRecord = Omit<Callback, 'assignee'> & { tenantId: string; assignedUserId: string | null };

const toRecord = (row: CallbackRow): CallbackRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  campaignId: row.campaign_id,
  contactId: row.contact_id,
  phoneNumber: row.phone_number,
  contactName: row.contact_name,
  targetName: row.target_name,
  targetNumber: row.target_number,
  reason: row.reason,
  summary: row.summary,
  requestedAt: toIso(row.requested_at),
  status: row.status,
  assignedUserId: row.assigned_user_id,
  dialledAt: toIsoOrNull(row.dialled_at),
  createdAt: toIso(row.created_at),
  updatedAt: toIso(row.updated_at),
});

export interface NewCallback {
  id: string;
  campaignId: string | null;
  contactId: string | null;
  agentId: string | null;
  conversationId: string | null;
  phoneNumber: string;
  contactName: string | null;
  targetName: string | null;
  targetNumber: string | null;
  reason: CallbackReason;
  summary: string | null;
  requestedAt: string;
}

/** Records a callback once per conversation; true when it is new. */
export async function insertCallback(
  trx: Queryable,
  tenantId: string,
  callback: NewCallback,
  now: string,
): Promise<boolean> {
  const inserted = await trx(TABLE)
    .insert({
      id: callback.id,
      tenant_id: tenantId,
      campaign_id: callback.campaignId,
      contact_id: callback.contactId,
      agent_id: callback.agentId,
      conversation_id: callback.conversationId,
      phone_number: callback.phoneNumber,
      contact_name: callback.contactName,
      target_name: callback.targetName,
      target_number: callback.targetNumber,
      reason: callback.reason,
      summary: callback.summary,
      requested_at: callback.requestedAt,
      status: 'open',
      assigned_user_id: null,
      dialled_at: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict('conversation_id')
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

function filtered(db: Queryable, tenantId: string, status: CallbackStatus | undefined) {
  const query = db(TABLE).where({ tenant_id: tenantId });
  if (status) query.where({ status });
  return query;
}

export async function listCallbacks(
  db: Queryable,
  tenantId: string,
  page: { after?: string; limit: number; status?: CallbackStatus },
): Promise<CallbackRecord[]> {
  const query = filtered(db, tenantId, page.status);
  if (page.after) query.where('id', '>', page.after);
  const rows: CallbackRow[] = await query.orderBy('id').limit(page.limit + 1);
  return rows.map(toRecord);
}

export function countCallbacks(db: Queryable, tenantId: string, status?: CallbackStatus): Promise<number> {
  return countRows(filtered(db, tenantId, status));
}

export async function findCallback(db: Queryable, tenantId: string, id: string): Promise<CallbackRecord | undefined> {
  const row: CallbackRow | undefined = await db(TABLE).where({ tenant_id: tenantId, id }).first();
  return row ? toRecord(row) : undefined;
}

/**
 * Moves a callback on, only from one of `from` (so two members racing for it cannot both take it); true when it
 * moved.
 */
export async function moveCallback(
  db: Queryable,
  tenantId: string,
  id: string,
  from: readonly CallbackStatus[],
  change: { status: CallbackStatus; assignedUserId?: string | null; dialledAt?: string },
  now: string,
): Promise<boolean> {
  const updated = await db(TABLE)
    .where({ tenant_id: tenantId, id })
    .whereIn('status', [...from])
    .update({
      status: change.status,
      ...(change.assignedUserId !== undefined ? { assigned_user_id: change.assignedUserId } : {}),
      ...(change.dialledAt !== undefined ? { dialled_at: change.dialledAt } : {}),
      updated_at: now,
    });
  return updated > 0;
}

/** Open callbacks nobody took whose time has come, across tenants, oldest first. */
export async function dueUnassigned(db: Queryable, now: string, limit: number): Promise<CallbackRecord[]> {
  const rows: CallbackRow[] = await db(TABLE)
    .where({ status: 'open' })
    .whereNull('assigned_user_id')
    // An inbound caller's callback has no contact to put back in a campaign: it waits for a member.
    .whereNotNull('contact_id')
    .andWhere('requested_at', '<=', now)
    .orderBy([{ column: 'requested_at' }, { column: 'id' }])
    .limit(limit);
  return rows.map(toRecord);
}

/** Callbacks still to be made (open or assigned) due up to `until`, for the figures. */
export function countDue(db: Queryable, tenantId: string, until: string, campaignId?: string): Promise<number> {
  const query = db(TABLE)
    .where({ tenant_id: tenantId })
    .whereIn('status', ['open', 'assigned'])
    .andWhere('requested_at', '<=', until);
  if (campaignId) query.where({ campaign_id: campaignId });
  return countRows(query);
}
