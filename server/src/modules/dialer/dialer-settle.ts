import { decideRetry } from '@shared/domain/dialing-retry';
import { transferVerdictOf, type TransferVerdict } from '@shared/domain/transfer-target';
import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import type { VoiceConversation } from '../../providers/voice/voice.types';
import type { AgentsService } from '../agents/agents.service';
import type { CallbacksService } from '../callbacks/callbacks.service';
import type { ContactDialingService, DialingContact } from '../contacts/contact-dialing.service';
import type { WebhooksService } from '../webhooks/webhooks.service';
import { findDialingSettings, type CampaignsForDialing } from './dialer-ports';
import type { LineWake } from './dialer-line-wake';
import type { CampaignProgress } from './dialer-progress';
import {
  attemptsOfContact,
  findAttempt,
  findInFlightByConversation,
  markAnswered,
  NOT_PLACED,
  recordPlacedCall,
  releaseLine,
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
    webhooks: Pick<WebhooksService, 'publish'>;
    agents: Pick<AgentsService, 'findByProviderId'>;
    callbacks: Pick<CallbacksService, 'recordMissedTransfer'>;
    lines: Pick<LineWake, 'freed'>;
  },
) {
  const { db, clock } = deps;
  const { campaigns, contacts, progress, webhooks, agents, callbacks, lines } = services;

  /** Ends an attempt that never reached the provider: it does not count as a try, and the contact is due again. */
  async function settleNotPlaced(attempt: AttemptRef, reason: string, dueAgainAt: string | null): Promise<void> {
    await db.transaction(async (trx) => {
      if (await releaseLine(trx, attempt.id)) await lines.freed(attempt.tenantId, trx);
      const settled = await settleAttempt(trx, attempt.id, {
        status: 'failed',
        outcome: NOT_PLACED,
        endedAt: clock.now().toISOString(),
        durationSec: null,
        failureReason: reason,
      });
      if (!settled) return;
      await contacts.settle(trx, attempt.contactId, {
        status: 'pending',
        nextAttemptAt: dueAgainAt,
        conversationId: null,
      });
    });
  }

  /**
   * Ends an attempt by how the call ended, and moves its contact on by the retry policy; `alongside` runs in the same
   * transaction once the attempt is settled (a missed transfer's callback), so it happens exactly once too.
   */
  async function settleEnded(
    attempt: AttemptRef,
    end: CallEnd,
    conversationId: string | null,
    alongside?: (trx: Knex.Transaction, contact: DialingContact) => Promise<void>,
  ): Promise<boolean> {
    // The call is over at the provider: its line is free at once, before the bookkeeping of its outcome.
    if (await releaseLine(db, attempt.id)) await lines.freed(attempt.tenantId);
    const [contact, attempts] = await Promise.all([
      contacts.find(attempt.tenantId, attempt.contactId),
      attemptsOfContact(db, attempt.contactId),
    ]);
    if (!contact) return false;
    const campaign = await findDialingSettings(campaigns, attempt.tenantId, contact.campaignId);
    const history = retryHistory(attempts, attempt.id);
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
      if (alongside) await alongside(trx, contact);
      await contacts.settle(trx, contact.id, {
        status: decision.contactStatus,
        nextAttemptAt: retryAt?.toISOString() ?? null,
        conversationId,
      });
      const ids = { contactId: contact.id, campaignId: contact.campaignId, outcome: end.outcome };
      if (decision.contactStatus === 'completed') {
        await webhooks.publish(attempt.tenantId, 'contact.completed', { ...ids, conversationId }, trx);
      } else if (decision.contactStatus === 'failed') {
        await webhooks.publish(
          attempt.tenantId,
          'contact.failed',
          { ...ids, reason: end.reason ?? decision.reason },
          trx,
        );
      }
      return true;
    });
    if (settled) await progress.announce(attempt.tenantId, contact.campaignId);
    return settled;
  }

  /** How the transfer the agent attempted ended, by the agent's targets and hours; null without one. */
  async function transferVerdict(
    conversation: VoiceConversation,
  ): Promise<{ verdict: TransferVerdict; agentId: string | null } | null> {
    if (!conversation.transfer) return null;
    const agent = await agents.findByProviderId(conversation.agentId);
    const verdict = transferVerdictOf(conversation, agent?.transferTargets ?? [], clock.now());
    return verdict ? { verdict, agentId: agent?.id ?? null } : null;
  }

  /**
   * Settles an attempt from the provider's record of its conversation, if the call is over. A transfer decides the
   * outcome: transferred, or missed — and then a callback is left for the contact with the call's summary.
   */
  async function settleFromConversation(attempt: AttemptRecord, conversation: VoiceConversation): Promise<boolean> {
    const ended = endOfConversation(conversation);
    if (!ended) {
      if (isConversationLive(conversation.status)) await markAnswered(db, attempt.id);
      return false;
    }
    const transfer = await transferVerdict(conversation);
    const end: CallEnd = transfer ? { ...ended, outcome: transfer.verdict.outcome, reason: null } : ended;
    const missed = transfer?.verdict.outcome === 'transfer_missed' ? transfer.verdict : null;
    return settleEnded(
      attempt,
      end,
      conversation.conversationId,
      missed
        ? (trx, contact) =>
            callbacks.recordMissedTransfer(trx, {
              tenantId: attempt.tenantId,
              campaignId: contact.campaignId,
              contact,
              agentId: transfer?.agentId ?? null,
              conversationId: conversation.conversationId,
              summary: conversation.analysis?.transcriptSummary ?? null,
              verdict: missed,
            })
        : undefined,
    );
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
