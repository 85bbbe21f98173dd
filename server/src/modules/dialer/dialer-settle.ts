import { decideRetry } from '@shared/domain/dialing-retry';
import type { AppDeps } from '../../app-deps';
import type { VoiceConversation } from '../../providers/voice/voice.types';
import type { ContactDialingService } from '../contacts/contact-dialing.service';
import { findDialingSettings, type CampaignsForDialing } from './dialer-ports';
import type { CampaignProgress } from './dialer-progress';
import {
  attemptsOfContact,
  findAttempt,
  findInFlightByConversation,
  markAnswered,
  NOT_PLACED,
  recordPlacedCall,
  settleAttempt,
  type AttemptRecord,
} from './dialer.store';
import {
  ATTEMPT_STATUS_OF,
  endOfConversation,
  isConversationLive,
  retryHistory,
  retryMoment,
  type CallEnd,
} from './settlement-rules';
import { calledPartyOf } from './window-rules';

/** What settling needs to know of an attempt. */
export type AttemptRef = Pick<AttemptRecord, 'id' | 'tenantId' | 'contactId'>;

export type DialerSettlement = ReturnType<typeof createDialerSettlement>;

/**
 * Recording how attempts ended, exactly once each, and moving their contacts on by the retry policy: due again,
 * completed or failed.
 */
export function createDialerSettlement(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  services: {
    campaigns: Pick<CampaignsForDialing, 'dialingSettings'>;
    contacts: Pick<ContactDialingService, 'find' | 'settle'>;
    progress: CampaignProgress;
  },
) {
  const { db, clock } = deps;
  const { campaigns, contacts, progress } = services;

  /** Ends an attempt that never reached the provider: it does not count as a try, and the contact is due again. */
  async function settleNotPlaced(attempt: AttemptRef, reason: string, dueAgainAt: string | null): Promise<void> {
    await db.transaction(async (trx) => {
      const settled = await settleAttempt(trx, attempt.id, {
        status: 'failed',
        outcome: NOT_PLACED,
        endedAt: clock.now().toISOString(),
        durationSec: null,
        failureReason: reason,
      });
      if (settled)
        await contacts.settle(trx, attempt.contactId, {
          status: 'pending',
          nextAttemptAt: dueAgainAt,
          conversationId: null,
        });
    });
  }

  /** Ends an attempt by how the call ended, and moves its contact on by the retry policy. */
  async function settleEnded(attempt: AttemptRef, end: CallEnd, conversationId: string | null): Promise<boolean> {
    const contact = await contacts.find(attempt.tenantId, attempt.contactId);
    if (!contact) return false;
    const campaign = await findDialingSettings(campaigns, attempt.tenantId, contact.campaignId);
    const history = retryHistory(await attemptsOfContact(db, contact.id), attempt.id);
    const endedAt = clock.now();
    const decision = decideRetry({
      outcome: end.outcome,
      ...history,
      maxRetries: contact.maxRetries,
      retryDelayMinutes: contact.retryDelayMinutes,
      invalidNumber: end.invalidNumber,
      endedAt,
    });
    const retryAt = retryMoment(decision, campaign, calledPartyOf(contact));
    const settled = await db.transaction(async (trx) => {
      const settled = await settleAttempt(trx, attempt.id, {
        status: ATTEMPT_STATUS_OF[end.outcome],
        outcome: end.outcome,
        endedAt: endedAt.toISOString(),
        durationSec: end.durationSec,
        failureReason: end.reason,
        conversationId,
      });
      if (!settled) return false;
      await contacts.settle(trx, contact.id, {
        status: decision.contactStatus,
        nextAttemptAt: retryAt?.toISOString() ?? null,
        conversationId,
      });
      return true;
    });
    if (settled) await progress.announce(attempt.tenantId, contact.campaignId);
    return settled;
  }

  /** Settles an attempt from the provider's record of its conversation, if the call is over. */
  async function settleFromConversation(attempt: AttemptRecord, conversation: VoiceConversation): Promise<boolean> {
    const end = endOfConversation(conversation);
    if (!end) {
      if (isConversationLive(conversation.status)) await markAnswered(db, attempt.id);
      return false;
    }
    return settleEnded(attempt, end, conversation.conversationId);
  }

  return {
    settleNotPlaced,
    settleEnded,
    settleFromConversation,

    /**
     * After the post-call webhook, with the conversation its job read from the provider: settles the attempt that
     * placed it, if it is ours and open.
     */
    async settleConversation(conversation: VoiceConversation): Promise<boolean> {
      const { conversationId } = conversation;
      const known = await findInFlightByConversation(db, conversationId);
      // A batch's calls, or a call whose worker stopped before noting it, are found by the attempt id they carry.
      const attempt = known ?? (conversation.userId ? await findAttempt(db, conversation.userId) : undefined);
      if (!attempt || (attempt.conversationId && attempt.conversationId !== conversationId)) return false;
      if (!attempt.conversationId) await recordPlacedCall(db, attempt.id, { conversationId, callSid: null });
      return settleFromConversation(attempt, conversation);
    },
  };
}
