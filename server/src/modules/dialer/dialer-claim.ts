import { createHash } from 'node:crypto';
import { LEGAL_QUIET_HOURS } from '@shared/domain/calling-window';
import type { AppDeps } from '../../app-deps';
import type { DialingSettings } from '../campaigns/campaigns.service';
import type { ContactDialingService, DialingContact } from '../contacts/contact-dialing.service';
import { isOnDoNotCallList, type DoNotCallCheck } from './dialer-ports';
import type { CampaignProgress } from './dialer-progress';
import { callableWindowOf, saveCallableWindow } from './dialer.store';
import { calledPartyOf, nextDialableMoment } from './window-rules';

/**
 * How many claimed contacts one pass may step over (listed, or whose hours closed since their moment was worked out)
 * to find one to call. Contacts waiting for their hours are not claimed at all, so steps are rare.
 */
const MAX_STEPS = 5;
/** Contacts whose callable moment one batch works out; a pass works out at most MAX_BATCHES of them. */
const MOMENT_BATCH = 2_000;
const MAX_BATCHES = 5;

/** What a campaign's callable moments depend on besides each contact: its window, and the legal hours table. */
function windowKeyOf(campaign: DialingSettings): string {
  const { callingHoursType, callingStartTime, callingEndTime, timezone, daysOfWeek } = campaign;
  const window = [callingHoursType, callingStartTime, callingEndTime, timezone, [...daysOfWeek]];
  return createHash('sha256')
    .update(JSON.stringify([window, LEGAL_QUIET_HOURS]))
    .digest('hex');
}

export type DialerClaim = ReturnType<typeof createDialerClaim>;

/**
 * Leasing the contacts a campaign may call now. Each pending contact carries the first moment it may be called (its
 * retry or schedule, the campaign's window, the called party's legal hours), worked out here when it is unknown and
 * forgotten when the window changes, so the claim reads only contacts callable now. A leased contact is the lease
 * holder's alone until it is given back (or the lease runs out).
 */
export function createDialerClaim(
  deps: Pick<AppDeps, 'db' | 'config'>,
  services: {
    contacts: Pick<
      ContactDialingService,
      | 'claimDue'
      | 'release'
      | 'settle'
      | 'park'
      | 'withoutCallableMoment'
      | 'setCallableMoments'
      | 'resetCallableMoments'
    >;
    doNotCall: DoNotCallCheck;
    progress: CampaignProgress;
  },
) {
  const { db, config } = deps;
  const { contacts, doNotCall, progress } = services;

  /** The first moment at or after `now` a contact may be called: its retry and schedule, then window and hours. */
  function callableMoment(campaign: DialingSettings, contact: DialingContact, now: Date, memo: Map<string, string>) {
    const from = [now.toISOString(), contact.nextAttemptAt ?? '', contact.scheduledFor ?? ''].sort().at(-1) as string;
    const party = calledPartyOf(contact);
    const key = `${JSON.stringify(party)}@${from}`;
    let at = memo.get(key);
    if (!at) {
      at = nextDialableMoment(new Date(from), campaign, party).toISOString();
      memo.set(key, at);
    }
    return at;
  }

  /** Works out the callable moments the campaign's contacts lack (all of them again once its window changed). */
  async function workOutMoments(campaign: DialingSettings, now: Date): Promise<void> {
    const windowKey = windowKeyOf(campaign);
    if ((await callableWindowOf(db, campaign.id)) !== windowKey) {
      await contacts.resetCallableMoments(campaign.id);
      await saveCallableWindow(db, campaign.id, windowKey);
    }
    const memo = new Map<string, string>();
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const unknown = await contacts.withoutCallableMoment(campaign.id, MOMENT_BATCH);
      const moments = new Map<string, string[]>();
      for (const contact of unknown) {
        const at = callableMoment(campaign, contact, now, memo);
        moments.set(at, [...(moments.get(at) ?? []), contact.id]);
      }
      await contacts.setCallableMoments(moments);
      if (unknown.length < MOMENT_BATCH) return;
    }
  }

  /** Gives a leased contact back, due when it was. */
  async function giveBack(contact: DialingContact, leaseToken: string): Promise<void> {
    await contacts.release([contact.id], leaseToken, contact.nextAttemptAt);
  }

  /** Gives a leased contact back due at the next moment its hours and the window allow. */
  async function stepOver(campaign: DialingSettings, contact: DialingContact, leaseToken: string, now: Date) {
    const dueAt = nextDialableMoment(now, campaign, calledPartyOf(contact)).toISOString();
    await contacts.release([contact.id], leaseToken, dueAt, dueAt);
  }

  /**
   * Sets aside a leased contact the campaign may not call: its number is on the do-not-call list (failed, reason
   * do_not_call), or the campaign is for marketing and the contact gave no marketing consent (left pending with reason
   * no_consent, as the preview counts it, until an edit gives it consent). Whether it did.
   */
  async function failIfListed(
    campaign: DialingSettings,
    contact: DialingContact,
    leaseToken: string,
  ): Promise<boolean> {
    if (await isOnDoNotCallList(doNotCall, contact.tenantId, contact.phoneNumber)) {
      await db.transaction((trx) =>
        contacts.settle(trx, contact.id, {
          status: 'failed',
          nextAttemptAt: null,
          conversationId: null,
          skipReason: 'do_not_call',
        }),
      );
      await progress.announce(campaign.tenantId, campaign.id);
      return true;
    }
    if (campaign.purpose === 'marketing' && contact.consent?.scope !== 'marketing') {
      await contacts.park(contact.id, leaseToken, 'no_consent');
      // Its screens show why it waits, as they show a contact the list ended.
      await progress.announce(campaign.tenantId, campaign.id);
      return true;
    }
    return false;
  }

  return {
    giveBack,
    stepOver,
    failIfListed,

    /**
     * Leases the campaign's next contact callable at `now`, failing those on the do-not-call list and stepping over
     * those whose hours closed since. Null when none is callable now. The caller owns the lease it gets and must give
     * the contact back if it does not call.
     */
    async nextCallable(campaign: DialingSettings, now: Date, leaseToken: string): Promise<DialingContact | null> {
      await workOutMoments(campaign, now);
      for (let stepped = 0; stepped < MAX_STEPS; stepped += 1) {
        const [contact] = await contacts.claimDue(campaign.id, 1, leaseToken, config.dialerLeaseSec);
        if (!contact) return null;
        let handled = false;
        try {
          if (await failIfListed(campaign, contact, leaseToken)) {
            handled = true;
            continue;
          }
          const dueAt = nextDialableMoment(now, campaign, calledPartyOf(contact));
          handled = true;
          if (dueAt.getTime() === now.getTime()) return contact;
          await stepOver(campaign, contact, leaseToken, now);
        } finally {
          if (!handled) await giveBack(contact, leaseToken);
        }
      }
      return null;
    },
  };
}
