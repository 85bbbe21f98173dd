import type { Knex } from 'knex';
import type { ContactStatus } from '@shared/domain/dialing-retry';
import type { ContactSkipReason } from '@shared/schemas/contact.schema';
import type { ContactTotals } from '@shared/api/contacts.types';
import { dialectOf, parseJson, toIsoOrNull, type Db } from '../../db/database';
import { readContactTotals, writingContacts, type ContactOwner } from './contact-totals.store';
import { toContactRecord, type ContactRecord, type ContactRow } from './contacts.store';

type Queryable = Db | Knex.Transaction;

const TABLE = 'outbound_contacts';

/** The callable moment of a parked contact: never, until an edit clears it. */
const PARKED_UNTIL = '9999-12-31T00:00:00.000Z';

/**
 * The dialing columns of outbound_contacts (status, next attempt, attempts made, lease, conversation). None of these
 * changes bumps the contact's version: the version tells a client holding a copy (the desktop console's offline
 * draft) that what an operator edits (number, metadata, retry settings, schedule) changed underneath it; the dialer's
 * progress is not in a draft, so counting it would turn every dialled contact into a false conflict. A contact being
 * dialled is protected by its status instead: edits refuse it while it is in progress.
 */

/** What the dialer needs of an outbound contact: who to call, with what, how often it may try, and its lease. */
export type DialingContact = ContactRecord;

/** Due: pending, its retry time (if any) and its scheduled time (if any) reached. */
function dueIn(campaignId: string, now: string) {
  return (q: Knex.QueryBuilder) =>
    q
      .where({ campaign_id: campaignId, status: 'pending' })
      .whereNull('skip_reason')
      .andWhere((w) => w.whereNull('next_attempt_at').orWhere('next_attempt_at', '<=', now))
      .andWhere((w) => w.whereNull('scheduled_for').orWhere('scheduled_for', '<=', now));
}

/** Not worked out yet (just added or edited), and due by its retry and schedule: oldest first. */
function unknownDueIn(campaignId: string, now: string) {
  return (q: Knex.QueryBuilder) => q.where(dueIn(campaignId, now)).whereNull('next_callable_at');
}

/** Callable now by its worked-out moment: a range of the (campaign_id, next_callable_at) partial index, in its order. */
function callableIn(campaignId: string, now: string) {
  return (q: Knex.QueryBuilder) =>
    q.where({ campaign_id: campaignId, status: 'pending' }).andWhere('next_callable_at', '<=', now);
}

/**
 * Leases up to `limit` contacts of a campaign callable now to one holder — those not worked out yet but due first,
 * then those whose callable moment has come, earliest first; contacts waiting for their hours are never read.
 * Concurrent claimers never receive the same contact (FOR UPDATE SKIP LOCKED on PostgreSQL, the single writer on
 * SQLite).
 */
export async function claimDueContacts(
  db: Db,
  claim: { campaignId: string; now: string; limit: number; leaseToken: string; leaseUntil: string },
): Promise<DialingContact[]> {
  const set = {
    status: 'in_progress',
    lease_token: claim.leaseToken,
    lease_until: claim.leaseUntil,
    updated_at: claim.now,
  };
  const rows = await writingContacts(db, async (trx, totals) => {
    const claimed = await dialectOf(trx).claim<ContactRow>(trx, {
      table: TABLE,
      due: unknownDueIn(claim.campaignId, claim.now),
      // Ids are time-ordered: the (campaign_id, next_callable_at, id) index's unknown moments come in their order.
      orderBy: ['next_callable_at', 'id'],
      limit: claim.limit,
      set,
    });
    if (claimed.length < claim.limit) {
      claimed.push(
        ...(await dialectOf(trx).claim<ContactRow>(trx, {
          table: TABLE,
          due: callableIn(claim.campaignId, claim.now),
          orderBy: ['next_callable_at', 'id'],
          limit: claim.limit - claimed.length,
          set,
        })),
      );
    }
    totals.moved(claimed, 'pending', 'in_progress');
    return claimed;
  });
  return rows.map(toContactRecord);
}

/** Pending contacts of a campaign whose next callable moment is not worked out yet, up to `limit`. */
export async function contactsWithoutCallableMoment(
  db: Queryable,
  campaignId: string,
  limit: number,
): Promise<DialingContact[]> {
  const rows = (await db(TABLE)
    .where({ campaign_id: campaignId, status: 'pending' })
    .whereNull('next_callable_at')
    .limit(limit)) as ContactRow[];
  return rows.map(toContactRecord);
}

/**
 * Writes worked-out callable moments (moment → contact ids), one statement per distinct moment and slice; only
 * contacts still pending without a moment are written, so one taken or settled meanwhile keeps its state.
 */
export async function setCallableMoments(
  db: Queryable,
  moments: ReadonlyMap<string, readonly string[]>,
): Promise<void> {
  for (const [at, ids] of moments) {
    for (let start = 0; start < ids.length; start += 500) {
      await db(TABLE)
        .whereIn('id', ids.slice(start, start + 500))
        .where({ status: 'pending' })
        .whereNull('next_callable_at')
        .update({ next_callable_at: at });
    }
  }
}

/** Forgets the callable moments of a campaign's pending contacts (its window changed): they are worked out again. */
export async function resetCallableMoments(db: Queryable, campaignId: string): Promise<number> {
  return db(TABLE)
    .where({ campaign_id: campaignId, status: 'pending' })
    .whereNull('skip_reason')
    .whereNotNull('next_callable_at')
    .update({ next_callable_at: null });
}

/**
 * When the campaign's next contact becomes callable: `now` when one is callable already or not worked out yet, null
 * when none is pending. Two reads of the partial index.
 */
export async function nextDueAt(db: Queryable, campaignId: string, now: string): Promise<string | null> {
  const pending = db(TABLE).where({ campaign_id: campaignId, status: 'pending' }).whereNull('skip_reason');
  if (await pending.clone().whereNull('next_callable_at').first('id')) return now;
  const row = (await pending.clone().min({ at: 'next_callable_at' }).first()) as { at: unknown } | undefined;
  if (!row?.at) return null;
  const at = toIsoOrNull(row.at) as string;
  return at < now ? now : at;
}

/** How many of the campaign's contacts are due now (for progress and the next-call estimate). */
export async function countDueContacts(db: Queryable, campaignId: string, now: string): Promise<number> {
  const row = (await db(TABLE).where(dueIn(campaignId, now)).count({ n: '*' }).first()) as { n?: number | string };
  return Number(row?.n ?? 0);
}

/**
 * Turns the holder's lease into an attempt: one more attempt made, the lease cleared (the attempt row now stands for
 * the contact). Resolves to the new attempt number, or null when the lease is no longer the holder's.
 */
export async function startAttempt(
  trx: Knex.Transaction,
  contactId: string,
  leaseToken: string,
  now: string,
): Promise<number | null> {
  const [row] = (await trx(TABLE)
    .where({ id: contactId, lease_token: leaseToken, status: 'in_progress' })
    .update({
      attempts_made: trx.raw('attempts_made + 1'),
      lease_token: null,
      lease_until: null,
      updated_at: now,
    })
    .returning(['attempts_made'])) as Array<{ attempts_made: number | string }>;
  return row ? Number(row.attempts_made) : null;
}

/** Puts leased contacts (those `leased` picks among the ones in progress) back to pending, with `set` besides. */
function releaseWhere(
  db: Queryable,
  leased: (query: Knex.QueryBuilder) => void,
  set: Record<string, unknown>,
): Promise<number> {
  return writingContacts(db, async (trx, totals) => {
    const released = (await trx(TABLE)
      .where({ status: 'in_progress' })
      .andWhere(leased)
      .update({ status: 'pending', lease_token: null, lease_until: null, ...set })
      .returning(['tenant_id', 'campaign_id'])) as ContactOwner[];
    totals.moved(released, 'in_progress', 'pending');
    return released.length;
  });
}

/**
 * Gives a leased contact back, due again at `nextAttemptAt` (null: at once). Only the holder's lease is released. A
 * known `nextCallableAt` is written with it; otherwise the moment is left as it was.
 */
export async function releaseLeased(
  db: Queryable,
  contactIds: readonly string[],
  leaseToken: string,
  due: { nextAttemptAt: string | null; nextCallableAt?: string },
  now: string,
): Promise<number> {
  if (contactIds.length === 0) return 0;
  return releaseWhere(db, (q) => q.whereIn('id', contactIds).andWhere({ lease_token: leaseToken }), {
    next_attempt_at: due.nextAttemptAt,
    ...(due.nextCallableAt ? { next_callable_at: due.nextCallableAt } : {}),
    updated_at: now,
  });
}

/** Leases a crash left behind (claimed, no attempt recorded): the contacts are due again at once. */
export function releaseExpiredLeases(db: Queryable, now: string): Promise<number> {
  return releaseWhere(db, (q) => q.whereNotNull('lease_until').andWhere('lease_until', '<', now), { updated_at: now });
}

/** The contact's state after an attempt ended: done, due again at `nextAttemptAt`, or given up on. */
export async function settleContact(
  trx: Knex.Transaction,
  contactId: string,
  outcome: {
    status: ContactStatus;
    nextAttemptAt: string | null;
    conversationId: string | null;
    skipReason?: ContactSkipReason | null;
  },
  now: string,
): Promise<void> {
  await writingContacts(trx, async (_, totals) => {
    // Locked as read, so that the status it leaves is the one counted.
    const before = (await trx(TABLE)
      .where({ id: contactId })
      .forUpdate()
      .first('tenant_id', 'campaign_id', 'status')) as (ContactOwner & { status: ContactStatus }) | undefined;
    if (!before) return;
    await trx(TABLE)
      .where({ id: contactId })
      .update({
        status: outcome.status,
        next_attempt_at: outcome.nextAttemptAt,
        // Worked out again by the dialer from the new retry moment.
        next_callable_at: null,
        lease_token: null,
        lease_until: null,
        ...(outcome.conversationId ? { conversation_id: outcome.conversationId } : {}),
        skip_reason: outcome.skipReason ?? null,
        updated_at: now,
      });
    totals.moved([before], before.status, outcome.status);
  });
}

/**
 * Parks a leased contact the campaign may not call until something about it changes (a marketing campaign's contact
 * without marketing consent): pending, with its reason, and no callable moment the claim or the wake-up reads. An edit
 * of the contact clears the reason and the dialer looks at it again.
 */
export async function parkLeased(
  db: Queryable,
  contactId: string,
  leaseToken: string,
  reason: ContactSkipReason,
  now: string,
): Promise<number> {
  return releaseWhere(db, (q) => q.where({ id: contactId, lease_token: leaseToken }), {
    skip_reason: reason,
    next_callable_at: PARKED_UNTIL,
    updated_at: now,
  });
}

/** A contact ended by an opt-out: who it was, for the event each one publishes. */
export interface EndedContact {
  id: string;
  campaignId: string;
  phoneNumber: string;
}

/** Numbers per statement: well inside SQLite's and PostgreSQL's limits on bound values. */
const NUMBERS_PER_STATEMENT = 500;

/**
 * Ends every pending contact of the tenant with one of these numbers, in every campaign: failed, reason do_not_call,
 * in one transaction. Contacts being dialled right now are left to finish; the dialer reads the do-not-call list
 * before it places any call.
 */
export async function endPendingOfNumbers(
  db: Queryable,
  tenantId: string,
  phoneNumbers: readonly string[],
  now: string,
): Promise<EndedContact[]> {
  if (phoneNumbers.length === 0) return [];
  return writingContacts(db, async (trx, totals) => {
    const ended: Array<ContactOwner & { id: string; phone_number: string }> = [];
    for (let start = 0; start < phoneNumbers.length; start += NUMBERS_PER_STATEMENT) {
      const rows = (await trx(TABLE)
        .where({ tenant_id: tenantId, status: 'pending' })
        .whereIn('phone_number', phoneNumbers.slice(start, start + NUMBERS_PER_STATEMENT))
        .update({
          status: 'failed',
          skip_reason: 'do_not_call',
          next_attempt_at: null,
          next_callable_at: null,
          updated_at: now,
        })
        .returning(['id', 'tenant_id', 'campaign_id', 'phone_number'])) as typeof ended;
      ended.push(...rows);
    }
    totals.moved(ended, 'pending', 'failed');
    return ended.map((row) => ({ id: row.id, campaignId: row.campaign_id, phoneNumber: row.phone_number }));
  });
}

/**
 * Every contact of a campaign still to be called (pending), in the order the dialer leases them, for the preview: its
 * number, metadata, when it is due and how often it may still be tried.
 */
export async function pendingNumbersOf(
  db: Queryable,
  campaignId: string,
): Promise<
  Array<
    Pick<
      DialingContact,
      | 'phoneNumber'
      | 'metadata'
      | 'nextAttemptAt'
      | 'scheduledFor'
      | 'attemptsMade'
      | 'maxRetries'
      | 'retryDelayMinutes'
    > & { marketingConsent: boolean }
  >
> {
  const rows = (await db(TABLE)
    .where({ campaign_id: campaignId, status: 'pending' })
    .orderBy('id')
    .select(
      'phone_number',
      'metadata',
      'next_attempt_at',
      'scheduled_for',
      'attempts_made',
      'max_retries',
      'retry_delay_minutes',
      'consent_scope',
    )) as Array<{
    phone_number: string;
    metadata: unknown;
    next_attempt_at: unknown;
    scheduled_for: unknown;
    attempts_made: number | string;
    max_retries: number | string;
    retry_delay_minutes: number | string;
    consent_scope: string | null;
  }>;
  return rows.map((row) => ({
    marketingConsent: row.consent_scope === 'marketing',
    phoneNumber: row.phone_number,
    metadata: parseJson<Record<string, string>>(row.metadata, {}),
    nextAttemptAt: toIsoOrNull(row.next_attempt_at),
    scheduledFor: toIsoOrNull(row.scheduled_for),
    attemptsMade: Number(row.attempts_made),
    maxRetries: Number(row.max_retries),
    retryDelayMinutes: Number(row.retry_delay_minutes),
  }));
}

/** Contacts of the campaign by status, from the totals its writes keep. */
export function countContactsByStatus(db: Queryable, tenantId: string, campaignId: string): Promise<ContactTotals> {
  return readContactTotals(db, tenantId, campaignId);
}

/** Leases the named contacts of a campaign that are pending (a batch call); the rest are left as they are. */
export async function leasePendingContacts(
  db: Queryable,
  lease: { campaignId: string; contactIds: readonly string[]; leaseToken: string; leaseUntil: string; now: string },
): Promise<DialingContact[]> {
  const rows = await writingContacts(db, async (trx, totals) => {
    const leased = (await trx(TABLE)
      .where({ campaign_id: lease.campaignId, status: 'pending' })
      .whereIn('id', lease.contactIds)
      .update({
        status: 'in_progress',
        lease_token: lease.leaseToken,
        lease_until: lease.leaseUntil,
        updated_at: lease.now,
      })
      .returning('*')) as ContactRow[];
    totals.moved(leased, 'pending', 'in_progress');
    return leased;
  });
  return rows.map(toContactRecord);
}

/** Up to `limit` of the campaign's due contacts, in lease order, read without leasing them: who the dialer would try. */
export async function dueContactsOf(
  db: Queryable,
  campaignId: string,
  now: string,
  limit: number,
): Promise<Array<Pick<DialingContact, 'phoneNumber' | 'metadata'>>> {
  const rows = (await db(TABLE)
    .where(dueIn(campaignId, now))
    .orderBy('id')
    .limit(limit)
    .select('phone_number', 'metadata')) as Array<{ phone_number: string; metadata: unknown }>;
  return rows.map((row) => ({
    phoneNumber: row.phone_number,
    metadata: parseJson<Record<string, string>>(row.metadata, {}),
  }));
}
