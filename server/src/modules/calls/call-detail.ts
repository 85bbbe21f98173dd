import { CONVERSATION_UNAVAILABLE_MESSAGE, type CallDetailResponse } from '@shared/api/calls.types';
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
  };
  const analysed = call.analysis ? publicAnalysis(JSON.parse(call.analysis) as CallAnalysis) : null;
  if (!conversation) {
    return {
      call: summary,
      message: CONVERSATION_UNAVAILABLE_MESSAGE,
      conversation: null,
      transcriptUnavailable: true,
      conversationCachedAt: null,
      analysedAt: call.analysedAt,
      recordingUrl: call.recordingUrl,
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
    transcriptUnavailable: conversation.transcript.length === 0,
    conversationCachedAt,
    analysedAt: call.analysedAt,
    recordingUrl: conversation.recordingUrl ?? call.recordingUrl,
  };
}
