import type { Knex } from 'knex';
import type { ContactStatus } from '@shared/domain/dialing-retry';
import type { ContactTotals } from '@shared/api/contacts.types';
import { dialectOf, parseJson, toIsoOrNull, type Db } from '../../db/database';
import { readContactTotals, writingContacts, type ContactOwner } from './contact-totals.store';
import { toContactRecord, type ContactRecord, type ContactRow } from './contacts.store';

type Queryable = Db | Knex.Transaction;

const TABLE = 'outbound_contacts';

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
      .andWhere((w) => w.whereNull('next_attempt_at').orWhere('next_attempt_at', '<=', now))
      .andWhere((w) => w.whereNull('scheduled_for').orWhere('scheduled_for', '<=', now));
}

/**
 * Leases up to `limit` due contacts of a campaign to one holder: concurrent claimers never receive the same contact
 * (FOR UPDATE SKIP LOCKED on PostgreSQL, the single writer on SQLite).
 */
export async function claimDueContacts(
  db: Db,
  claim: { campaignId: string; now: string; limit: number; leaseToken: string; leaseUntil: string },
): Promise<DialingContact[]> {
  const rows = await writingContacts(db, async (trx, totals) => {
    const claimed = await dialectOf(trx).claim<ContactRow>(trx, {
      table: TABLE,
      due: dueIn(claim.campaignId, claim.now),
      // Oldest first (ids are time-ordered): the (campaign_id, status, id) index serves the scan, which stops at `limit`.
      orderBy: ['id'],
      limit: claim.limit,
      set: {
        status: 'in_progress',
        lease_token: claim.leaseToken,
        lease_until: claim.leaseUntil,
        updated_at: claim.now,
      },
    });
    totals.moved(claimed, 'pending', 'in_progress');
    return claimed;
  });
  return rows.map(toContactRecord);
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

/** Gives a leased contact back, due again at `nextAttemptAt` (null: at once). Only the holder's lease is released. */
export async function releaseLeased(
  db: Queryable,
  contactIds: readonly string[],
  leaseToken: string,
  nextAttemptAt: string | null,
  now: string,
): Promise<number> {
  if (contactIds.length === 0) return 0;
  return releaseWhere(db, (q) => q.whereIn('id', contactIds).andWhere({ lease_token: leaseToken }), {
    next_attempt_at: nextAttemptAt,
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
  outcome: { status: ContactStatus; nextAttemptAt: string | null; conversationId: string | null },
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
        lease_token: null,
        lease_until: null,
        ...(outcome.conversationId ? { conversation_id: outcome.conversationId } : {}),
        updated_at: now,
      });
    totals.moved([before], before.status, outcome.status);
  });
}

/** Every contact of a campaign still to be called (pending), for the preview: its number and metadata. */
export async function pendingNumbersOf(
  db: Queryable,
  campaignId: string,
): Promise<Array<Pick<DialingContact, 'phoneNumber' | 'metadata'>>> {
  const rows = (await db(TABLE)
    .where({ campaign_id: campaignId, status: 'pending' })
    .select('phone_number', 'metadata')) as Array<{ phone_number: string; metadata: unknown }>;
  return rows.map((row) => ({
    phoneNumber: row.phone_number,
    metadata: parseJson<Record<string, string>>(row.metadata, {}),
  }));
}

/** Contacts of the campaign by status, from the totals its writes keep. */
export function countContactsByStatus(db: Queryable, tenantId: string, campaignId: string): Promise<ContactTotals> {
  return readContactTotals(db, tenantId, campaignId);
}

/** When the campaign's next pending contact falls due: `now` when one is due already, null when none is pending. */
export async function nextDueAt(db: Queryable, campaignId: string, now: string): Promise<string | null> {
  const pending = db(TABLE).where({ campaign_id: campaignId, status: 'pending' });
  if (await pending.clone().whereNull('next_attempt_at').first('id')) return now;
  const row = (await pending.clone().min({ at: 'next_attempt_at' }).first()) as { at: unknown } | undefined;
  if (!row?.at) return null;
  const at = toIsoOrNull(row.at) as string;
  return at < now ? now : at;
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
