import {
  CONVERSATION_UNAVAILABLE_MESSAGE,
  TRANSCRIPT_DELETED_MESSAGE,
  type CallDetailResponse,
} from '@shared/api/calls.types';
import { publicAnalysis, type CallAnalysis } from '@shared/schemas/calls.schema';
import type { VoiceConversation } from '../../providers/voice/voice.types';
import { transcriptOf } from './call-conversation';
import { DELETED_AGENT_NAME, type CallRecord } from './calls.store';

/**
 * A call with its conversation as the API answers it (spec 001 §3): the spec's fallback text when there is no
 * conversation, otherwise its transcript, the provider's analysis and ours.
 */
export function callDetailOf(
  call: CallRecord,
  conversation: VoiceConversation | null,
  conversationCachedAt: string | null,
): CallDetailResponse {
  const summary = {
    agentName: call.agentName ?? DELETED_AGENT_NAME,
    startedAt: call.startedAt,
    durationSec: call.durationSec,
    costCents: call.costCents,
    currency: call.costCurrency,
    conversationId: call.conversationId,
    outcome: call.status,
    transfer: call.transfer,
    disclosureMissing: call.disclosureMissing,
  };
  const analysed = call.analysis ? publicAnalysis(JSON.parse(call.analysis) as CallAnalysis) : null;
  if (!conversation) {
    return {
      call: summary,
      message: call.transcriptPurgedAt ? TRANSCRIPT_DELETED_MESSAGE : CONVERSATION_UNAVAILABLE_MESSAGE,
      conversation: null,
      transcriptUnavailable: true,
      conversationCachedAt: null,
      analysedAt: call.analysedAt,
      hasRecording: !call.recordingPurgedAt && call.recordingUrl !== null,
    };
  }
  return {
    call: summary,
    conversation: {
      transcript: transcriptOf(conversation),
      analysis: conversation.analysis
        ? {
            transcript_summary: conversation.analysis.transcriptSummary,
            call_successful: conversation.analysis.callSuccessful,
          }
        : null,
      sentimentAnalysis: analysed,
    },
    // An empty transcript is a call nobody spoke on (unanswered, a machine), not one the provider could not return.
    transcriptUnavailable: false,
    conversationCachedAt,
    analysedAt: call.analysedAt,
    hasRecording: !call.recordingPurgedAt && (conversation.hasRecording || call.recordingUrl !== null),
  };
}
