import type { VoiceConversation } from '../../providers/voice/voice.types';

/**
 * The conversation with its call text redacted (each transcript turn and the provider's summary), before anything of
 * it is stored; its numbers, ids and figures stay as they are (the called number is the call's subject, not text).
 */
export function redactedConversation(
  conversation: VoiceConversation,
  redact: ((text: string) => string) | null,
): VoiceConversation {
  if (!redact) return conversation;
  return {
    ...conversation,
    transcript: conversation.transcript.map((turn) => ({ ...turn, message: redact(turn.message) })),
    analysis: conversation.analysis
      ? { ...conversation.analysis, transcriptSummary: redact(conversation.analysis.transcriptSummary) }
      : null,
  };
}
