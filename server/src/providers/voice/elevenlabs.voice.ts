import { createHmac, timingSafeEqual } from 'node:crypto';
import { ElevenLabsClient, ElevenLabsError, ElevenLabsTimeoutError, type ElevenLabs } from '@elevenlabs/elevenlabs-js';
import { DomainError } from '../../domain/domain-error';
import { systemClock, type Clock } from '../../lib/clock';
import type {
  CallOutcome,
  OutboundCallRequest,
  VoiceAgentConfig,
  VoiceConversation,
  VoiceProvider,
  VoiceWebhookType,
} from './voice.types';

export interface ElevenLabsVoiceOptions {
  apiKey: string;
  /** The vendor by default; the sandbox emulator's address in demos and tests. */
  baseUrl?: string;
  webhookSecret: string;
  /** The Twilio account whose numbers we import: ElevenLabs answers them with these credentials. */
  twilioAccountSid: string;
  twilioAuthToken: string;
  clock?: Clock;
  /** The SDK retries 408, 429 and 5xx twice by default; tests set 0. */
  maxRetries?: number;
}

/** How old a webhook signature may be; the SDK's own `constructEvent` allows the same. */
const WEBHOOK_TOLERANCE_SECS = 30 * 60;
const CONVERSATION_PAGE_SIZE = 100;
const AGENT_PAGE_SIZE = 100;
const WEBHOOK_TYPES: readonly VoiceWebhookType[] = [
  'post_call_transcription',
  'post_call_audio',
  'call_initiation_failure',
];
const OUTCOMES: readonly CallOutcome[] = ['answered', 'voicemail', 'busy', 'no_answer', 'failed'];
const STATUSES: ReadonlyArray<VoiceConversation['status']> = [
  'initiated',
  'in-progress',
  'processing',
  'done',
  'failed',
];

/** Vendor "not found" codes, told apart so the message says which thing is missing. */
const NOT_FOUND_MESSAGES: Record<string, string> = {
  agent_not_found: 'Voice agent not found at the provider',
  phone_number_not_found: 'Phone number not found at the voice provider',
  conversation_not_found: 'Conversation not found at the voice provider',
  document_not_found: 'Knowledge document not found at the voice provider',
};

/** The vendor's explanation, from `{detail:{status,message}}`, `{detail:[{loc,msg}]}` or `{detail:"…"}`. */
function vendorDetail(body: unknown): { code: string | null; message: string | null } {
  const detail = typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
  if (typeof detail === 'string') return { code: null, message: detail };
  if (Array.isArray(detail)) {
    const parts = detail.map((item: { loc?: unknown[]; msg?: string }) => {
      const field = (item.loc ?? []).filter((part) => part !== 'body').join('.');
      return field ? `${field}: ${item.msg ?? 'invalid'}` : (item.msg ?? 'invalid');
    });
    return { code: null, message: parts.join('; ') || null };
  }
  if (typeof detail === 'object' && detail !== null) {
    const { status, message } = detail as { status?: unknown; message?: unknown };
    return {
      code: typeof status === 'string' ? status : null,
      message: typeof message === 'string' ? message : null,
    };
  }
  return { code: null, message: null };
}

/** Turns what the SDK throws into a ProviderError with a message a person can act on; our own bugs pass through. */
function mapElevenLabsError(error: unknown, notFound: string): never {
  if (error instanceof ElevenLabsTimeoutError) {
    throw new DomainError('PROVIDER_TIMEOUT', 'The voice provider did not answer in time');
  }
  if (error instanceof ElevenLabsError) {
    const { code, message } = vendorDetail(error.body);
    const status = error.statusCode;
    if (status === undefined) throw new DomainError('PROVIDER_UNAVAILABLE', 'Could not reach the voice provider');
    if (status === 401) throw new DomainError('PROVIDER_UNAVAILABLE', 'Voice provider rejected our credentials');
    if (status === 403)
      throw new DomainError(
        'PROVIDER_UNAVAILABLE',
        `Voice provider refused the request${message ? `: ${message}` : ''}`,
      );
    if (status === 404) throw new DomainError('PROVIDER_NOT_FOUND', (code && NOT_FOUND_MESSAGES[code]) ?? notFound);
    if (status === 409)
      throw new DomainError('PROVIDER_CONFLICT', `Voice provider reports a conflict${message ? `: ${message}` : ''}`);
    if (status === 400 || status === 422) {
      throw new DomainError('PROVIDER_REJECTED', `Voice provider rejected the request${message ? `: ${message}` : ''}`);
    }
    if (status === 429) throw new DomainError('PROVIDER_BUSY', 'Voice provider is busy; please try again shortly');
    throw new DomainError('PROVIDER_UNAVAILABLE', 'Voice provider is unavailable; please try again later');
  }
  if (error instanceof Error && (error.name === 'ParseError' || error.name === 'JsonError')) {
    throw new DomainError('PROVIDER_UNAVAILABLE', 'Voice provider sent a response we could not read');
  }
  throw error;
}

function conversationConfig(config: VoiceAgentConfig, forUpdate: boolean): ElevenLabs.ConversationalConfig {
  return {
    agent: {
      firstMessage: config.firstMessage,
      language: 'en',
      prompt: {
        prompt: config.prompt,
        knowledgeBase: config.knowledgeBase.map((ref) => ({
          type: ref.type,
          id: ref.id,
          name: ref.name,
          usageMode: 'auto',
        })),
      },
    },
    // No voice means the vendor's default: leave it out on create, send null on update to clear a previous one.
    ...(config.voiceId ? { tts: { voiceId: config.voiceId } } : forUpdate ? { tts: { voiceId: undefined } } : {}),
  };
}

function toConversation(raw: ElevenLabs.GetConversationResponseModel): VoiceConversation {
  const { metadata, analysis } = raw;
  const phoneCall = metadata.phoneCall;
  const status = STATUSES.includes(raw.status) ? raw.status : 'processing';
  return {
    conversationId: raw.conversationId,
    agentId: raw.agentId,
    status,
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

/** The phone call's own result when the vendor gives it; otherwise what the status and ending imply. */
function outcomeOf(raw: ElevenLabs.GetConversationResponseModel): CallOutcome {
  const result = raw.metadata.phoneCall?.callResult;
  if (result && OUTCOMES.includes(result)) return result;
  const reason = (raw.metadata.terminationReason ?? '').toLowerCase();
  if (reason.includes('voicemail')) return 'voicemail';
  if (reason.includes('busy')) return 'busy';
  if (reason.includes('no-answer') || reason.includes('no_answer')) return 'no_answer';
  return raw.status === 'failed' ? 'failed' : 'answered';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses `t=<unix>,v0=<hex>[,v0=<hex>…]`; several v0 values appear while a secret is being rotated. */
function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v0' && value) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/** Per-call data: the contact's variables, its overrides of the agent's prompt and first message, our reference. */
function clientDataOf({
  dynamicVariables,
  overrides,
  userId,
}: Pick<
  OutboundCallRequest,
  'dynamicVariables' | 'overrides' | 'userId'
>): ElevenLabs.ConversationInitiationClientDataRequestInput {
  const agent = {
    ...(overrides?.firstMessage ? { firstMessage: overrides.firstMessage } : {}),
    ...(overrides?.prompt ? { prompt: { prompt: overrides.prompt } } : {}),
  };
  return {
    ...(dynamicVariables && Object.keys(dynamicVariables).length > 0 ? { dynamicVariables } : {}),
    ...(Object.keys(agent).length > 0 ? { conversationConfigOverride: { agent } } : {}),
    ...(userId ? { userId } : {}),
  };
}

/** ElevenLabs Agents through the official SDK; the same code talks to the vendor or to the sandbox. */
export function createElevenLabsVoiceProvider(options: ElevenLabsVoiceOptions): VoiceProvider {
  const client = new ElevenLabsClient({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
  });
  const clock = options.clock ?? systemClock;
  const convai = client.conversationalAi;

  const call = async <T>(request: () => Promise<T>, notFound: string): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      return mapElevenLabsError(error, notFound);
    }
  };

  return {
    name: 'elevenlabs',

    async createAgent(config) {
      const created = await call(
        () =>
          convai.agents.create({
            name: config.name,
            tags: config.tags,
            conversationConfig: conversationConfig(config, false),
          }),
        'Voice agent not found at the provider',
      );
      return { agentId: created.agentId };
    },

    async updateAgent(agentId, config) {
      await call(
        () =>
          convai.agents.update(agentId, {
            name: config.name,
            tags: config.tags,
            conversationConfig: conversationConfig(config, true),
          }),
        'Voice agent not found at the provider',
      );
    },

    async deleteAgent(agentId) {
      await call(() => convai.agents.delete(agentId), 'Voice agent not found at the provider');
    },

    async findAgentsByTag(tag) {
      const agentIds: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await call(
          () => convai.agents.list({ tags: [tag], pageSize: AGENT_PAGE_SIZE, ...(cursor ? { cursor } : {}) }),
          'Voice agent not found at the provider',
        );
        // Only exact tag matches count, whatever the vendor's filter lets through.
        agentIds.push(...page.agents.filter((agent) => agent.tags.includes(tag)).map((agent) => agent.agentId));
        cursor = page.hasMore ? page.nextCursor : undefined;
      } while (cursor);
      return agentIds;
    },

    async createKnowledgeFromUrl(url, name) {
      const created = await call(
        () => convai.knowledgeBase.documents.createFromUrl({ url, name }),
        'Knowledge document not found at the voice provider',
      );
      return { type: 'url', id: created.id, name: created.name };
    },

    async createKnowledgeFromFile(file, name) {
      const created = await call(
        () =>
          convai.knowledgeBase.documents.createFromFile({
            file: { data: file.data, filename: file.filename, contentType: file.mimeType },
            name,
          }),
        'Knowledge document not found at the voice provider',
      );
      return { type: 'file', id: created.id, name: created.name };
    },

    async deleteKnowledgeDocument(documentId) {
      await call(
        () => convai.knowledgeBase.documents.delete(documentId),
        'Knowledge document not found at the voice provider',
      );
    },

    async importTwilioNumber({ phoneNumber, label }) {
      const created = await call(
        () =>
          convai.phoneNumbers.create({
            provider: 'twilio',
            phoneNumber,
            label,
            sid: options.twilioAccountSid,
            token: options.twilioAuthToken,
          }),
        'Phone number not found at the voice provider',
      );
      return { phoneNumberId: created.phoneNumberId };
    },

    async assignPhoneNumber(phoneNumberId, agentId) {
      await call(
        () =>
          agentId
            ? convai.phoneNumbers.update(phoneNumberId, { agentId })
            : convai.phoneNumbers.update(phoneNumberId, {}, { additionalBodyParameters: { agent_id: null } }),
        'Phone number not found at the voice provider',
      );
    },

    async findImportedNumber(phoneNumber) {
      const numbers = await call(() => convai.phoneNumbers.list(), 'Phone number not found at the voice provider');
      const found = numbers.find((entry) => entry.phoneNumber === phoneNumber);
      return found ? { phoneNumberId: found.phoneNumberId, agentId: found.assignedAgent?.agentId ?? null } : null;
    },

    async deletePhoneNumber(phoneNumberId) {
      await call(() => convai.phoneNumbers.delete(phoneNumberId), 'Phone number not found at the voice provider');
    },

    async listConversations(agentId, cursor) {
      const result = await call(
        () =>
          convai.conversations.list({
            agentId,
            pageSize: CONVERSATION_PAGE_SIZE,
            ...(cursor ? { cursor } : {}),
          }),
        'Voice agent not found at the provider',
      );
      return {
        conversations: result.conversations.map((summary) => ({
          conversationId: summary.conversationId,
          agentId: summary.agentId,
          status: STATUSES.includes(summary.status) ? summary.status : 'processing',
          startedAt: new Date(summary.startTimeUnixSecs * 1000).toISOString(),
          durationSec: summary.callDurationSecs,
        })),
        nextCursor: result.hasMore && result.nextCursor ? result.nextCursor : null,
      };
    },

    async getConversation(conversationId) {
      const raw = await call(
        () => convai.conversations.get(conversationId),
        'Conversation not found at the voice provider',
      );
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
        return mapElevenLabsError(error, 'Conversation not found at the voice provider');
      }
    },

    async startOutboundCall({ agentId, agentPhoneNumberId, toNumber, dynamicVariables, overrides, userId }) {
      const clientData = clientDataOf({ dynamicVariables, overrides, userId });
      const result = await call(
        () =>
          convai.twilio.outboundCall({
            agentId,
            agentPhoneNumberId,
            toNumber,
            ...(Object.keys(clientData).length > 0 ? { conversationInitiationClientData: clientData } : {}),
          }),
        'Voice agent or phone number not found at the provider',
      );
      if (!result.success || !result.conversationId) {
        throw new DomainError('PROVIDER_UNAVAILABLE', `The voice provider could not start the call: ${result.message}`);
      }
      return { conversationId: result.conversationId, callSid: result.callSid ?? null };
    },

    async submitBatchCall({ callName, agentId, agentPhoneNumberId, scheduledTimeUnix, recipients }) {
      const created = await call(
        () =>
          convai.batchCalls.create({
            callName,
            agentId,
            agentPhoneNumberId,
            ...(scheduledTimeUnix ? { scheduledTimeUnix } : {}),
            recipients: recipients.map(({ phoneNumber, ...data }) => ({
              phoneNumber,
              conversationInitiationClientData: clientDataOf(data),
            })),
          }),
        'Voice agent or phone number not found at the provider',
      );
      return { batchId: created.id };
    },

    async getBatchCall(batchId) {
      const batch = await call(() => convai.batchCalls.get(batchId), 'Batch call not found at the voice provider');
      return {
        status: batch.status,
        recipients: batch.recipients.map((recipient) => ({
          userId: recipient.conversationInitiationClientData?.userId ?? null,
          status: recipient.status,
          conversationId: recipient.conversationId ?? null,
        })),
      };
    },

    async findConversationsOfUser(agentId, userId) {
      const result = await call(
        () => convai.conversations.list({ agentId, userId, pageSize: CONVERSATION_PAGE_SIZE }),
        'Voice agent not found at the provider',
      );
      return result.conversations.map((summary) => summary.conversationId);
    },

    verifyPostCallWebhook(rawBody, signatureHeader) {
      const parsed = signatureHeader ? parseSignatureHeader(signatureHeader) : null;
      if (!parsed) throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'Missing or malformed webhook signature.');
      const nowSecs = Math.floor(clock.now().getTime() / 1000);
      if (Math.abs(nowSecs - parsed.timestamp) > WEBHOOK_TOLERANCE_SECS) {
        throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'Webhook signature has expired.');
      }
      const expected = createHmac('sha256', options.webhookSecret)
        .update(`${parsed.timestamp}.`)
        .update(rawBody)
        .digest();
      const valid = parsed.signatures.some((signature) => {
        if (!/^[0-9a-f]+$/i.test(signature)) return false;
        const given = Buffer.from(signature, 'hex');
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
      if (!valid) throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'Webhook signature does not match.');

      let event: unknown;
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new DomainError('VALIDATION_FAILED', 'Webhook body is not JSON.');
      }
      const { type: eventType, event_timestamp: eventTimestamp, data } = isRecord(event) ? event : {};
      const type = WEBHOOK_TYPES.find((known) => known === eventType);
      const conversationId = isRecord(data) ? data.conversation_id : undefined;
      const agentId = isRecord(data) ? data.agent_id : undefined;
      if (!type || typeof conversationId !== 'string' || typeof agentId !== 'string') {
        throw new DomainError('VALIDATION_FAILED', 'Webhook body is not an ElevenLabs post-call event.');
      }
      return {
        type,
        conversationId,
        agentId,
        eventTimestamp: typeof eventTimestamp === 'number' ? eventTimestamp : parsed.timestamp,
      };
    },
  };
}
