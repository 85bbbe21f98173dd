import type { Knex } from 'knex';
import type { ContactStatus } from '@shared/domain/dialing-retry';
import type { ContactSkipReason } from '@shared/schemas/contact.schema';
import type { AppDeps } from '../../app-deps';
import { isoNow } from '../../lib/clock';
import {
  claimDueContacts,
  contactsWithoutCallableMoment,
  countContactsByStatus,
  countDueContacts,
  dueContactsOf,
  endPendingOfNumbers,
  leasePendingContacts,
  parkLeased,
  nextDueAt,
  pendingNumbersOf,
  releaseExpiredLeases,
  releaseLeased,
  resetCallableMoments,
  setCallableMoments,
  settleContact,
  startAttempt,
} from './contact-dialing.store';
import { findContact, findContacts } from './contacts.store';

export type ContactDialingService = ReturnType<typeof createContactDialingService>;

/**
 * The dialing state of outbound contacts (status, next attempt, attempts made, lease, conversation): the dialer claims
 * due contacts with a lease, turns a lease into an attempt, settles outcomes and gives back what it cannot call now.
 */
export function createContactDialingService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const now = () => isoNow(deps.clock);
  return {
    claimDue: (campaignId: string, limit: number, leaseToken: string, leaseSec: number) =>
      claimDueContacts(deps.db, {
        campaignId,
        limit,
        leaseToken,
        now: now(),
        leaseUntil: new Date(deps.clock.now().getTime() + leaseSec * 1000).toISOString(),
      }),
    leasePending: (campaignId: string, contactIds: readonly string[], leaseToken: string, leaseSec: number) =>
      leasePendingContacts(deps.db, {
        campaignId,
        contactIds,
        leaseToken,
        now: now(),
        leaseUntil: new Date(deps.clock.now().getTime() + leaseSec * 1000).toISOString(),
      }),
    startAttempt: (trx: Knex.Transaction, contactId: string, leaseToken: string) =>
      startAttempt(trx, contactId, leaseToken, now()),
    release: (
      contactIds: readonly string[],
      leaseToken: string,
      nextAttemptAt: string | null,
      nextCallableAt?: string,
    ) => releaseLeased(deps.db, contactIds, leaseToken, { nextAttemptAt, nextCallableAt }, now()),
    /** Parks a leased contact the campaign may not call until it is edited (no marketing consent). */
    park: (contactId: string, leaseToken: string, reason: ContactSkipReason) =>
      parkLeased(deps.db, contactId, leaseToken, reason, now()),
    /** Ends the tenant's pending contacts with these numbers in every campaign (opt-outs). */
    endPendingOfNumbers: (tenantId: string, phoneNumbers: readonly string[]) =>
      endPendingOfNumbers(deps.db, tenantId, phoneNumbers, now()),
    releaseExpired: () => releaseExpiredLeases(deps.db, now()),
    settle: (
      trx: Knex.Transaction,
      contactId: string,
      outcome: {
        status: ContactStatus;
        nextAttemptAt: string | null;
        conversationId: string | null;
        skipReason?: ContactSkipReason | null;
      },
    ) => settleContact(trx, contactId, outcome, now()),
    find: (tenantId: string, contactId: string) => findContact(deps.db, tenantId, contactId),
    findMany: (tenantId: string, contactIds: readonly string[]) => findContacts(deps.db, tenantId, contactIds),
    pendingNumbers: (campaignId: string) => pendingNumbersOf(deps.db, campaignId),
    countByStatus: (tenantId: string, campaignId: string) => countContactsByStatus(deps.db, tenantId, campaignId),
    nextDueAt: (campaignId: string) => nextDueAt(deps.db, campaignId, now()),
    countDue: (campaignId: string) => countDueContacts(deps.db, campaignId, now()),
    /** A few of the campaign's due contacts, unleased: whether any of them is inside its legal hours now. */
    dueSample: (campaignId: string, limit: number) => dueContactsOf(deps.db, campaignId, now(), limit),
    withoutCallableMoment: (campaignId: string, limit: number) =>
      contactsWithoutCallableMoment(deps.db, campaignId, limit),
    setCallableMoments: (moments: ReadonlyMap<string, readonly string[]>) => setCallableMoments(deps.db, moments),
    resetCallableMoments: (campaignId: string) => resetCallableMoments(deps.db, campaignId),
  };
}

export type { DialingContact, EndedContact } from './contact-dialing.store';
