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
  /** Tags that tie the vendor's agent back to us, e.g. `tenant:<id>` and `agent:<id>`. */
  tags: string[];
}

export interface VoiceTranscriptTurn {
  role: 'user' | 'agent';
  message: string;
  timeInCallSecs: number;
}

export type CallOutcome = 'answered' | 'voicemail' | 'busy' | 'no_answer' | 'failed';

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
  recordingUrl: string | null;
  /** Why the call ended, in the vendor's words, where it says. */
  terminationReason?: string | null;
  /** The reference the caller gave the conversation when it started it (our call attempt's id). */
  userId?: string | null;
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
}

export interface BatchCallRequest {
  callName: string;
  agentId: string;
  agentPhoneNumberId: string;
  /** Unix seconds; now when absent. */
  scheduledTimeUnix?: number;
  recipients: Array<
    Pick<OutboundCallRequest, 'dynamicVariables' | 'overrides'> & { phoneNumber: string; userId: string }
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
