import type { Logger } from 'pino';
import {
  collectData,
  evaluateCriteria,
  type DataCollectionItem,
  type DataCollectionResult,
  type EvaluationCriterion,
  type EvaluationResult,
} from './call-analysis';
import {
  buildCallScript,
  fillVariables,
  callbackAfterSecsAsked,
  skipsOpening,
  transferRequest,
  type ScriptTransfer,
  type AnswerScenario,
  type CallHandling,
  type ScriptTurn,
  type SimulatedOutcome,
} from './call-script';
import type { SandboxStore } from './sandbox.store';
import type { CarriedCall } from './twilio/twilio.emulator';
import { twilioSid, vendorId } from './vendor-ids';
import type { WebhookDelivery } from './webhook.delivery';

export interface SimulatedCallRequest {
  agent: {
    agentId: string;
    name: string;
    firstMessage: string;
    prompt: string;
    dataCollection: Record<string, DataCollectionItem>;
    evaluationCriteria: EvaluationCriterion[];
    /** The agent's transfer_to_number targets, and how long its transfer tool waits for an answer. */
    transfers?: Array<{ phoneNumber: string; condition: string }>;
    transferTimeoutSecs?: number;
  };
  direction: 'inbound' | 'outbound';
  /** The imported number the call went through; null for a call straight to an agent with no number. */
  phoneNumber: { phoneNumberId: string; phoneNumber: string } | null;
  externalNumber: string;
  dynamicVariables: Record<string, unknown>;
  outcome: SimulatedOutcome;
  /** Who answers an answered call (a person when absent), and how the agent meets a machine and its limits. */
  answer?: AnswerScenario;
  handling?: CallHandling;
  /** The caller's own reference for the conversation (conversation_initiation_client_data.user_id). */
  userId?: string | null;
  /** The batch and recipient that placed the call, when a batch did. */
  batchCall?: BatchCallReference;
}

/** `metadata.batch_call` of a conversation a batch placed, as the vendor names it. */
export interface BatchCallReference {
  batch_call_id: string;
  batch_call_recipient_id: string;
}

/** A conversation as GET /v1/convai/conversations/{id} and the post-call webhook carry it. */
export interface WireConversation {
  agent_id: string;
  agent_name: string;
  conversation_id: string;
  status: 'initiated' | 'in-progress' | 'processing' | 'done' | 'failed';
  user_id: string | null;
  has_audio: boolean;
  has_user_audio: boolean;
  has_response_audio: boolean;
  has_auxiliary_audio: boolean;
  transcript: ScriptTurn[];
  metadata: {
    start_time_unix_secs: number;
    accepted_time_unix_secs?: number;
    call_duration_secs: number;
    cost: number;
    cost_fiat: number;
    termination_reason: string;
    main_language: string;
    conversation_initiation_source: 'twilio' | 'unknown';
    phone_call?: {
      type: 'twilio';
      direction: 'inbound' | 'outbound';
      phone_number_id: string;
      agent_number: string;
      external_number: string;
      call_result: SimulatedOutcome;
      stream_sid: string;
      call_sid: string;
    };
    batch_call?: BatchCallReference;
  };
  analysis?: {
    call_successful: 'success' | 'failure' | 'unknown';
    transcript_summary: string;
    call_summary_title: string;
    evaluation_criteria_results: Record<string, EvaluationResult>;
    data_collection_results: Record<string, DataCollectionResult>;
  };
  conversation_initiation_client_data: { dynamic_variables: Record<string, unknown> };
}

interface ConversationRecord {
  startedAtMs: number;
  completesAtMs: number;
  completed: boolean;
  outcome: SimulatedOutcome;
  /** The finished conversation, decided when the call starts; reads before the end show part of it. */
  final: WireConversation;
}

export interface CallSimulator {
  startCall(request: SimulatedCallRequest): { conversationId: string; callSid: string | null };
  get(conversationId: string): WireConversation | undefined;
  /** Every conversation as it stands now, oldest first; only the agent's when one is named. */
  list(filter?: { agentId?: string }): WireConversation[];
  /** Calls not finished yet (the vendor refuses new ones past its concurrency limit). */
  running(): number;
  delete(conversationId: string): boolean;
  /**
   * Stores conversations that already happened (a demo's history) as finished, in one transaction: no call runs and
   * no webhook is sent, since whoever imports them has recorded them already.
   */
  importFinished(conversations: readonly WireConversation[]): void;
  /** Forgets many conversations in one transaction; returns how many it had. */
  deleteMany(conversationIds: readonly string[]): number;
  close(): void;
}

/** Roughly what ElevenLabs charges for a phone minute: credits, and US dollars. */
const CREDITS_PER_MINUTE = 1000;
const USD_PER_MINUTE = 0.1;

/** The transfer the called number asks for, to the agent's first target; none when it has no target. */
function transferOfCall(request: SimulatedCallRequest): ScriptTransfer | null {
  const asked = request.outcome === 'answered' ? transferRequest(request.externalNumber) : null;
  const target = request.agent.transfers?.[0];
  if (!asked || !target) return null;
  return {
    phoneNumber: target.phoneNumber,
    condition: target.condition,
    answered: asked === 'answered',
    timeoutSecs: request.agent.transferTimeoutSecs ?? DEFAULT_TOOL_TIMEOUT_SECS,
    callbackAfterSecs: callbackAfterSecsAsked(request.externalNumber),
  };
}

/** The vendor's default response timeout of a system tool. */
const DEFAULT_TOOL_TIMEOUT_SECS = 20;

/** The finished conversation, and the answering-machine verdict its Twilio call reports (`AnsweredBy`). */
function finalConversation(
  request: SimulatedCallRequest,
  conversationId: string,
  startedAtMs: number,
): { conversation: WireConversation; answeredBy: string | null } {
  const { agent, direction, phoneNumber, outcome } = request;
  const script = buildCallScript({
    agentName: agent.name,
    firstMessage: fillVariables(agent.firstMessage, request.dynamicVariables),
    prompt: fillVariables(agent.prompt, request.dynamicVariables),
    direction,
    outcome,
    seed: conversationId,
    transfer: transferOfCall(request),
    skipsOpening: direction === 'outbound' && skipsOpening(request.externalNumber),
    ...(request.answer ? { answer: request.answer } : {}),
    ...(request.handling ? { handling: request.handling } : {}),
  });
  const startSecs = Math.floor(startedAtMs / 1000);
  const connected = script.analysis !== null;
  const conversation: WireConversation = {
    agent_id: agent.agentId,
    agent_name: agent.name,
    conversation_id: conversationId,
    status: connected ? 'done' : 'failed',
    user_id: request.userId ?? null,
    // A connected call has a recording (the emulator serves a generated one); one that never connected has none.
    has_audio: connected,
    has_user_audio: connected,
    has_response_audio: connected,
    has_auxiliary_audio: false,
    transcript: script.transcript,
    metadata: {
      start_time_unix_secs: startSecs,
      ...(connected ? { accepted_time_unix_secs: startSecs } : {}),
      call_duration_secs: script.durationSecs,
      cost: Math.round((script.durationSecs / 60) * CREDITS_PER_MINUTE),
      cost_fiat: Math.round((script.durationSecs / 60) * USD_PER_MINUTE * 10_000) / 10_000,
      termination_reason: script.terminationReason,
      main_language: 'en',
      conversation_initiation_source: phoneNumber ? 'twilio' : 'unknown',
      ...(phoneNumber
        ? {
            phone_call: {
              type: 'twilio' as const,
              direction,
              phone_number_id: phoneNumber.phoneNumberId,
              agent_number: phoneNumber.phoneNumber,
              external_number: request.externalNumber,
              call_result: outcome,
              stream_sid: twilioSid('MZ'),
              call_sid: twilioSid('CA'),
            },
          }
        : {}),
      ...(request.batchCall ? { batch_call: request.batchCall } : {}),
    },
    ...(script.analysis
      ? {
          analysis: {
            call_successful: script.analysis.callSuccessful,
            transcript_summary: script.analysis.summary,
            call_summary_title: script.analysis.title,
            evaluation_criteria_results: evaluateCriteria(agent.evaluationCriteria, script.analysis.callSuccessful),
            data_collection_results: collectData(agent.dataCollection, {
              callSuccessful: script.analysis.callSuccessful,
              dynamicVariables: request.dynamicVariables,
              requestedCallbackAt: script.callbackAfterSecs
                ? new Date(startedAtMs + (script.durationSecs + script.callbackAfterSecs) * 1000).toISOString()
                : null,
            }),
          },
        }
      : {}),
    conversation_initiation_client_data: { dynamic_variables: request.dynamicVariables },
  };
  return { conversation, answeredBy: script.answeredBy };
}

/** The call so far: its status moves with the time elapsed and the transcript grows turn by turn. */
function inFlightView(record: ConversationRecord, nowMs: number): WireConversation {
  const { final } = record;
  const span = Math.max(record.completesAtMs - record.startedAtMs, 1);
  const progress = Math.min(Math.max((nowMs - record.startedAtMs) / span, 0), 1);
  const answered = final.status === 'done';
  const status = !answered || progress < 0.2 ? 'initiated' : progress < 0.85 ? 'in-progress' : 'processing';
  const spokenSecs = status === 'initiated' ? 0 : Math.round(progress * final.metadata.call_duration_secs);
  const { analysis: _analysis, ...withoutAnalysis } = final;
  return {
    ...withoutAnalysis,
    status,
    transcript: status === 'initiated' ? [] : final.transcript.filter((turn) => turn.time_in_call_secs <= spokenSecs),
    metadata: { ...final.metadata, call_duration_secs: spokenSecs, cost: 0, cost_fiat: 0 },
  };
}

/** How ElevenLabs and Twilio name a call that never connected. */
const NOT_CONNECTED = {
  busy: { reason: 'busy', twilioStatus: 'busy' },
  no_answer: { reason: 'no-answer', twilioStatus: 'no-answer' },
  failed: { reason: 'unknown', twilioStatus: 'failed' },
} as const;

function webhookEvent(conversation: WireConversation, outcome: SimulatedOutcome): object {
  const eventTimestamp = Math.floor(Date.now() / 1000);
  if (conversation.status === 'done') {
    return { type: 'post_call_transcription', event_timestamp: eventTimestamp, data: conversation };
  }
  const phoneCall = conversation.metadata.phone_call;
  const failure = NOT_CONNECTED[outcome as keyof typeof NOT_CONNECTED] ?? NOT_CONNECTED.failed;
  return {
    type: 'call_initiation_failure',
    event_timestamp: eventTimestamp,
    data: {
      agent_id: conversation.agent_id,
      conversation_id: conversation.conversation_id,
      failure_reason: failure.reason,
      metadata: {
        type: 'twilio',
        body: {
          CallSid: phoneCall?.call_sid ?? null,
          CallStatus: failure.twilioStatus,
          To: phoneCall?.external_number ?? null,
          From: phoneCall?.agent_number ?? null,
          Direction: 'outbound-api',
        },
      },
    },
  };
}

/**
 * Runs simulated phone calls: each one ends after `callDelayMs` with its conversation finished and its webhook
 * queued, in one transaction. Calls still running when the sandbox stops finish after the next start.
 */
export function createCallSimulator(options: {
  store: SandboxStore;
  callDelayMs: number;
  webhooks: WebhookDelivery;
  /** The Twilio account that carries calls on imported numbers: each call exists there under the same SID. */
  telephony?: { carryCall(call: CarriedCall): string };
  logger?: Logger;
}): CallSimulator {
  const { store, callDelayMs, webhooks, telephony, logger } = options;
  const conversations = store.collection<ConversationRecord>('elevenlabs.conversations');
  const timers = new Map<string, NodeJS.Timeout>();

  const complete = (conversationId: string) => {
    timers.delete(conversationId);
    store.transaction(() => {
      const record = conversations.get(conversationId);
      if (!record || record.completed) return;
      conversations.put(conversationId, { ...record, completed: true });
      webhooks.enqueue(webhookEvent(record.final, record.outcome));
    });
    logger?.info({ conversationId }, 'elevenlabs sandbox: call finished');
  };

  const schedule = (conversationId: string, completesAtMs: number) => {
    const timer = setTimeout(() => complete(conversationId), Math.max(completesAtMs - Date.now(), 0));
    timer.unref();
    timers.set(conversationId, timer);
  };

  // Only the calls still running are read back (JSON false is 0 to SQLite), not every conversation kept.
  for (const record of conversations.allWhere('$.completed', 0)) {
    schedule(record.final.conversation_id, record.completesAtMs);
  }

  /** The conversation's phone call, placed in the Twilio account with the same outcome and length. */
  const withTwilioCall = (conversation: WireConversation, answeredBy: string | null): WireConversation => {
    const phoneCall = conversation.metadata.phone_call;
    if (!phoneCall || !telephony) return conversation;
    const outbound = phoneCall.direction === 'outbound';
    const callSid = telephony.carryCall({
      direction: outbound ? 'outbound-api' : 'inbound',
      from: outbound ? phoneCall.agent_number : phoneCall.external_number,
      to: outbound ? phoneCall.external_number : phoneCall.agent_number,
      outcome: phoneCall.call_result,
      talkSecs: conversation.metadata.call_duration_secs,
      answeredBy,
    });
    return { ...conversation, metadata: { ...conversation.metadata, phone_call: { ...phoneCall, call_sid: callSid } } };
  };

  const forget = (conversationId: string) => {
    clearTimeout(timers.get(conversationId));
    timers.delete(conversationId);
    return conversations.delete(conversationId);
  };

  const view = (record: ConversationRecord) => (record.completed ? record.final : inFlightView(record, Date.now()));

  return {
    startCall(request) {
      const conversationId = vendorId('conv_');
      const startedAtMs = Date.now();
      const built = finalConversation(request, conversationId, startedAtMs);
      const final = withTwilioCall(built.conversation, built.answeredBy);
      const record: ConversationRecord = {
        startedAtMs,
        completesAtMs: startedAtMs + callDelayMs,
        completed: false,
        outcome: request.outcome,
        final,
      };
      conversations.put(conversationId, record);
      schedule(conversationId, record.completesAtMs);
      logger?.info(
        { conversationId, agentId: request.agent.agentId, direction: request.direction, outcome: request.outcome },
        'elevenlabs sandbox: call started',
      );
      return { conversationId, callSid: final.metadata.phone_call?.call_sid ?? null };
    },
    get(conversationId) {
      const record = conversations.get(conversationId);
      return record ? view(record) : undefined;
    },
    list(filter = {}) {
      const stored = filter.agentId ? conversations.allWhere('$.final.agent_id', filter.agentId) : conversations.all();
      return stored.map(view);
    },
    running() {
      return timers.size;
    },
    delete: forget,
    importFinished(finished) {
      store.transaction(() => {
        for (const final of finished) {
          const startedAtMs = final.metadata.start_time_unix_secs * 1000;
          conversations.put(final.conversation_id, {
            startedAtMs,
            completesAtMs: startedAtMs + final.metadata.call_duration_secs * 1000,
            completed: true,
            outcome: final.metadata.phone_call?.call_result ?? (final.status === 'done' ? 'answered' : 'failed'),
            final,
          });
        }
      });
    },
    deleteMany(conversationIds) {
      return store.transaction(() => conversationIds.filter(forget).length);
    },
    close() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
