import type { MachineEvidence } from '@shared/api/machine-verdicts.types';
import { OUTCOME_RULES, type CallOutcome } from '@shared/domain/call-outcomes';
import type { TransferVerdict } from '@shared/domain/transfer-target';
import type { VoiceConversation } from '../../providers/voice/voice.types';
import type { NewCall } from './calls.store';

const FINAL_STATUSES: ReadonlySet<VoiceConversation['status']> = new Set(['done', 'failed']);

/** Whether the provider's conversation is over, and so can be recorded as a call. */
export function isFinalConversation(status: VoiceConversation['status']): boolean {
  return FINAL_STATUSES.has(status);
}

/** The evidence keeps what was said in the call's first this many seconds. */
export const EVIDENCE_SECONDS = 10;
const EVIDENCE_MAX_CHARS = 1000;

/**
 * The evidence of a machine verdict (voicemail left, machine without a message, screened, fax): the detection and the
 * first seconds of transcript; null for any other outcome.
 */
export function machineEvidenceOf(
  conversation: Pick<VoiceConversation, 'outcome' | 'machine' | 'transcript' | 'terminationReason'>,
): MachineEvidence | null {
  if (!OUTCOME_RULES[conversation.outcome].machineVerdict) return null;
  const transcriptStart = conversation.transcript
    .filter((turn) => turn.timeInCallSecs <= EVIDENCE_SECONDS && turn.message.trim())
    .map((turn) => `${turn.role === 'agent' ? 'Agent' : 'Callee'}: ${turn.message.trim()}`)
    .join('\n')
    .slice(0, EVIDENCE_MAX_CHARS);
  return {
    detection: conversation.machine?.answeredBy ?? conversation.terminationReason ?? null,
    voicemailMessage: conversation.machine?.voicemailMessage ?? null,
    transcriptStart,
  };
}

/** One key per conversation: its transcription, audio and failure events all lead to the same single call. */
export function postCallEventId(conversationId: string): string {
  return `post_call:${conversationId}`;
}

/** The call's outcome: the provider's verdict, or the transfer's when the agent attempted one. */
export function callOutcomeOf(
  conversation: Pick<VoiceConversation, 'outcome'>,
  verdict: TransferVerdict | null,
): CallOutcome {
  return verdict?.outcome ?? conversation.outcome;
}

/**
 * The call recorded for a finished conversation: whole non-negative seconds, an end its length after its start, the
 * cost in the tenant's currency beside the vendor's own figure, and the conversation cached as it was read.
 */
export function newCallOf(
  conversation: VoiceConversation,
  call: { id: string; agentId: string; campaignId: string | null; costCents: number; currency: string },
  verdict: TransferVerdict | null = null,
): NewCall {
  const started = new Date(conversation.startedAt);
  const durationSec = Math.max(0, Math.round(conversation.durationSec));
  const { vendorCost } = conversation;
  return {
    id: call.id,
    agentId: call.agentId,
    campaignId: call.campaignId,
    conversationId: conversation.conversationId,
    phoneNumber: conversation.agentPhoneNumber,
    customerPhoneNumber: conversation.customerPhoneNumber,
    direction: conversation.direction,
    status: callOutcomeOf(conversation, verdict),
    startedAt: started.toISOString(),
    endedAt: new Date(started.getTime() + durationSec * 1000).toISOString(),
    durationSec,
    costCents: call.costCents,
    costCurrency: call.currency,
    vendorCurrency: vendorCost.currency,
    vendorCostMicros: Math.max(0, Math.round(vendorCost.amountMicros)),
    recordingUrl: conversation.recordingUrl,
    voicemailDetected: conversation.outcome === 'voicemail' || OUTCOME_RULES[conversation.outcome].machineVerdict,
    machineEvidence: machineEvidenceOf(conversation),
    transcript: JSON.stringify(conversation.transcript),
    summary: conversation.analysis?.transcriptSummary ?? null,
    callSuccessful: conversation.analysis?.callSuccessful ?? null,
    conversationData: JSON.stringify(conversation),
    transfer: verdict
      ? {
          targetName: verdict.targetName,
          targetNumber: verdict.targetNumber,
          ringSecs: verdict.ringSecs,
          answered: verdict.answered,
        }
      : null,
  };
}
