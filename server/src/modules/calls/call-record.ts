import type { VoiceConversation } from '../../providers/voice/voice.types';
import type { NewCall } from './calls.store';

const FINAL_STATUSES: ReadonlySet<VoiceConversation['status']> = new Set(['done', 'failed']);

/** Whether the provider's conversation is over, and so can be recorded as a call. */
export function isFinalConversation(status: VoiceConversation['status']): boolean {
  return FINAL_STATUSES.has(status);
}

/** One key per conversation: its transcription, audio and failure events all lead to the same single call. */
export function postCallEventId(conversationId: string): string {
  return `post_call:${conversationId}`;
}

/**
 * The call recorded for a finished conversation: whole non-negative seconds, an end its length after its start, the
 * cost in the tenant's currency beside the vendor's own figure, and the conversation cached as it was read.
 */
export function newCallOf(
  conversation: VoiceConversation,
  call: { id: string; agentId: string; campaignId: string | null; costCents: number; currency: string },
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
    status: conversation.outcome,
    startedAt: started.toISOString(),
    endedAt: new Date(started.getTime() + durationSec * 1000).toISOString(),
    durationSec,
    costCents: call.costCents,
    costCurrency: call.currency,
    vendorCurrency: vendorCost.currency,
    vendorCostMicros: Math.max(0, Math.round(vendorCost.amountMicros)),
    recordingUrl: conversation.recordingUrl,
    voicemailDetected: conversation.outcome === 'voicemail',
    transcript: JSON.stringify(conversation.transcript),
    summary: conversation.analysis?.transcriptSummary ?? null,
    callSuccessful: conversation.analysis?.callSuccessful ?? null,
    conversationData: JSON.stringify(conversation),
  };
}
