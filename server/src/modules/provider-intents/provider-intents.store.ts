import type { Knex } from 'knex';
import { dialectOf, parseJson, toIso, type Db } from '../../db/database';
import { INTENT_KINDS, type AnyIntent, type IntentKind, type IntentState } from './provider-intent.types';

type Queryable = Db | Knex.Transaction;

const TABLE = 'provider_intents';

interface IntentRow {
  id: string;
  tenant_id: string;
  kind: string;
  subject_id: string;
  subject_key: string;
  state: IntentState;
  input: unknown;
  refs: unknown;
  lease_token: string;
  attempts: number | string;
  created_at: unknown;
}

function toIntent(row: IntentRow): AnyIntent {
  const kind = INTENT_KINDS.find((known) => known === row.kind);
  if (!kind) throw new Error(`Unknown provider intent kind: ${row.kind}`);
  return {
    id: row.id,
    tenantId: row.tenant_id,
    kind,
    subjectId: row.subject_id,
    subjectKey: row.subject_key,
    state: row.state,
    input: parseJson(row.input, {}),
    refs: parseJson(row.refs, {}),
    leaseToken: row.lease_token,
    attempts: Number(row.attempts),
    createdAt: toIso(row.created_at),
  } as AnyIntent;
}

export interface NewIntent {
  id: string;
  tenantId: string;
  kind: IntentKind;
  subjectId: string;
  subjectKey: string;
  input: object;
  leaseToken: string;
  leaseUntil: string;
}

export async function insertIntent(db: Queryable, intent: NewIntent, now: string): Promise<void> {
  await db(TABLE).insert({
    id: intent.id,
    tenant_id: intent.tenantId,
    kind: intent.kind,
    subject_id: intent.subjectId,
    subject_key: intent.subjectKey,
    state: 'open',
    input: JSON.stringify(intent.input),
    refs: '{}',
    lease_token: intent.leaseToken,
    lease_until: intent.leaseUntil,
    attempts: 0,
    created_at: now,
    updated_at: now,
  });
}

/** The open intent while `leaseToken` still holds it; every write below counts only under that condition. */
function heldIntent(db: Queryable, id: string, leaseToken: string) {
  return db(TABLE).where({ id, state: 'open', lease_token: leaseToken });
}

/** Stores the refs and extends the lease; false when the lease was lost (another worker holds the intent). */
export async function updateHeldIntent(
  db: Queryable,
  id: string,
  leaseToken: string,
  changes: { refs?: object; leaseUntil?: string; lastError?: string },
  now: string,
): Promise<boolean> {
  const updated = await heldIntent(db, id, leaseToken).update({
    ...(changes.refs ? { refs: JSON.stringify(changes.refs) } : {}),
    ...(changes.leaseUntil ? { lease_until: changes.leaseUntil } : {}),
    ...(changes.lastError !== undefined ? { last_error: changes.lastError.slice(0, 1000) } : {}),
    updated_at: now,
  });
  return updated > 0;
}

/** Closes the intent as done or undone; false when the lease was lost. */
export async function closeHeldIntent(
  db: Queryable,
  id: string,
  leaseToken: string,
  state: Exclude<IntentState, 'open'>,
  now: string,
): Promise<boolean> {
  const updated = await heldIntent(db, id, leaseToken).update({ state, last_error: null, updated_at: now });
  return updated > 0;
}

/**
 * Leases up to `limit` open intents whose lease has run out, oldest lease first, to one reconciler, with the
 * dialect's claim: concurrent claimers never receive the same intent.
 */
export async function claimExpiredIntents(
  db: Db,
  claim: { now: string; limit: number; leaseToken: string; leaseUntil: string },
): Promise<AnyIntent[]> {
  const rows = await dialectOf(db).claim<IntentRow>(db, {
    table: TABLE,
    due: (q) => q.where('state', 'open').andWhere('lease_until', '<=', claim.now),
    orderBy: ['lease_until', 'id'],
    limit: claim.limit,
    set: {
      lease_token: claim.leaseToken,
      lease_until: claim.leaseUntil,
      attempts: db.raw('attempts + 1'),
      updated_at: claim.now,
    },
  });
  return rows.map(toIntent);
}
