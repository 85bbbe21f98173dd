import type { CallOutcome } from '@shared/domain/call-outcomes';
import type { ScreeningBotTreatment } from '@shared/domain/machine-handling';

export type { CallOutcome } from '@shared/domain/call-outcomes';

/** The voice-agent provider (ElevenLabs Agents): what the product needs of it, in its own words. */

export interface VoiceKnowledgeRef {
  type: 'url' | 'file';
  id: string;
  name: string;
}

export interface VoiceAgentConfig {
  name: string;
  /** The system prompt: persona, purpose, instructions and closing, built by the agents service. */
  prompt: string;
  firstMessage: string;
  /** The vendor's voice id (voices.elevenlabs_id), or null for the vendor's default. */
  voiceId: string | null;
  knowledgeBase: VoiceKnowledgeRef[];
  /** Numbers the agent may transfer a caller to (the vendor's transfer_to_number tool); empty for none. */
  transfers?: VoiceTransfer[];
  /** Tags that tie the vendor's agent back to us, e.g. `tenant:<id>` and `agent:<id>`. */
  tags: string[];
  /** Limits that protect the bill: hang up after this many seconds of silence, and after this long in all. */
  limits?: VoiceCallLimits;
}

export interface VoiceCallLimits {
  silenceTimeoutSeconds: number;
  maxCallSeconds: number;
  /** End the call when the callee puts the agent on hold music. */
  endCallOnHoldMusic: boolean;
}

/** One number the agent may transfer to, and when, in words (conference: the agent stays until the target answers). */
export interface VoiceTransfer {
  phoneNumber: string;
  condition: string;
  transferType: 'conference' | 'sip_refer';
  /** How long the target may ring before the transfer gives up. */
  ringTimeoutSecs: number;
}

/** What the vendor reports of a transfer the agent attempted during a call. */
export interface VoiceTransferAttempt {
  toNumber: string;
  /** Seconds the transfer tool ran: the ringing until the target answered or the attempt gave up. */
  ringSecs: number;
  answered: boolean;
  /** Seconds into the call the transfer began. */
  atSecs: number;
}

export interface VoiceTranscriptTurn {
  role: 'user' | 'agent';
  message: string;
  timeInCallSecs: number;
}

/**
 * What answer classification found, with its evidence: the answering-machine verdict (Twilio's `AnsweredBy` words, or
 * the voicemail tool's reason) and whether a message was left.
 */
export interface MachineDetection {
  answeredBy: string | null;
  /** The voicemail tool was invoked (ElevenLabs `voicemail_detection`). */
  voicemailToolCalled: boolean;
  /** The message the tool left, when it left one. */
  voicemailMessage: string | null;
}

export interface VoiceConversation {
  conversationId: string;
  agentId: string;
  status: 'initiated' | 'in-progress' | 'processing' | 'done' | 'failed';
  startedAt: string;
  durationSec: number;
  /**
   * What the vendor charged for the call, in its own currency (US dollars for ElevenLabs) and in millionths of
   * a dollar, so fractions of a cent survive; our service converts it to the tenant's currency at the configured rate.
   */
  vendorCost: { currency: 'usd'; amountMicros: number };
  direction: 'inbound' | 'outbound';
  agentPhoneNumber: string | null;
  customerPhoneNumber: string | null;
  outcome: CallOutcome;
  transcript: VoiceTranscriptTurn[];
  analysis: { transcriptSummary: string; callSuccessful: 'success' | 'failure' | 'unknown' } | null;
  /** When a caller whose transfer was missed asked to be called back (UTC ISO), from the post-call analysis. */
  requestedCallbackAt?: string | null;
  /** A shareable address of the recording, where the vendor gives one. */
  recordingUrl: string | null;
  /** Whether the vendor holds audio of the call (served through its API even without an address). */
  hasRecording: boolean;
  /** Why the call ended, in the vendor's words, where it says. */
  terminationReason?: string | null;
  /** The reference the caller gave the conversation when it started it (our call attempt's id). */
  userId?: string | null;
  /** The transfer the agent attempted, if any (the last one when several). */
  transfer?: VoiceTransferAttempt | null;
  /** Answer classification, where the vendor reports one (outbound calls). */
  machine?: MachineDetection | null;
}

/** A conversation's recording, streamed from the vendor. */
export interface VoiceAudio {
  /** audio/mpeg from ElevenLabs. */
  contentType: string;
  /** Bytes, when the vendor says. */
  contentLength: number | null;
  body: ReadableStream<Uint8Array>;
}

export interface OutboundCallRequest {
  agentId: string;
  agentPhoneNumberId: string;
  toNumber: string;
  /** The contact's metadata, for the agent's {{variables}}; keys pass through unchanged. */
  dynamicVariables?: Record<string, string>;
  /** Per-call overrides of the agent's prompt and first message. */
  overrides?: { prompt?: string; firstMessage?: string };
  /** Ties the conversation to our record of the call (the attempt id). */
  userId?: string;
  /** What the agent does when a machine answers: the message to leave (filled for this contact), or null to hang up. */
  machineHandling?: { voicemailMessage: string | null; screeningBot: ScreeningBotTreatment };
  /** How long to wait for the provider's answer; the SDK's default when absent. */
  timeoutMs?: number;
}

export interface BatchCallRequest {
  callName: string;
  agentId: string;
  agentPhoneNumberId: string;
  /** Unix seconds; now when absent. */
  scheduledTimeUnix?: number;
  recipients: Array<
    Pick<OutboundCallRequest, 'dynamicVariables' | 'overrides' | 'machineHandling'> & {
      phoneNumber: string;
      userId: string;
    }
  >;
}

export type BatchRecipientStatus =
  'pending' | 'dispatched' | 'initiated' | 'in_progress' | 'completed' | 'failed' | 'cancelled' | 'voicemail';

export interface BatchCallState {
  status: 'pending' | 'in_progress' | 'completed' | 'failed' | 'cancelled';
  recipients: Array<{ userId: string | null; status: BatchRecipientStatus; conversationId: string | null }>;
}

export interface VoiceConversationPage {
  conversations: Array<Pick<VoiceConversation, 'conversationId' | 'agentId' | 'status' | 'startedAt' | 'durationSec'>>;
  nextCursor: string | null;
}

/**
 * What a post-call webhook reports: a finished conversation, its audio, or an outbound call that never connected
 * (busy, no answer); any of them means the conversation can be fetched and recorded.
 */
export type VoiceWebhookType = 'post_call_transcription' | 'post_call_audio' | 'call_initiation_failure';

export interface VoiceProvider {
  readonly name: 'elevenlabs';
  createAgent(config: VoiceAgentConfig): Promise<{ agentId: string }>;
  updateAgent(agentId: string, config: VoiceAgentConfig): Promise<void>;
  deleteAgent(agentId: string): Promise<void>;
  /** The vendor's agents carrying the tag; the vendor takes no idempotency key, so a tag finds an agent again. */
  findAgentsByTag(tag: string): Promise<string[]>;
  createKnowledgeFromUrl(url: string, name: string): Promise<VoiceKnowledgeRef>;
  createKnowledgeFromFile(
    file: { data: Buffer; filename: string; mimeType: string },
    name: string,
  ): Promise<VoiceKnowledgeRef>;
  deleteKnowledgeDocument(documentId: string): Promise<void>;
  /** Imports a Twilio number so the vendor answers it; returns the vendor's phone number id. */
  importTwilioNumber(input: {
    phoneNumber: string;
    label: string;
    twilioSid: string;
  }): Promise<{ phoneNumberId: string }>;
  /** Points an imported number at an agent, or at none. */
  assignPhoneNumber(phoneNumberId: string, agentId: string | null): Promise<void>;
  /** The imported number with this E.164 number, and the agent answering it, if the vendor has it. */
  findImportedNumber(phoneNumber: string): Promise<{ phoneNumberId: string; agentId: string | null } | null>;
  /** Removes an imported number from the vendor; do this before releasing it at the telephony provider. */
  deletePhoneNumber(phoneNumberId: string): Promise<void>;
  listConversations(agentId: string, cursor?: string | null): Promise<VoiceConversationPage>;
  getConversation(conversationId: string): Promise<VoiceConversation>;
  /** The conversation's recording as the vendor streams it, or null when it has none. */
  getConversationAudio(conversationId: string): Promise<VoiceAudio | null>;
  /**
   * Deletes the conversation at the vendor, its recording and transcript with it (a retention purge); one the vendor
   * no longer has counts as deleted.
   */
  deleteConversation(conversationId: string): Promise<void>;
  startOutboundCall(input: OutboundCallRequest): Promise<{ conversationId: string; callSid: string | null }>;
  /**
   * The conversations started with this user id (we pass the call attempt's id), so an attempt whose placing was cut
   * short can be looked up rather than dialled again.
   */
  findConversationsOfUser(agentId: string, userId: string): Promise<string[]>;
  /** Sends many calls at once (or at a time) through the vendor's batch calling; it knows no windows or caps. */
  submitBatchCall(input: BatchCallRequest): Promise<{ batchId: string }>;
  /** A batch with each recipient's status and, once dialled, its conversation. */
  getBatchCall(batchId: string): Promise<BatchCallState>;
  /** Checks the post-call webhook's signature over the raw body; returns the conversation id it reports. */
  verifyPostCallWebhook(
    rawBody: Buffer,
    signatureHeader: string | undefined,
  ): { conversationId: string; agentId: string; eventTimestamp: number; type: VoiceWebhookType };
}
