import type { AppDeps } from '../../app-deps';
import type { DialingSettings } from '../campaigns/campaigns.service';
import type { ContactDialingService, DialingContact } from '../contacts/contact-dialing.service';
import { isOnDoNotCallList, type DoNotCallCheck } from './dialer-ports';
import type { CampaignProgress } from './dialer-progress';
import { calledPartyOf, nextDialableMoment } from './window-rules';

/** How many due contacts one pass may step over (outside their legal hours, on the do-not-call list) to find one to call. */
const MAX_STEPS = 5;

export type DialerClaim = ReturnType<typeof createDialerClaim>;

/**
 * Leasing the contacts a campaign may call now. A leased contact is the lease holder's alone until it is given back
 * (or the lease runs out); one that may not be called now is settled or given back before the next is leased.
 */
export function createDialerClaim(
  deps: Pick<AppDeps, 'db' | 'config'>,
  services: {
    contacts: Pick<ContactDialingService, 'claimDue' | 'release' | 'settle'>;
    doNotCall: DoNotCallCheck;
    progress: CampaignProgress;
  },
) {
  const { db, config } = deps;
  const { contacts, doNotCall, progress } = services;

  /** Gives a leased contact back, due when it was. */
  async function giveBack(contact: DialingContact, leaseToken: string): Promise<void> {
    await contacts.release([contact.id], leaseToken, contact.nextAttemptAt);
  }

  return {
    giveBack,

    /**
     * Leases the campaign's next due contact that may be called at `now`, stepping over those on the do-not-call list
     * (they fail) and those outside their legal hours (due again at their next allowed moment). Null when none is
     * due within a few steps. The caller owns the lease it gets and must give the contact back if it does not call.
     */
    async nextCallable(campaign: DialingSettings, now: Date, leaseToken: string): Promise<DialingContact | null> {
      for (let stepped = 0; stepped < MAX_STEPS; stepped += 1) {
        const [contact] = await contacts.claimDue(campaign.id, 1, leaseToken, config.dialerLeaseSec);
        if (!contact) return null;
        let handled = false;
        try {
          if (await isOnDoNotCallList(doNotCall, contact.tenantId, contact.phoneNumber)) {
            handled = true;
            await db.transaction((trx) =>
              contacts.settle(trx, contact.id, { status: 'failed', nextAttemptAt: null, conversationId: null }),
            );
            await progress.announce(campaign.tenantId, campaign.id);
            continue;
          }
          const dueAt = nextDialableMoment(now, campaign, calledPartyOf(contact));
          if (dueAt.getTime() !== now.getTime()) {
            handled = true;
            await contacts.release([contact.id], leaseToken, dueAt.toISOString());
            continue;
          }
          handled = true;
          return contact;
        } finally {
          if (!handled) await giveBack(contact, leaseToken);
        }
      }
      return null;
    },
  };
}
