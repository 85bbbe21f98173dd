import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { newId } from '../../lib/ids';
import type { DialingSettings } from '../campaigns/campaigns.service';
import type { ContactDialingService, DialingContact } from '../contacts/contact-dialing.service';
import type { Caller } from './brake-rules';
import type { DialerClaim } from './dialer-claim';
import type { CampaignsForDialing } from './dialer-ports';
import type { CampaignProgress } from './dialer-progress';
import type { AttemptRef, DialerSettlement } from './dialer-settle';
import { insertAttempt, recordPlacedCall } from './dialer.store';

/** A provider that refused for load is asked again after this. */
const BUSY_RETRY_MS = 60_000;

export type DialerPlacement = ReturnType<typeof createDialerPlacement>;

/**
 * Placing calls through the voice provider: each call's attempt is committed first and carries the attempt's id, so
 * its outcome can be found again whatever happens to the worker that placed it.
 */
export function createDialerPlacement(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'voice' | 'logger'>,
  services: {
    campaigns: Pick<CampaignsForDialing, 'isDialable'>;
    contacts: Pick<ContactDialingService, 'startAttempt'>;
    claim: Pick<DialerClaim, 'giveBack'>;
    settlement: Pick<DialerSettlement, 'settleNotPlaced' | 'settleEnded'>;
    progress: CampaignProgress;
  },
) {
  const { db, clock, config, voice, logger } = deps;
  const { campaigns, contacts, claim, settlement, progress } = services;

  /**
   * Turns a leased contact into an attempt in flight, committed before any call is placed; null when the lease is no
   * longer the holder's, or when the campaign was paused or stopped since its settings were read (the contact is then
   * given back). The call must reach the provider by `placeBy`.
   */
  async function recordAttempt(
    campaignId: string,
    contact: DialingContact,
    leaseToken: string,
    placeBy: Date,
  ): Promise<AttemptRef | null> {
    const recorded = await db.transaction(async (trx): Promise<AttemptRef | null | 'stopped'> => {
      if (!(await campaigns.isDialable(trx, contact.tenantId, campaignId))) return 'stopped';
      const attemptNumber = await contacts.startAttempt(trx, contact.id, leaseToken);
      if (attemptNumber === null) return null;
      const attempt = {
        id: newId(),
        tenantId: contact.tenantId,
        contactId: contact.id,
        campaignId,
        attemptNumber,
        placeBy: placeBy.toISOString(),
      };
      await insertAttempt(trx, attempt, clock.now().toISOString());
      return attempt;
    });
    if (recorded !== 'stopped') return recorded;
    await claim.giveBack(contact, leaseToken);
    return null;
  }

  return {
    recordAttempt,

    /**
     * Records the attempt, then places the call. A call not placed by the attempt's deadline is not placed at all, so
     * the reconciler, which waits past that deadline, never races a slow worker into a second call.
     */
    async place(
      campaign: DialingSettings,
      caller: Caller,
      contact: DialingContact,
      leaseToken: string,
    ): Promise<boolean> {
      const placeByMs = clock.now().getTime() + config.dialerPlaceWindowSec * 1000;
      const attempt = await recordAttempt(campaign.id, contact, leaseToken, new Date(placeByMs));
      if (!attempt) return false;
      const attemptId = attempt.id;
      if (clock.now().getTime() >= placeByMs) {
        await settlement.settleNotPlaced(attempt, 'The call was not placed in time.', null);
        return false;
      }
      try {
        const call = await voice.startOutboundCall({
          agentId: caller.agentId,
          agentPhoneNumberId: caller.phoneNumberId,
          toNumber: contact.phoneNumber,
          dynamicVariables: contact.metadata,
          overrides: {
            prompt: contact.conversationConfig?.prompt,
            firstMessage: contact.conversationConfig?.first_message,
          },
          userId: attemptId,
        });
        await recordPlacedCall(db, attemptId, call);
        await progress.announce(campaign.tenantId, campaign.id);
        return true;
      } catch (error) {
        if (error instanceof DomainError && error.code === 'PROVIDER_BUSY') {
          const dueAgainAt = new Date(clock.now().getTime() + BUSY_RETRY_MS).toISOString();
          await settlement.settleNotPlaced(attempt, error.message, dueAgainAt);
          return false;
        }
        if (error instanceof DomainError && error.code === 'PROVIDER_REJECTED') {
          await settlement.settleEnded(
            attempt,
            { outcome: 'failed', durationSec: null, invalidNumber: true, reason: error.message },
            null,
          );
          return false;
        }
        // Timed out or cut off: the call may be ringing. The reconciler looks it up by the attempt id.
        logger.warn({ err: error, attemptId }, 'outbound call outcome unknown; left to the reconciler');
        return false;
      }
    },
  };
}
