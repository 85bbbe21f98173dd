import { ElevenLabsError, type ElevenLabs } from '@elevenlabs/elevenlabs-js';
import { BASE_CALL_OUTCOMES } from '@shared/domain/call-outcomes';
import { ISO_DATE_TIME } from '@shared/schemas/strict-text.schema';
import type {
  CallOutcome,
  MachineDetection,
  VoiceConversation,
  VoiceProvider,
  VoiceTransferAttempt,
} from '../voice.types';
import { CALLBACK_TIME_ITEM } from './elevenlabs-agents';
import type { ConvAi } from './elevenlabs-client';
import { callElevenLabs, mapElevenLabsError } from './elevenlabs-errors';

const CONVERSATION_PAGE_SIZE = 100;
const AGENT_NOT_FOUND = 'Voice agent not found at the provider';
const CONVERSATION_NOT_FOUND = 'Conversation not found at the voice provider';
/** The phone call's own results the vendor reports; answer classification is read from the voicemail tool. */
const OUTCOMES: readonly CallOutcome[] = BASE_CALL_OUTCOMES;
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

/**
 * What the agent's `voicemail_detection` system tool concluded, from its result in the transcript: the tool's reason
 * (the answering-machine verdict, e.g. Twilio's `machine_end_beep`, `fax`, or a call screener) and the message it
 * left. Null when the tool was never invoked: a person answered, or the call never connected.
 */
export function machineDetectionOf(
  raw: Pick<ElevenLabs.GetConversationResponseModel, 'transcript'>,
): MachineDetection | null {
  for (const turn of raw.transcript) {
    for (const toolResult of turn.toolResults ?? []) {
      if (toolResult.type !== 'system' || !('result' in toolResult)) continue;
      // The SDK passes the result's union through as the wire has it (snake_case); read either spelling.
      const result = (toolResult.result ?? null) as Record<string, unknown> | null;
      if (!result || (result.resultType ?? result.result_type) !== 'voicemail_detection_success') continue;
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
      return {
        answeredBy: text(result.reason),
        voicemailToolCalled: true,
        voicemailMessage: text(result.voicemailMessage ?? result.voicemail_message),
      };
    }
  }
  return null;
}

/** A machine verdict as an outcome: a fax line, a call screener treated as a machine, a message left, or none. */
export function machineOutcomeOf(machine: MachineDetection): CallOutcome {
  const verdict = (machine.answeredBy ?? '').toLowerCase();
  if (verdict.includes('fax')) return 'fax';
  if (verdict.includes('screen')) return 'screened';
  return machine.voicemailMessage ? 'voicemail_left' : 'machine_no_message';
}

/** The phone call's own result when the vendor gives it; otherwise what the status and ending imply. */
export function outcomeOf(raw: ElevenLabs.GetConversationResponseModel): CallOutcome {
  const machine = machineDetectionOf(raw);
  if (machine) return machineOutcomeOf(machine);
  const result = raw.metadata.phoneCall?.callResult;
  if (result && OUTCOMES.includes(result)) return result;
  const reason = (raw.metadata.terminationReason ?? '').toLowerCase();
  if (reason.includes('voicemail')) return 'voicemail';
  if (reason.includes('busy')) return 'busy';
  if (reason.includes('no-answer') || reason.includes('no_answer')) return 'no_answer';
  return raw.status === 'failed' ? 'failed' : 'answered';
}

const TRANSFER_TOOL = 'transfer_to_number';

/** The number a transfer tool call asked for, from its parameters (`transfer_number`, as the vendor names it). */
function requestedNumber(paramsAsJson: string): string | null {
  try {
    const params = JSON.parse(paramsAsJson) as unknown;
    if (typeof params !== 'object' || params === null) return null;
    const value =
      (params as Record<string, unknown>).transfer_number ?? (params as Record<string, unknown>).phone_number;
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The `result_type` of a tool's result as its JSON text carries it. */
function resultTypeOf(resultValue: string | undefined): string | null {
  try {
    const parsed = JSON.parse(resultValue ?? '') as unknown;
    const type = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).result_type : null;
    return typeof type === 'string' ? type : null;
  } catch {
    return null;
  }
}

/**
 * The last transfer_to_number the agent attempted, from the transcript's tool calls and their system results: a
 * success result means the target answered; an error, that it did not. The tool's latency is how long it rang.
 */
export function transferOf(
  raw: Pick<ElevenLabs.GetConversationResponseModel, 'transcript'>,
): VoiceTransferAttempt | null {
  let found: VoiceTransferAttempt | null = null;
  for (const turn of raw.transcript) {
    for (const result of turn.toolResults ?? []) {
      if (result.type !== 'system' || result.toolName !== TRANSFER_TOOL) continue;
      const call = (turn.toolCalls ?? []).find((entry) => entry.requestId === result.requestId);
      const outcome = result.result;
      const resultType = outcome?.resultType ?? resultTypeOf(result.resultValue);
      const succeeded =
        !result.isError &&
        (resultType === 'transfer_to_number_twilio_success' || resultType === 'transfer_to_number_sip_success');
      const toNumber =
        (outcome && 'transferNumber' in outcome && typeof outcome.transferNumber === 'string'
          ? outcome.transferNumber
          : null) ?? (call ? requestedNumber(call.paramsAsJson) : null);
      if (!toNumber) continue;
      found = {
        toNumber,
        ringSecs: Math.max(0, Math.round(result.toolLatencySecs ?? 0)),
        answered: succeeded,
        atSecs: turn.timeInCallSecs,
      };
    }
  }
  return found;
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
    hasRecording: raw.hasAudio,
    terminationReason: metadata.terminationReason ?? null,
    userId: raw.userId ?? null,
    transfer: transferOf(raw),
    machine: machineDetectionOf(raw),
    requestedCallbackAt: requestedCallbackAtOf(raw),
  };
}

/** The callback time the caller asked for, as the analysis collected it; null when none or not a date and time. */
function requestedCallbackAtOf(raw: ElevenLabs.GetConversationResponseModel): string | null {
  const value = raw.analysis?.dataCollectionResults?.[CALLBACK_TIME_ITEM]?.value;
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value.trim())) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/** Conversations: listed per agent or per contact, read with their transcript, and their recording. */
export function elevenLabsConversations(
  convai: ConvAi,
): Pick<
  VoiceProvider,
  'listConversations' | 'getConversation' | 'getConversationAudio' | 'deleteConversation' | 'findConversationsOfUser'
> {
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

    async deleteConversation(conversationId) {
      try {
        await convai.conversations.delete(conversationId);
      } catch (error) {
        // Already gone (deleted by an earlier pass, or by the vendor's own retention): nothing left to delete.
        if (error instanceof ElevenLabsError && error.statusCode === 404) return;
        mapElevenLabsError(error, CONVERSATION_NOT_FOUND);
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
