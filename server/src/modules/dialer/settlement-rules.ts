import { CALL_OUTCOMES, countsAsMachine, OUTCOME_RULES } from '@shared/domain/call-outcomes';
import type { CalledParty, CampaignWindow } from '@shared/domain/calling-window';
import type { AttemptOutcome, AttemptStatus, RetryDecision } from '@shared/domain/dialing-retry';
import type { VoiceConversation } from '../../providers/voice/voice.types';
import { NOT_PLACED } from './dialer.store';
import { nextDialableMoment } from './window-rules';

/** How a call ended, as the dialer settles an attempt by it. */
export interface CallEnd {
  outcome: AttemptOutcome;
  durationSec: number | null;
  invalidNumber: boolean;
  reason: string | null;
}

export const ATTEMPT_STATUS_OF: Record<AttemptOutcome, AttemptStatus> = Object.fromEntries(
  CALL_OUTCOMES.map((outcome) => [outcome, OUTCOME_RULES[outcome].attemptStatus]),
) as Record<AttemptOutcome, AttemptStatus>;

/** What the retry policy counts from a contact's attempts: those that reached the provider, and earlier voicemails. */
export function retryHistory(
  history: ReadonlyArray<{ id: string; outcome: string | null }>,
  attemptId: string,
): { attemptsMade: number; earlierVoicemails: number } {
  return {
    attemptsMade: history.filter((earlier) => earlier.outcome !== NOT_PLACED).length,
    earlierVoicemails: history.filter((earlier) => earlier.id !== attemptId && countsAsMachine(earlier.outcome)).length,
  };
}

/**
 * When the contact is due again: a retry that falls outside the window or the legal hours moves to the next allowed
 * moment, never failed for it. Without its campaign (deleted meanwhile) the policy's moment stands.
 */
export function retryMoment(
  decision: Pick<RetryDecision, 'retryAt'>,
  campaign: CampaignWindow | undefined,
  party: CalledParty,
): Date | null {
  if (!decision.retryAt) return null;
  return campaign ? nextDialableMoment(decision.retryAt, campaign, party) : decision.retryAt;
}

/** The vendor's words for a call its agent's limits ended: the silence timeout, the maximum duration. */
export const ENDED_BY_LIMIT = /silence|max(imum)?[ _-]?duration/i;

/** How the provider's conversation ended; null while the call is still on. */
export function endOfConversation(
  conversation: Pick<VoiceConversation, 'status' | 'outcome' | 'durationSec' | 'terminationReason'>,
): CallEnd | null {
  if (conversation.status !== 'done' && conversation.status !== 'failed') return null;
  const reason = conversation.terminationReason ?? null;
  return {
    outcome: conversation.outcome,
    durationSec: Math.max(0, Math.round(conversation.durationSec)),
    invalidNumber: conversation.outcome === 'failed' && /invalid/i.test(reason ?? ''),
    // A reached call keeps its reason only when a limit of the agent ended it (silence, maximum length).
    reason:
      OUTCOME_RULES[conversation.outcome].kind === 'reached' && !ENDED_BY_LIMIT.test(reason ?? '') ? null : reason,
  };
}

/** Whether the provider's conversation shows that somebody picked up and the call is still on. */
export const isConversationLive = (status: VoiceConversation['status']) =>
  status === 'in-progress' || status === 'processing';

/** A campaign's dialing progress from its contacts' counters: finished once every contact is done. */
export function campaignProgress(counts: { completed: number; failed: number; total: number }): {
  done: number;
  total: number;
  finished: boolean;
} {
  const done = counts.completed + counts.failed;
  return { done, total: counts.total, finished: counts.total > 0 && done === counts.total };
}
