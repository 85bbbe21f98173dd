import type { Knex } from 'knex';
import { isCallAllowed } from '@shared/domain/calling-window';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { untilWallClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { DialingSettings } from '../campaigns/campaigns.service';
import type { ContactDialingService, DialingContact } from '../contacts/contact-dialing.service';
import type { Caller } from './brake-rules';
import type { DialerClaim } from './dialer-claim';
import { callContentOf, type CampaignsForDialing } from './dialer-ports';
import type { CampaignProgress } from './dialer-progress';
import type { DialerReserve, Held, NotNow } from './dialer-reserve';
import type { AttemptRef, DialerSettlement } from './dialer-settle';
import { insertAttempt, recordPlacedCall } from './dialer.store';
import { calledPartyOf, nextDialableMoment } from './window-rules';

/** A provider that refused for load is asked again after this. */
const BUSY_RETRY_MS = 60_000;

/** Why a leased contact was not called: the campaign stopped, its lease was lost, or a capacity was not free. */
export type NotPlaced = NotNow | 'paused' | 'lease';

/** Rolls the attempt's transaction back (giving back all it took) and says why. */
class NotNowError extends Error {
  constructor(readonly reason: NotPlaced) {
    super(reason);
  }
}

export type DialerPlacement = ReturnType<typeof createDialerPlacement>;

/**
 * Placing calls through the voice provider: each call's attempt is committed first, with the capacity it holds, and
 * carries the attempt's id, so its outcome can be found again whatever happens to the worker that placed it.
 */
export function createDialerPlacement(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'voice' | 'logger'>,
  services: {
    campaigns: Pick<CampaignsForDialing, 'isDialable'>;
    contacts: Pick<ContactDialingService, 'startAttempt'>;
    claim: Pick<DialerClaim, 'giveBack' | 'stepOver'>;
    reserve: Pick<DialerReserve, 'hold' | 'sent' | 'unsent'>;
    settlement: Pick<DialerSettlement, 'settleNotPlaced' | 'settleEnded'>;
    progress: CampaignProgress;
  },
) {
  const { db, clock, config, voice, logger } = deps;
  const { campaigns, contacts, claim, reserve, settlement, progress } = services;

  /** The lease turned into an attempt in `trx`, once the campaign is known to run; throws NotNowError otherwise. */
  async function attemptIn(trx: Knex.Transaction, campaignId: string, contact: DialingContact, leaseToken: string) {
    if (!(await campaigns.isDialable(trx, contact.tenantId, campaignId))) throw new NotNowError('paused');
    const attemptNumber = await contacts.startAttempt(trx, contact.id, leaseToken);
    if (attemptNumber === null) throw new NotNowError('lease');
    const now = clock.now();
    return {
      id: newId(),
      tenantId: contact.tenantId,
      contactId: contact.id,
      campaignId,
      attemptNumber,
      placeBy: new Date(now.getTime() + config.dialerPlaceWindowSec * 1000).toISOString(),
    };
  }

  /** Runs an attempt's transaction; its result, or why it rolled back. */
  async function inAttemptTransaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T | NotPlaced> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (error instanceof NotNowError) return error.reason;
      throw error;
    }
  }

  /**
   * Gives a contact not called back: at its next allowed moment when its hours closed, otherwise due as it was. One
   * that waits for a pace slot or a line stays with its holder, who waits for the next.
   */
  async function giveBack(campaign: DialingSettings, contact: DialingContact, leaseToken: string, why: NotPlaced) {
    if (why === 'lease' || why === 'pacing' || why === 'concurrency') return;
    if (why === 'window') await claim.stepOver(campaign, contact, leaseToken, clock.now());
    else await claim.giveBack(contact, leaseToken);
  }

  /**
   * Sends the call of a recorded attempt: whether it was placed, and when the provider had answered the request (the
   * call, if any, started there before that moment).
   */
  async function send(
    campaign: DialingSettings,
    caller: Caller,
    contact: DialingContact,
    attempt: AttemptRef,
  ): Promise<{ placed: boolean; answeredAtMs: number }> {
    const attemptId = attempt.id;
    let answeredAtMs = Date.now();
    try {
      const call = await voice.startOutboundCall({
        agentId: caller.agentId,
        agentPhoneNumberId: caller.phoneNumberId,
        toNumber: contact.phoneNumber,
        ...callContentOf(contact, campaign),
        userId: attemptId,
        timeoutMs: config.dialerCallRequestTimeoutMs,
      });
      answeredAtMs = Date.now();
      await recordPlacedCall(db, attemptId, call);
      await progress.announce(campaign.tenantId, campaign.id);
      return { placed: true, answeredAtMs };
    } catch (error) {
      answeredAtMs = Math.max(answeredAtMs, Date.now());
      if (error instanceof DomainError && error.code === 'PROVIDER_BUSY') {
        const dueAgainAt = new Date(clock.now().getTime() + BUSY_RETRY_MS).toISOString();
        await settlement.settleNotPlaced(attempt, error.message, dueAgainAt);
        return { placed: false, answeredAtMs };
      }
      if (error instanceof DomainError && error.code === 'PROVIDER_REJECTED') {
        await settlement.settleEnded(
          attempt,
          { outcome: 'failed', durationSec: null, invalidNumber: true, reason: error.message },
          null,
        );
        return { placed: false, answeredAtMs };
      }
      // Timed out or cut off: the call may be ringing. The reconciler looks it up by the attempt id.
      logger.warn({ err: error, attemptId }, 'outbound call outcome unknown; left to the reconciler');
      return { placed: false, answeredAtMs };
    }
  }

  return {
    /**
     * Turns a leased contact into an attempt in flight, committed before any call is placed, holding no dialer
     * capacity (a batch's calls are paced by the provider); null when the lease is no longer the holder's, or when
     * the campaign was paused or stopped since its settings were read (the contact is then given back).
     */
    async recordAttempt(
      campaignId: string,
      contact: DialingContact,
      leaseToken: string,
      placeBy: Date,
    ): Promise<AttemptRef | null> {
      const recorded = await inAttemptTransaction(async (trx) => {
        const attempt = { ...(await attemptIn(trx, campaignId, contact, leaseToken)), placeBy: placeBy.toISOString() };
        await insertAttempt(trx, attempt, clock.now().toISOString());
        return attempt;
      });
      if (typeof recorded !== 'string') return recorded;
      if (recorded === 'paused') await claim.giveBack(contact, leaseToken);
      return null;
    },

    /**
     * Records the attempt with everything checked and held at that moment — the campaign still running, the window
     * and legal hours, interval, cap, a line and a pace slot — then sends the call as soon as its pace slot frees (at
     * once, or a few milliseconds later). The contact is given back when anything is not free, except a pace slot or
     * a line: the caller keeps it to wait for the next. A call not sent by the attempt's deadline is not sent at all,
     * so the reconciler, which waits past that deadline, never races a slow worker into a second call.
     */
    async place(
      campaign: DialingSettings,
      caller: Caller,
      contact: DialingContact,
      leaseToken: string,
    ): Promise<NotPlaced | 'placed' | 'failed'> {
      const recorded = await inAttemptTransaction(async (trx) => {
        const attempt = await attemptIn(trx, campaign.id, contact, leaseToken);
        const now = clock.now();
        const held: Held | NotNow = await reserve.hold(trx, campaign, contact, attempt.id, now);
        if (typeof held === 'string') throw new NotNowError(held);
        await insertAttempt(trx, attempt, now.toISOString());
        return { attempt, held };
      });
      if (typeof recorded === 'string') {
        await giveBack(campaign, contact, leaseToken, recorded);
        return recorded;
      }
      const { attempt, held } = recorded;
      await untilWallClock(held.sendAtMs);
      const sentAt = { business: clock.now(), wallMs: Date.now() };
      if (sentAt.business.toISOString() >= attempt.placeBy) {
        await reserve.unsent(held);
        await settlement.settleNotPlaced(attempt, 'The call was not placed in time.', null);
        return 'failed';
      }
      // Checked for the moment of sending when the attempt was recorded; a late timer must not carry a call past it.
      const party = calledPartyOf(contact);
      if (!isCallAllowed(sentAt.business, campaign, party)) {
        const dueAt = nextDialableMoment(sentAt.business, campaign, party).toISOString();
        await reserve.unsent(held);
        await settlement.settleNotPlaced(attempt, 'The calling hours ended before the call was sent.', dueAt);
        return 'failed';
      }
      const { placed, answeredAtMs } = await send(campaign, caller, contact, attempt);
      await reserve.sent(campaign, held, { business: sentAt.business, wallMs: answeredAtMs });
      return placed ? 'placed' : 'failed';
    },
  };
}
