import type { Knex } from 'knex';
import type { ContactStatus } from '@shared/domain/dialing-retry';
import type { AppDeps } from '../../app-deps';
import { isoNow } from '../../lib/clock';
import {
  claimDueContacts,
  countContactsByStatus,
  leasePendingContacts,
  nextDueAt,
  pendingNumbersOf,
  releaseExpiredLeases,
  releaseLeased,
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
    release: (contactIds: readonly string[], leaseToken: string, nextAttemptAt: string | null) =>
      releaseLeased(deps.db, contactIds, leaseToken, nextAttemptAt, now()),
    releaseExpired: () => releaseExpiredLeases(deps.db, now()),
    settle: (
      trx: Knex.Transaction,
      contactId: string,
      outcome: { status: ContactStatus; nextAttemptAt: string | null; conversationId: string | null },
    ) => settleContact(trx, contactId, outcome, now()),
    find: (tenantId: string, contactId: string) => findContact(deps.db, tenantId, contactId),
    findMany: (tenantId: string, contactIds: readonly string[]) => findContacts(deps.db, tenantId, contactIds),
    pendingNumbers: (campaignId: string) => pendingNumbersOf(deps.db, campaignId),
    countByStatus: (tenantId: string, campaignId: string) => countContactsByStatus(deps.db, tenantId, campaignId),
    nextDueAt: (campaignId: string) => nextDueAt(deps.db, campaignId, now()),
  };
}

export type { DialingContact } from './contact-dialing.store';
