import { ElevenLabsError, type ElevenLabs } from '@elevenlabs/elevenlabs-js';
import type { CallOutcome, VoiceConversation, VoiceProvider } from '../voice.types';
import type { ConvAi } from './elevenlabs-client';
import { callElevenLabs, mapElevenLabsError } from './elevenlabs-errors';

const CONVERSATION_PAGE_SIZE = 100;
const AGENT_NOT_FOUND = 'Voice agent not found at the provider';
const CONVERSATION_NOT_FOUND = 'Conversation not found at the voice provider';
const OUTCOMES: readonly CallOutcome[] = ['answered', 'voicemail', 'busy', 'no_answer', 'failed'];
const STATUSES: ReadonlyArray<VoiceConversation['status']> = [
  'initiated',
  'in-progress',
  'processing',
  'done',
  'failed',
];

/** A status we do not know yet reads as still processing. */
export const conversationStatusOf = (status: string): VoiceConversation['status'] =>
  STATUSES.find((known) => known === status) ?? 'processing';

/** The phone call's own result when the vendor gives it; otherwise what the status and ending imply. */
export function outcomeOf(raw: ElevenLabs.GetConversationResponseModel): CallOutcome {
  const result = raw.metadata.phoneCall?.callResult;
  if (result && OUTCOMES.includes(result)) return result;
  const reason = (raw.metadata.terminationReason ?? '').toLowerCase();
  if (reason.includes('voicemail')) return 'voicemail';
  if (reason.includes('busy')) return 'busy';
  if (reason.includes('no-answer') || reason.includes('no_answer')) return 'no_answer';
  return raw.status === 'failed' ? 'failed' : 'answered';
}

export function toConversation(raw: ElevenLabs.GetConversationResponseModel): VoiceConversation {
  const { metadata, analysis } = raw;
  const phoneCall = metadata.phoneCall;
  return {
    conversationId: raw.conversationId,
    agentId: raw.agentId,
    status: conversationStatusOf(raw.status),
    startedAt: new Date(metadata.startTimeUnixSecs * 1000).toISOString(),
    durationSec: metadata.callDurationSecs,
    // costFiat is the vendor's charge in US dollars.
    vendorCost: { currency: 'usd', amountMicros: Math.round((metadata.costFiat ?? 0) * 1_000_000) },
    direction: phoneCall?.direction ?? 'inbound',
    agentPhoneNumber: phoneCall?.agentNumber ?? null,
    customerPhoneNumber: phoneCall?.externalNumber ?? null,
    outcome: outcomeOf(raw),
    transcript: raw.transcript.map((turn) => ({
      role: turn.role === 'agent' ? 'agent' : 'user',
      message: turn.message ?? '',
      timeInCallSecs: turn.timeInCallSecs,
    })),
    analysis: analysis
      ? { transcriptSummary: analysis.transcriptSummary, callSuccessful: analysis.callSuccessful }
      : null,
    // ElevenLabs serves audio only through its authenticated API, never at a shareable address.
    recordingUrl: null,
    terminationReason: metadata.terminationReason ?? null,
    userId: raw.userId ?? null,
  };
}

/** Conversations: listed per agent or per contact, read with their transcript, and their recording. */
export function elevenLabsConversations(
  convai: ConvAi,
): Pick<VoiceProvider, 'listConversations' | 'getConversation' | 'getConversationAudio' | 'findConversationsOfUser'> {
  return {
    async listConversations(agentId, cursor) {
      const result = await callElevenLabs(
        () =>
          convai.conversations.list({
            agentId,
            pageSize: CONVERSATION_PAGE_SIZE,
            ...(cursor ? { cursor } : {}),
          }),
        AGENT_NOT_FOUND,
      );
      return {
        conversations: result.conversations.map((summary) => ({
          conversationId: summary.conversationId,
          agentId: summary.agentId,
          status: conversationStatusOf(summary.status),
          startedAt: new Date(summary.startTimeUnixSecs * 1000).toISOString(),
          durationSec: summary.callDurationSecs,
        })),
        nextCursor: result.hasMore && result.nextCursor ? result.nextCursor : null,
      };
    },

    async getConversation(conversationId) {
      const raw = await callElevenLabs(() => convai.conversations.get(conversationId), CONVERSATION_NOT_FOUND);
      return toConversation(raw);
    },

    async getConversationAudio(conversationId) {
      try {
        const { data, rawResponse } = await convai.conversations.audio.get(conversationId).withRawResponse();
        const length = Number(rawResponse.headers.get('content-length'));
        return {
          contentType: rawResponse.headers.get('content-type') ?? 'audio/mpeg',
          contentLength: Number.isSafeInteger(length) && length > 0 ? length : null,
          body: data,
        };
      } catch (error) {
        // No audio (or no such conversation): the call simply has no recording.
        if (error instanceof ElevenLabsError && error.statusCode === 404) return null;
        return mapElevenLabsError(error, CONVERSATION_NOT_FOUND);
      }
    },

    async findConversationsOfUser(agentId, userId) {
      const result = await callElevenLabs(
        () => convai.conversations.list({ agentId, userId, pageSize: CONVERSATION_PAGE_SIZE }),
        AGENT_NOT_FOUND,
      );
      return result.conversations.map((summary) => summary.conversationId);
    },
  };
}
