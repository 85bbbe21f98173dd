import type { TranscriptTurn } from '@shared/api/calls.types';
import type { VoiceConversation } from '../../providers/voice/voice.types';

/** The provider's conversation cached on a call, or null when there is none or it cannot be read. */
export function cachedConversation(data: string | null): VoiceConversation | null {
  if (!data) return null;
  try {
    const parsed = JSON.parse(data) as VoiceConversation | null;
    return parsed && Array.isArray(parsed.transcript) ? parsed : null;
  } catch {
    return null;
  }
}

/** The transcript in the API's words (spec 001 §3). */
export function transcriptOf(conversation: VoiceConversation): TranscriptTurn[] {
  return conversation.transcript.map((turn) => ({
    role: turn.role === 'agent' ? 'agent' : 'user',
    message: turn.message,
    time_in_call_secs: turn.timeInCallSecs,
  }));
}
