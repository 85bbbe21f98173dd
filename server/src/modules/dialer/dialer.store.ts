import type { Knex } from 'knex';
import type { AttemptStatus } from '@shared/domain/dialing-retry';
import { countRows, toIso, toIsoOrNull, type Db } from '../../db/database';
import { rotateFrom } from './pacing-rules';

type Queryable = Db | Knex.Transaction;

const ATTEMPTS = 'call_attempts';
const SLOTS = 'dialer_slots';
const LINES = 'dialer_lines';
const WINDOWS = 'dialer_campaign_windows';

/** Attempt statuses of a call still under way: the outcome is not known yet. */
export const IN_FLIGHT: readonly AttemptStatus[] = ['dialing', 'answered'];

/** An attempt that was recorded but never reached the provider (a crash, a refusal); it does not count as a try. */
export const NOT_PLACED = 'not_placed';

export interface AttemptRecord {
  id: string;
  tenantId: string;
  contactId: string;
  campaignId: string | null;
  attemptNumber: number;
  status: AttemptStatus;
  startedAt: string | null;
  endedAt: string | null;
  durationSec: number | null;
  outcome: string | null;
  conversationId: string | null;
  callSid: string | null;
  placeBy: string | null;
  failureReason: string | null;
  batchCallId: string | null;
  createdAt: string;
}

interface AttemptRow {
  id: string;
  tenant_id: string;
  contact_id: string;
  campaign_id: string | null;
  attempt_number: number | string;
  status: AttemptStatus;
  started_at: unknown;
  ended_at: unknown;
  duration_sec: number | string | null;
  outcome: string | null;
  conversation_id: string | null;
  call_sid: string | null;
  place_by: unknown;
  failure_reason: string | null;
  batch_call_id: string | null;
  created_at: unknown;
}

function toAttempt(row: AttemptRow): AttemptRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    contactId: row.contact_id,
    campaignId: row.campaign_id,
    attemptNumber: Number(row.attempt_number),
    status: row.status,
    startedAt: toIsoOrNull(row.started_at),
    endedAt: toIsoOrNull(row.ended_at),
    durationSec: row.duration_sec === null ? null : Number(row.duration_sec),
    outcome: row.outcome,
    conversationId: row.conversation_id,
    callSid: row.call_sid,
    placeBy: toIsoOrNull(row.place_by),
    failureReason: row.failure_reason,
    batchCallId: row.batch_call_id,
    createdAt: toIso(row.created_at),
  };
}

export interface NewAttempt {
  id: string;
  tenantId: string;
  contactId: string;
  campaignId: string;
  attemptNumber: number;
  placeBy: string;
  batchCallId?: string | null;
}

export async function insertAttempt(trx: Knex.Transaction, attempt: NewAttempt, now: string): Promise<void> {
  await trx(ATTEMPTS).insert({
    id: attempt.id,
    tenant_id: attempt.tenantId,
    contact_id: attempt.contactId,
    campaign_id: attempt.campaignId,
    attempt_number: attempt.attemptNumber,
    status: 'dialing',
    started_at: now,
    place_by: attempt.placeBy,
    batch_call_id: attempt.batchCallId ?? null,
    created_at: now,
  });
}

/** Notes the provider's ids of the call an attempt placed; nothing changes once the attempt is settled. */
export async function recordPlacedCall(
  db: Queryable,
  attemptId: string,
  call: { conversationId: string; callSid: string | null },
): Promise<boolean> {
  const updated = await db(ATTEMPTS)
    .where({ id: attemptId })
    .whereIn('status', IN_FLIGHT)
    .update({ conversation_id: call.conversationId, call_sid: call.callSid });
  return updated === 1;
}

/**
 * Ends an attempt once: only an attempt still in flight changes, so the webhook, the reconciler and a retried job
 * settling the same call agree on one outcome. Resolves to whether this call was the one that settled it.
 */
export async function settleAttempt(
  trx: Knex.Transaction,
  attemptId: string,
  end: {
    status: AttemptStatus;
    outcome: string;
    endedAt: string;
    durationSec: number | null;
    failureReason: string | null;
    conversationId?: string | null;
  },
): Promise<boolean> {
  const updated = await trx(ATTEMPTS)
    .where({ id: attemptId })
    .whereIn('status', IN_FLIGHT)
    .update({
      status: end.status,
      outcome: end.outcome,
      ended_at: end.endedAt,
      duration_sec: end.durationSec,
      failure_reason: end.failureReason,
      ...(end.conversationId ? { conversation_id: end.conversationId } : {}),
    });
  if (updated !== 1) return false;
  // The call is over: its line is free for the next one, in the same transaction, if it was not freed already.
  await releaseLine(trx, attemptId);
  return true;
}

/** Notes the provider's batch that will place these attempts' calls. */
export async function recordBatch(db: Queryable, attemptIds: readonly string[], batchCallId: string): Promise<void> {
  await db(ATTEMPTS).whereIn('id', attemptIds).update({ batch_call_id: batchCallId });
}

/** Marks a call still ringing or talking as answered (the reconciler saw it in progress). */
export async function markAnswered(db: Queryable, attemptId: string): Promise<void> {
  await db(ATTEMPTS).where({ id: attemptId, status: 'dialing' }).update({ status: 'answered' });
}

export async function findAttempt(db: Queryable, attemptId: string): Promise<AttemptRecord | undefined> {
  const row = (await db(ATTEMPTS).where({ id: attemptId }).first()) as AttemptRow | undefined;
  return row ? toAttempt(row) : undefined;
}

export async function findInFlightByConversation(
  db: Queryable,
  conversationId: string,
): Promise<AttemptRecord | undefined> {
  const row = (await db(ATTEMPTS).where({ conversation_id: conversationId }).whereIn('status', IN_FLIGHT).first()) as
    AttemptRow | undefined;
  return row ? toAttempt(row) : undefined;
}

/**
 * What the reconciler looks at, oldest first: attempts in flight that were placed (their conversation is known), or
 * whose moment to be placed has passed by `placeBy`.
 */
export async function attemptsToReconcile(db: Queryable, placeBy: string, limit: number): Promise<AttemptRecord[]> {
  const rows = (await db(ATTEMPTS)
    .whereIn('status', IN_FLIGHT)
    .andWhere((q) => q.where('place_by', '<', placeBy).orWhereNotNull('conversation_id'))
    .orderBy('place_by')
    .limit(limit)) as AttemptRow[];
  return rows.map(toAttempt);
}

/** Attempts that reached the provider (in flight ones have no outcome yet). */
const placed = (q: Knex.QueryBuilder) => q.whereNull('outcome').orWhereNot('outcome', NOT_PLACED);

/** A contact's attempts, first first. */
export async function attemptsOfContact(db: Queryable, contactId: string): Promise<AttemptRecord[]> {
  const rows = (await db(ATTEMPTS).where({ contact_id: contactId }).orderBy('attempt_number')) as AttemptRow[];
  return rows.map(toAttempt);
}

/** Attempts of a campaign made since `since` (its day's calls against the daily cap). */
export async function countCampaignAttemptsSince(db: Queryable, campaignId: string, since: string): Promise<number> {
  return countRows(
    db(ATTEMPTS).where({ campaign_id: campaignId }).andWhere('created_at', '>=', since).andWhere(placed),
  );
}

/** Frees the line an attempt's call held, once its call is over; whether it held one. */
export async function releaseLine(db: Queryable, attemptId: string): Promise<boolean> {
  return (await db(LINES).where({ attempt_id: attemptId }).delete()) > 0;
}

/** The outbound lines of a tenant its dialer's calls hold now. */
export async function linesInUse(db: Queryable, tenantId: string): Promise<number> {
  return countRows(db(LINES).where({ tenant_id: tenantId }));
}

/**
 * Takes one of the tenant's lines 1..`lines` for an attempt, in the attempt's transaction: the (tenant, line) key lets
 * one call hold a line; on PostgreSQL a line another transaction is taking waits for it, then counts as taken. Each
 * taker tries the free lines from a random one: all starting at the lowest would queue every concurrent attempt behind
 * the others' commits. Resolves to the line, or null when all are held.
 */
export async function takeLine(
  trx: Knex.Transaction,
  tenantId: string,
  attemptId: string,
  lines: number,
  now: string,
): Promise<number | null> {
  const held = new Set(
    ((await trx(LINES).where({ tenant_id: tenantId }).select('line')) as Array<{ line: number | string }>).map((row) =>
      Number(row.line),
    ),
  );
  const free = Array.from({ length: lines }, (_, index) => index + 1).filter((line) => !held.has(line));
  for (const line of rotateFrom(free, Math.floor(Math.random() * free.length))) {
    const taken = (await trx(LINES)
      .insert({ tenant_id: tenantId, line, attempt_id: attemptId, taken_at: now })
      .onConflict(['tenant_id', 'line'])
      .ignore()
      .returning('line')) as unknown[];
    if (taken.length === 1) return line;
  }
  return null;
}

/** The outcomes of a campaign's last `limit` settled attempts, newest first, for the failure-rate brake. */
export async function recentOutcomes(db: Queryable, campaignId: string, limit: number): Promise<string[]> {
  const rows = (await db(ATTEMPTS)
    .where({ campaign_id: campaignId })
    .whereNotIn('status', IN_FLIGHT)
    .andWhere(placed)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .select('outcome')) as Array<{ outcome: string | null }>;
  return rows.map((row) => row.outcome ?? '');
}

/** Attempts of a campaign by outcome (in flight ones under their status). */
export async function countAttemptsByOutcome(db: Queryable, campaignId: string): Promise<Record<string, number>> {
  const rows = (await db(ATTEMPTS)
    .where({ campaign_id: campaignId })
    .groupByRaw('coalesce(outcome, status)')
    .select(db.raw('coalesce(outcome, status) as outcome'))
    .count({ n: '*' })) as Array<{ outcome: string; n: number | string }>;
  return Object.fromEntries(rows.map((row) => [row.outcome, Number(row.n)]));
}

/** Calls of one outcome dialled on one day of a period, and the seconds they lasted. */
export interface DayOutcomeCount {
  day: number;
  outcome: string;
  calls: number;
  seconds: number;
}

/**
 * A campaign's settled calls from `dayStarts[0]` to `endsAt` by day and outcome: `day` indexes `dayStarts` (the UTC
 * instants the campaign's days start at, in order). One range read of the (campaign_id, created_at) index, grouped in
 * the database; in-flight attempts and those never placed are left out.
 */
export async function countSettledByDay(
  db: Queryable,
  tenantId: string,
  campaignId: string,
  dayStarts: readonly string[],
  endsAt: string,
): Promise<DayOutcomeCount[]> {
  const later = dayStarts.slice(1);
  const dayOf = later.length
    ? `case ${later.map((_, index) => `when created_at < ? then ${index}`).join(' ')} else ${later.length} end`
    : '0';
  const rows = (await db(ATTEMPTS)
    .where({ campaign_id: campaignId, tenant_id: tenantId })
    .andWhere('created_at', '>=', dayStarts[0] ?? endsAt)
    .andWhere('created_at', '<', endsAt)
    .whereNotIn('status', IN_FLIGHT)
    .whereNot('outcome', NOT_PLACED)
    .select(db.raw(`${dayOf} as day`, later), 'outcome')
    .count({ calls: '*' })
    .sum({ seconds: 'duration_sec' })
    .groupBy('day', 'outcome')) as Array<{
    day: number | string;
    outcome: string;
    calls: number | string;
    seconds: number | string | null;
  }>;
  return rows.map((row) => ({
    day: Number(row.day),
    outcome: row.outcome,
    calls: Number(row.calls),
    seconds: Number(row.seconds ?? 0),
  }));
}

/**
 * Takes a pacing slot: succeeds for one caller only when the slot is free at `now`, and holds it until `nextAt`.
 * Slots pace calls across every worker process: a campaign's interval, a telephony account's calls per second. In a
 * transaction, the slot stays locked (PostgreSQL) until it ends, and a rollback gives it back.
 */
export async function takeSlot(db: Queryable, key: string, now: string, nextAt: string): Promise<boolean> {
  // One statement: a slot never used before is inserted, one that is free is moved on; one held stays as it is.
  const taken = (await db(SLOTS)
    .insert({ key, next_at: nextAt, updated_at: now })
    .onConflict('key')
    .merge(['next_at', 'updated_at'])
    .where(`${SLOTS}.next_at`, '<=', now)
    .returning('key')) as unknown[];
  return taken.length === 1;
}

/**
 * Takes the one of these slots that frees first, if it frees by `freeBy`, and holds it until `holdMs` after that
 * moment: its key, the moment it frees (`now` for one free already or never taken) and the moment it is held until, or
 * null when none frees by then. The call that takes it goes no earlier than that moment.
 */
export async function takeSlotFreeBy(
  db: Queryable,
  keys: readonly string[],
  now: string,
  freeBy: string,
  holdMs: number,
): Promise<{ key: string; freeAt: string; heldUntil: string } | null> {
  const heldUntil = (freeAt: string) => new Date(Date.parse(freeAt) + holdMs).toISOString();
  const known = (await db(SLOTS).whereIn('key', keys).select('key', 'next_at')) as Array<{
    key: string;
    next_at: unknown;
  }>;
  const knownKeys = new Set(known.map((row) => row.key));
  for (const key of keys.filter((candidate) => !knownKeys.has(candidate))) {
    const taken = (await db(SLOTS)
      .insert({ key, next_at: heldUntil(now), updated_at: now })
      .onConflict('key')
      .ignore()
      .returning('key')) as unknown[];
    if (taken.length === 1) return { key, freeAt: now, heldUntil: heldUntil(now) };
  }
  const candidates = known
    .map((row) => ({ key: row.key, freeAt: toIso(row.next_at) }))
    .filter((slot) => slot.freeAt <= freeBy)
    .sort((a, b) => (a.freeAt < b.freeAt ? -1 : 1));
  for (const slot of candidates) {
    const freeAt = slot.freeAt > now ? slot.freeAt : now;
    // Whoever else takes or holds a slot moves it past `freeBy`, so one still free by then frees when it was read.
    const taken = await db(SLOTS)
      .where({ key: slot.key })
      .andWhere('next_at', '<=', freeBy)
      .update({ next_at: heldUntil(freeAt), updated_at: now });
    if (taken === 1) return { key: slot.key, freeAt, heldUntil: heldUntil(freeAt) };
  }
  return null;
}

/** When the first of these slots frees up, or null when one is free already (or was never taken). */
export async function earliestSlotFreeAt(db: Queryable, keys: readonly string[]): Promise<string | null> {
  const rows = (await db(SLOTS).whereIn('key', keys).select('next_at')) as Array<{ next_at: unknown }>;
  if (rows.length < keys.length) return null;
  return rows.map((row) => toIso(row.next_at)).sort()[0] ?? null;
}

/** Holds a slot at least until `until` (from the moment a call was actually sent, rather than when it was taken). */
export async function holdSlotUntil(db: Queryable, key: string, until: string): Promise<void> {
  await db(SLOTS).where({ key }).andWhere('next_at', '<', until).update({ next_at: until });
}

/**
 * Moves a slot's hold from `from` to `to` (earlier or later), only while the slot is still held until `from`: a holder
 * changes its own hold, never one another caller took after it lapsed.
 */
export async function moveSlotHold(db: Queryable, key: string, from: string, to: string): Promise<void> {
  await db(SLOTS).where({ key, next_at: from }).update({ next_at: to });
}

/** When a slot frees up, or null for a slot never taken. */
export async function slotFreeAt(db: Queryable, key: string): Promise<string | null> {
  const row = (await db(SLOTS).where({ key }).first('next_at')) as { next_at: unknown } | undefined;
  return row ? toIso(row.next_at) : null;
}

/** Calls under way, of one tenant or (null) of every tenant, oldest first: the operations view. */
export async function inFlightAttempts(db: Queryable, tenantId: string | null): Promise<AttemptRecord[]> {
  const query = db(ATTEMPTS).whereIn('status', IN_FLIGHT).orderBy(['created_at', 'id']);
  if (tenantId !== null) query.where({ tenant_id: tenantId });
  return ((await query) as AttemptRow[]).map(toAttempt);
}

/** Attempts started at or after `since` through the telephony account, every tenant's: its current call rate. */
export async function countAttemptsStartedSince(db: Queryable, since: string): Promise<number> {
  return countRows(db(ATTEMPTS).where('started_at', '>=', since));
}

/** The window a campaign's callable moments were last worked out for, if any. */
export async function callableWindowOf(db: Queryable, campaignId: string): Promise<string | null> {
  const row = (await db(WINDOWS).where({ campaign_id: campaignId }).first('window_key')) as
    { window_key: string } | undefined;
  return row?.window_key ?? null;
}

export async function saveCallableWindow(db: Queryable, campaignId: string, windowKey: string): Promise<void> {
  await db(WINDOWS).insert({ campaign_id: campaignId, window_key: windowKey }).onConflict('campaign_id').merge();
}
