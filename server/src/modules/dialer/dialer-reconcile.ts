import type { AppDeps } from '../../app-deps';
import { isProviderNotFound } from '../../lib/provider-call';
import type { BatchCallState } from '../../providers/voice/voice.types';
import type { AgentsService } from '../agents/agents.service';
import type { ContactDialingService } from '../contacts/contact-dialing.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import { createAttemptReconciliation } from './attempt-reconciliation';
import { findDialingSettings, type CampaignsForDialing } from './dialer-ports';
import type { DialerSettlement } from './dialer-settle';
import { attemptsToReconcile, recordPlacedCall, type AttemptRecord } from './dialer.store';

const RECONCILE_BATCH = 200;

/**
 * Settles what webhooks did not, from the providers' own records; reads only, never dials. Leases a crash left are
 * freed; placed calls and attempts past their deadline are read from the provider — by conversation id, or, where the
 * worker died before it learnt it, by the attempt id the call carried — so a call whose end was lost frees its line
 * at the next run. An attempt the provider has no call for once the grace after its deadline has passed was never
 * placed, and its contact is due again.
 */
export function createDialerReconciler(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'voice' | 'telephony' | 'logger'>,
  services: {
    campaigns: Pick<CampaignsForDialing, 'dialingSettings'>;
    contacts: Pick<ContactDialingService, 'find' | 'releaseExpired'>;
    agents: Pick<AgentsService, 'require'>;
    phoneNumbers: Pick<PhoneNumbersService, 'ofAgent'>;
    settlement: Pick<DialerSettlement, 'settleEnded' | 'settleNotPlaced' | 'settleFromConversation'>;
  },
) {
  const { db, clock, config, voice, logger } = deps;
  const { campaigns, contacts, agents, settlement } = services;
  const carrier = createAttemptReconciliation({ ...deps, ...services, settleEnded: settlement.settleEnded });

  /** The provider's id of the agent that placed an attempt's call (active or not). */
  async function providerAgentOf(attempt: AttemptRecord): Promise<string | null> {
    const campaign = attempt.campaignId
      ? await findDialingSettings(campaigns, attempt.tenantId, attempt.campaignId)
      : undefined;
    if (!campaign?.agentId) return null;
    const agent = await agents.require(attempt.tenantId, campaign.agentId).catch(() => null);
    return agent?.elevenlabsAgentId ?? null;
  }

  /**
   * The conversation that placed an attempt's call, from the provider: its batch's recipient, or a conversation
   * carrying the attempt id. `wait` while a batch has yet to dial it; null when the provider has no call for it.
   */
  async function conversationOfAttempt(
    attempt: AttemptRecord,
    batches: Map<string, Promise<BatchCallState>>,
  ): Promise<string | null | 'wait'> {
    if (attempt.batchCallId) {
      const batchId = attempt.batchCallId;
      if (!batches.has(batchId)) batches.set(batchId, voice.getBatchCall(batchId));
      const batch = await (batches.get(batchId) as Promise<BatchCallState>);
      const recipient = batch.recipients.find((entry) => entry.userId === attempt.id);
      if (recipient?.conversationId) return recipient.conversationId;
      const waiting = recipient?.status === 'pending' || recipient?.status === 'dispatched';
      return waiting && batch.status !== 'cancelled' ? 'wait' : null;
    }
    const providerAgentId = await providerAgentOf(attempt);
    // Without the provider's agent the call cannot be looked up, so it is not assumed unplaced either.
    if (!providerAgentId) return 'wait';
    return (await voice.findConversationsOfUser(providerAgentId, attempt.id))[0] ?? null;
  }

  return {
    async reconcile(): Promise<{ released: number; settled: number; notPlaced: number }> {
      const released = await contacts.releaseExpired();
      const now = clock.now();
      const graceOver = new Date(now.getTime() - config.dialerReconcileGraceSec * 1000).toISOString();
      let settled = 0;
      let notPlaced = 0;
      const batches = new Map<string, Promise<BatchCallState>>();
      for (const attempt of await attemptsToReconcile(db, now.toISOString(), RECONCILE_BATCH)) {
        try {
          let conversationId = attempt.conversationId;
          if (!conversationId) {
            const found = await conversationOfAttempt(attempt, batches);
            // Until the grace is over, a call not found may still be on its way to the provider.
            if (found === 'wait' || (!found && (attempt.placeBy ?? '') >= graceOver)) continue;
            conversationId = found;
            if (!conversationId) {
              const carried = await carrier.settleFromCarrier(attempt);
              settled += carried === 'settled' ? 1 : 0;
              if (carried !== 'none') continue;
              await settlement.settleNotPlaced(attempt, 'The call was not placed: its worker stopped first.', null);
              notPlaced += 1;
              continue;
            }
            await recordPlacedCall(db, attempt.id, { conversationId, callSid: null });
          }
          const conversation = await voice.getConversation(conversationId).catch((error: unknown) => {
            if (isProviderNotFound(error)) return null;
            throw error;
          });
          // A conversation the voice provider no longer has is read from the carrier's call instead.
          const done = conversation
            ? await settlement.settleFromConversation(attempt, conversation)
            : (await carrier.settleFromCarrier(attempt)) === 'settled';
          if (done) settled += 1;
        } catch (error) {
          logger.warn({ err: error, attemptId: attempt.id }, 'attempt not reconciled yet');
        }
      }
      return { released, settled, notPlaced };
    },
  };
}
