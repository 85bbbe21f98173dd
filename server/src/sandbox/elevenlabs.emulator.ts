import { randomBytes } from 'node:crypto';
import Koa, { type Context } from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import busboy from 'busboy';
import type { Logger } from 'pino';
import { VOICES } from '../db/seeds/catalogue';
import { DomainError } from '../domain/domain-error';
import { outboundOutcome } from './call-script';
import type { CallSimulator, WireConversation } from './call.simulator';
import { vendorErrors } from './sandbox.server';
import type { SandboxStore } from './sandbox.store';
import type { TwilioAccount } from './twilio.emulator';
import { vendorId } from './vendor-ids';

type Json = Record<string, unknown>;

interface AgentRecord {
  agent_id: string;
  name: string;
  tags: string[];
  conversation_config: Json;
  platform_settings: Json;
  created_at_unix_secs: number;
  updated_at_unix_secs: number;
}

interface DocumentRecord {
  id: string;
  name: string;
  type: 'url' | 'file' | 'text';
  url: string | null;
  filename: string | null;
  size_bytes: number;
  extracted_text: string;
  created_at_unix_secs: number;
}

interface PhoneNumberRecord {
  phone_number_id: string;
  phone_number: string;
  label: string;
  supports_inbound: boolean;
  supports_outbound: boolean;
  agent_id: string | null;
}

export interface InboundCallRequest {
  /** The imported number that was dialled; its assigned agent answers. */
  phoneNumber?: string;
  /** Or the agent to call directly (through its number if it has one). */
  agentId?: string;
  callerNumber?: string;
}

export interface ElevenLabsEmulator {
  app: Koa;
  apiKey: string;
  simulateInboundCall(request: InboundCallRequest): { conversationId: string; callSid: string | null };
}

const E164 = /^\+[1-9]\d{6,14}$/;
const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
const KNOWLEDGE_FILE_TYPES = /\.(pdf|txt|md|html?|docx|epub)$/i;
const TEXT_FILE_TYPES = /\.(txt|md|html?)$/i;
const ACCESS_INFO = {
  is_creator: true,
  creator_name: 'Parley Sandbox',
  creator_email: 'sandbox@parley.test',
  role: 'admin',
};

const nowSecs = () => Math.floor(Date.now() / 1000);
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function objectAt(value: unknown, ...path: string[]): Json | undefined {
  let current: unknown = value;
  for (const key of path) current = isObject(current) ? current[key] : undefined;
  return isObject(current) ? current : undefined;
}

/** PATCH semantics of the Agents API: objects merge, everything else replaces, null removes. */
function deepMerge(base: Json, patch: Json): Json {
  const merged: Json = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else if (isObject(value) && isObject(merged[key])) merged[key] = deepMerge(merged[key] as Json, value);
    else merged[key] = value;
  }
  return merged;
}

function detailError(ctx: Context, status: number, code: string, message: string): void {
  ctx.status = status;
  ctx.body = { detail: { status: code, message } };
}

/** FastAPI's 422: one entry per field. */
function validationFailed(ctx: Context, errors: Array<{ field: string; msg: string; type: string }>): void {
  ctx.status = 422;
  ctx.body = { detail: errors.map(({ field, msg, type }) => ({ loc: ['body', field], msg, type })) };
}

function missingFields(body: Json, fields: string[]): Array<{ field: string; msg: string; type: string }> {
  return fields
    .filter((field) => body[field] === undefined || body[field] === null || body[field] === '')
    .map((field) => ({ field, msg: 'Field required', type: 'missing' }));
}

function jsonBody(ctx: Context): Json {
  const body: unknown = ctx.request.body;
  return isObject(body) ? body : {};
}

function queryValue(ctx: Context, name: string): string | undefined {
  const value = ctx.query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function decodeCursor(cursor: string): [number, string] {
  const decoded = parseJson(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (Array.isArray(decoded) && typeof decoded[0] === 'number' && typeof decoded[1] === 'string') {
    return [decoded[0], decoded[1]];
  }
  throw Object.assign(new Error('Invalid cursor'), { status: 422, loc: ['query', 'cursor'] });
}

/** Newest-first pages with an opaque cursor that stays valid while items are added or removed. */
function page<T>(
  items: T[],
  key: (item: T) => [number, string],
  cursor: string | undefined,
  size: number,
): { items: T[]; next_cursor: string | null; has_more: boolean } {
  const sorted = [...items].sort((a, b) => {
    const [ka, ia] = key(a);
    const [kb, ib] = key(b);
    return kb - ka || ib.localeCompare(ia);
  });
  let start = 0;
  if (cursor) {
    const [ck, cid] = decodeCursor(cursor);
    start = sorted.findIndex((item) => {
      const [k, id] = key(item);
      return k < ck || (k === ck && id < cid);
    });
    if (start === -1) start = sorted.length;
  }
  const slice = sorted.slice(start, start + size);
  const hasMore = start + size < sorted.length;
  const last = slice.at(-1);
  return {
    items: slice,
    next_cursor: hasMore && last ? Buffer.from(JSON.stringify(key(last))).toString('base64url') : null,
    has_more: hasMore,
  };
}

function pageSizeOf(ctx: Context, fallback: number, max: number): number {
  const size = Number(queryValue(ctx, 'page_size') ?? fallback);
  return Number.isInteger(size) && size > 0 ? Math.min(size, max) : fallback;
}

interface UploadedFile {
  filename: string;
  data: Buffer;
  truncated: boolean;
  fields: Record<string, string>;
}

function readMultipart(ctx: Context): Promise<UploadedFile | null> {
  return new Promise((resolve, reject) => {
    const parser = busboy({ headers: ctx.req.headers, limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    const fields: Record<string, string> = {};
    let file: Omit<UploadedFile, 'fields'> | null = null;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        file = { filename: info.filename ?? '', data: Buffer.concat(chunks), truncated: stream.truncated === true };
      });
    });
    parser.on('error', reject);
    parser.on('close', () => resolve(file ? { ...file, fields } : null));
    ctx.req.pipe(parser);
  });
}

/**
 * The ElevenLabs Agents Platform API as providers.md §1 describes it: agents, knowledge base, voices, imported
 * Twilio numbers, conversations and outbound calls, with the vendor's paths, snake_case fields and errors.
 */
export function createElevenLabsEmulator(options: {
  store: SandboxStore;
  calls: CallSimulator;
  twilio: TwilioAccount;
  logger?: Logger;
}): ElevenLabsEmulator {
  const { store, calls, twilio, logger } = options;
  const apiKey = store.setting('elevenlabs.api_key', () => `sk_sandbox_${randomBytes(20).toString('hex')}`);
  const agents = store.collection<AgentRecord>('elevenlabs.agents');
  const documents = store.collection<DocumentRecord>('elevenlabs.knowledge_base');
  const phoneNumbers = store.collection<PhoneNumberRecord>('elevenlabs.phone_numbers');
  const settings = store.collection<Json>('elevenlabs.settings');
  const voiceIds = new Set(VOICES.map((voice) => voice.elevenlabsId));

  const numbersOf = (agentId: string) => phoneNumbers.all().filter((entry) => entry.agent_id === agentId);
  const agentsUsing = (documentId: string) =>
    agents.all().filter((agent) => {
      const refs = objectAt(agent.conversation_config, 'agent', 'prompt')?.knowledge_base;
      return Array.isArray(refs) && refs.some((ref) => isObject(ref) && ref.id === documentId);
    });

  const phoneNumberView = (entry: PhoneNumberRecord) => {
    const agent = entry.agent_id ? agents.get(entry.agent_id) : undefined;
    return {
      phone_number: entry.phone_number,
      label: entry.label,
      supports_inbound: entry.supports_inbound,
      supports_outbound: entry.supports_outbound,
      phone_number_id: entry.phone_number_id,
      assigned_agent: agent ? { agent_id: agent.agent_id, agent_name: agent.name } : null,
      provider: 'twilio',
    };
  };

  const agentView = (agent: AgentRecord) => ({
    agent_id: agent.agent_id,
    name: agent.name,
    conversation_config: agent.conversation_config,
    metadata: { created_at_unix_secs: agent.created_at_unix_secs, updated_at_unix_secs: agent.updated_at_unix_secs },
    platform_settings: agent.platform_settings,
    phone_numbers: numbersOf(agent.agent_id).map(phoneNumberView),
    tags: agent.tags,
    access_info: ACCESS_INFO,
  });

  const documentSummary = (doc: DocumentRecord) => ({
    id: doc.id,
    name: doc.name,
    type: doc.type,
    metadata: {
      created_at_unix_secs: doc.created_at_unix_secs,
      last_updated_at_unix_secs: doc.created_at_unix_secs,
      size_bytes: doc.size_bytes,
    },
    supported_usages: ['prompt', 'auto'],
    access_info: ACCESS_INFO,
    ...(doc.url ? { url: doc.url } : {}),
    ...(doc.filename ? { filename: doc.filename } : {}),
  });

  const conversationSummary = (conversation: WireConversation) => ({
    agent_id: conversation.agent_id,
    agent_name: conversation.agent_name,
    conversation_id: conversation.conversation_id,
    start_time_unix_secs: conversation.metadata.start_time_unix_secs,
    call_duration_secs: conversation.metadata.call_duration_secs,
    message_count: conversation.transcript.length,
    status: conversation.status,
    call_successful: conversation.analysis?.call_successful ?? 'unknown',
    transcript_summary: conversation.analysis?.transcript_summary ?? null,
    call_summary_title: conversation.analysis?.call_summary_title ?? null,
    direction: conversation.metadata.phone_call?.direction ?? null,
    termination_reason: conversation.metadata.termination_reason,
  });

  /** Checks what an agent body points at, as the vendor does: known voices and existing documents. */
  const checkAgentReferences = (ctx: Context, config: Json): boolean => {
    const voiceId = objectAt(config, 'tts')?.voice_id;
    if (typeof voiceId === 'string' && !voiceIds.has(voiceId)) {
      detailError(ctx, 400, 'voice_not_found', `A voice with voice_id ${voiceId} was not found.`);
      return false;
    }
    const refs = objectAt(config, 'agent', 'prompt')?.knowledge_base;
    for (const ref of Array.isArray(refs) ? refs : []) {
      const id = isObject(ref) ? ref.id : undefined;
      if (typeof id !== 'string' || !documents.get(id)) {
        detailError(ctx, 404, 'document_not_found', `Knowledge base document ${String(id)} was not found.`);
        return false;
      }
    }
    return true;
  };

  const createDocument = (doc: Omit<DocumentRecord, 'id' | 'created_at_unix_secs'>) => {
    const record: DocumentRecord = { ...doc, id: vendorId('', 20), created_at_unix_secs: nowSecs() };
    documents.put(record.id, record);
    return { id: record.id, name: record.name };
  };

  const app = new Koa();
  const router = new Router();

  app.use(
    vendorErrors(
      'elevenlabs',
      {
        invalid: (ctx, error) => {
          const { loc = ['body'], message } = error as { loc?: string[]; message: string };
          ctx.status = 422;
          ctx.body = { detail: [{ loc, msg: message, type: 'value_error' }] };
        },
        internal: (ctx) => {
          ctx.status = 500;
          ctx.body = { detail: 'Internal Server Error' };
        },
      },
      logger,
    ),
  );
  app.use(async (ctx, next) => {
    const key = ctx.get('xi-api-key');
    if (key !== apiKey) {
      detailError(ctx, 401, 'invalid_api_key', key ? 'Invalid API key' : 'Missing API key');
      return;
    }
    await next();
  });
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '5mb' }));

  // Agents
  router.post('/v1/convai/agents/create', (ctx) => {
    const body = jsonBody(ctx);
    if (!isObject(body.conversation_config)) {
      validationFailed(ctx, [{ field: 'conversation_config', msg: 'Field required', type: 'missing' }]);
      return;
    }
    if (!checkAgentReferences(ctx, body.conversation_config)) return;
    const now = nowSecs();
    const agent: AgentRecord = {
      agent_id: vendorId('agent_'),
      name: typeof body.name === 'string' ? body.name : '',
      tags: Array.isArray(body.tags) ? body.tags.map(String) : [],
      conversation_config: body.conversation_config,
      platform_settings: isObject(body.platform_settings) ? body.platform_settings : {},
      created_at_unix_secs: now,
      updated_at_unix_secs: now,
    };
    agents.put(agent.agent_id, agent);
    ctx.body = { agent_id: agent.agent_id };
  });

  router.get('/v1/convai/agents', (ctx) => {
    const search = queryValue(ctx, 'search')?.toLowerCase();
    const matching = agents.all().filter((agent) => !search || agent.name.toLowerCase().includes(search));
    const result = page(
      matching,
      (agent) => [agent.created_at_unix_secs, agent.agent_id],
      queryValue(ctx, 'cursor'),
      pageSizeOf(ctx, 30, 100),
    );
    const lastCall = new Map<string, number>();
    for (const conversation of calls.list()) {
      const start = conversation.metadata.start_time_unix_secs;
      lastCall.set(conversation.agent_id, Math.max(lastCall.get(conversation.agent_id) ?? 0, start));
    }
    ctx.body = {
      agents: result.items.map((agent) => ({
        agent_id: agent.agent_id,
        name: agent.name,
        voice_id: objectAt(agent.conversation_config, 'tts')?.voice_id ?? VOICES[0]?.elevenlabsId ?? '',
        tags: agent.tags,
        created_at_unix_secs: agent.created_at_unix_secs,
        access_info: ACCESS_INFO,
        last_call_time_unix_secs: lastCall.get(agent.agent_id) ?? null,
      })),
      next_cursor: result.next_cursor,
      has_more: result.has_more,
    };
  });

  router.get('/v1/convai/agents/:agentId', (ctx) => {
    const agent = agents.get(ctx.params.agentId ?? '');
    if (!agent) return detailError(ctx, 404, 'agent_not_found', `Agent ${ctx.params.agentId} was not found.`);
    ctx.body = agentView(agent);
  });

  router.patch('/v1/convai/agents/:agentId', (ctx) => {
    const agent = agents.get(ctx.params.agentId ?? '');
    if (!agent) return detailError(ctx, 404, 'agent_not_found', `Agent ${ctx.params.agentId} was not found.`);
    const body = jsonBody(ctx);
    const config = isObject(body.conversation_config)
      ? deepMerge(agent.conversation_config, body.conversation_config)
      : agent.conversation_config;
    if (!checkAgentReferences(ctx, config)) return;
    const updated: AgentRecord = {
      ...agent,
      name: typeof body.name === 'string' ? body.name : agent.name,
      tags: Array.isArray(body.tags) ? body.tags.map(String) : agent.tags,
      conversation_config: config,
      platform_settings: isObject(body.platform_settings)
        ? deepMerge(agent.platform_settings, body.platform_settings)
        : agent.platform_settings,
      updated_at_unix_secs: nowSecs(),
    };
    agents.put(updated.agent_id, updated);
    ctx.body = agentView(updated);
  });

  router.delete('/v1/convai/agents/:agentId', (ctx) => {
    const agentId = ctx.params.agentId ?? '';
    const deleted = store.transaction(() => {
      if (!agents.delete(agentId)) return false;
      for (const entry of numbersOf(agentId)) phoneNumbers.put(entry.phone_number_id, { ...entry, agent_id: null });
      return true;
    });
    if (!deleted) return detailError(ctx, 404, 'agent_not_found', `Agent ${agentId} was not found.`);
    ctx.body = {};
  });

  // Knowledge base
  router.post('/v1/convai/knowledge-base/url', (ctx) => {
    const body = jsonBody(ctx);
    const url = typeof body.url === 'string' ? body.url : '';
    const parsed = URL.canParse(url) ? new URL(url) : null;
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
      validationFailed(ctx, [{ field: 'url', msg: 'Input should be a valid URL', type: 'url_parsing' }]);
      return;
    }
    // The sandbox never fetches: a reserved `.invalid` host stands for a site that cannot be read.
    if (parsed.hostname.endsWith('.invalid')) {
      detailError(ctx, 400, 'failed_to_fetch_url', `Could not fetch content from ${url}.`);
      return;
    }
    const text = `Content of ${url}`;
    ctx.body = createDocument({
      name: typeof body.name === 'string' && body.name ? body.name : url,
      type: 'url',
      url,
      filename: null,
      size_bytes: Buffer.byteLength(text),
      extracted_text: text,
    });
  });

  router.post('/v1/convai/knowledge-base/file', async (ctx) => {
    if (!ctx.is('multipart/form-data')) {
      validationFailed(ctx, [{ field: 'file', msg: 'Field required', type: 'missing' }]);
      return;
    }
    const upload = await readMultipart(ctx);
    if (!upload || upload.data.length === 0) {
      validationFailed(ctx, [{ field: 'file', msg: 'Field required', type: 'missing' }]);
      return;
    }
    if (upload.truncated) {
      detailError(ctx, 400, 'file_too_large', 'The file exceeds the maximum size of 25 MB.');
      return;
    }
    if (!KNOWLEDGE_FILE_TYPES.test(upload.filename)) {
      detailError(ctx, 400, 'unsupported_file_type', `Files like ${upload.filename} are not supported.`);
      return;
    }
    ctx.body = createDocument({
      name: upload.fields.name || upload.filename,
      type: 'file',
      url: null,
      filename: upload.filename,
      size_bytes: upload.data.length,
      extracted_text: TEXT_FILE_TYPES.test(upload.filename) ? upload.data.toString('utf8').slice(0, 100_000) : '',
    });
  });

  router.post('/v1/convai/knowledge-base/text', (ctx) => {
    const body = jsonBody(ctx);
    const missing = missingFields(body, ['text']);
    if (missing.length) return validationFailed(ctx, missing);
    const text = String(body.text);
    ctx.body = createDocument({
      name: typeof body.name === 'string' && body.name ? body.name : text.slice(0, 40),
      type: 'text',
      url: null,
      filename: null,
      size_bytes: Buffer.byteLength(text),
      extracted_text: text,
    });
  });

  router.get('/v1/convai/knowledge-base', (ctx) => {
    const result = page(
      documents.all(),
      (doc) => [doc.created_at_unix_secs, doc.id],
      queryValue(ctx, 'cursor'),
      pageSizeOf(ctx, 30, 100),
    );
    ctx.body = {
      documents: result.items.map((doc) => ({
        ...documentSummary(doc),
        dependent_agents: agentsUsing(doc.id).map((agent) => ({
          type: 'available',
          id: agent.agent_id,
          name: agent.name,
          created_at_unix_secs: agent.created_at_unix_secs,
          access_level: 'admin',
        })),
      })),
      next_cursor: result.next_cursor,
      has_more: result.has_more,
    };
  });

  router.get('/v1/convai/knowledge-base/:documentId', (ctx) => {
    const doc = documents.get(ctx.params.documentId ?? '');
    if (!doc) return detailError(ctx, 404, 'document_not_found', `Document ${ctx.params.documentId} was not found.`);
    ctx.body = { ...documentSummary(doc), extracted_inner_html: doc.extracted_text };
  });

  router.delete('/v1/convai/knowledge-base/:documentId', (ctx) => {
    const documentId = ctx.params.documentId ?? '';
    if (!documents.get(documentId)) {
      return detailError(ctx, 404, 'document_not_found', `Document ${documentId} was not found.`);
    }
    if (queryValue(ctx, 'force') !== 'true' && agentsUsing(documentId).length) {
      return detailError(ctx, 400, 'document_has_dependent_agents', 'The document is still used by an agent.');
    }
    documents.delete(documentId);
    ctx.body = {};
  });

  // Voices
  const voiceBody = (voice: (typeof VOICES)[number]) => ({
    voice_id: voice.elevenlabsId,
    name: voice.name,
    category: 'premade',
    description: voice.description,
    labels: {},
    preview_url: null,
  });

  router.get('/v1/voices', (ctx) => {
    ctx.body = { voices: VOICES.map(voiceBody) };
  });

  router.get('/v2/voices', (ctx) => {
    const search = queryValue(ctx, 'search')?.toLowerCase();
    const matching = VOICES.filter((voice) => !search || voice.name.toLowerCase().includes(search));
    const size = pageSizeOf(ctx, 10, 100);
    const start = Number(queryValue(ctx, 'next_page_token') ?? 0) || 0;
    const hasMore = start + size < matching.length;
    ctx.body = {
      voices: matching.slice(start, start + size).map(voiceBody),
      has_more: hasMore,
      total_count: matching.length,
      next_page_token: hasMore ? String(start + size) : null,
    };
  });

  // Phone numbers
  router.post('/v1/convai/phone-numbers', (ctx) => {
    const body = jsonBody(ctx);
    const missing = missingFields(body, ['phone_number', 'label', 'sid', 'token']);
    if (missing.length) return validationFailed(ctx, missing);
    if ((body.provider ?? 'twilio') !== 'twilio') {
      return detailError(ctx, 400, 'unsupported_provider', 'The sandbox imports Twilio numbers only.');
    }
    const phoneNumber = String(body.phone_number);
    if (!E164.test(phoneNumber)) {
      return validationFailed(ctx, [{ field: 'phone_number', msg: 'Invalid phone number', type: 'value_error' }]);
    }
    if (body.sid !== twilio.accountSid || body.token !== twilio.authToken) {
      return detailError(ctx, 400, 'invalid_twilio_credentials', 'Twilio rejected the given account SID and token.');
    }
    if (!twilio.ownsNumber(phoneNumber)) {
      return detailError(
        ctx,
        400,
        'phone_number_not_found_in_twilio',
        `${phoneNumber} is not a number of this Twilio account.`,
      );
    }
    if (phoneNumbers.all().some((entry) => entry.phone_number === phoneNumber)) {
      return detailError(ctx, 409, 'phone_number_already_exists', `${phoneNumber} has already been imported.`);
    }
    const agentId = typeof body.agent_id === 'string' ? body.agent_id : null;
    if (agentId && !agents.get(agentId)) {
      return detailError(ctx, 404, 'agent_not_found', `Agent ${agentId} was not found.`);
    }
    const entry: PhoneNumberRecord = {
      phone_number_id: vendorId('phnum_'),
      phone_number: phoneNumber,
      label: String(body.label),
      supports_inbound: body.supports_inbound !== false,
      supports_outbound: body.supports_outbound !== false,
      agent_id: agentId,
    };
    phoneNumbers.put(entry.phone_number_id, entry);
    logger?.info({ phoneNumberId: entry.phone_number_id }, 'elevenlabs sandbox: number imported');
    ctx.body = { phone_number_id: entry.phone_number_id };
  });

  router.get('/v1/convai/phone-numbers', (ctx) => {
    ctx.body = phoneNumbers.all().map(phoneNumberView);
  });

  router.get('/v1/convai/phone-numbers/:phoneNumberId', (ctx) => {
    const entry = phoneNumbers.get(ctx.params.phoneNumberId ?? '');
    if (!entry) return detailError(ctx, 404, 'phone_number_not_found', 'Phone number not found.');
    ctx.body = phoneNumberView(entry);
  });

  router.patch('/v1/convai/phone-numbers/:phoneNumberId', (ctx) => {
    const entry = phoneNumbers.get(ctx.params.phoneNumberId ?? '');
    if (!entry) return detailError(ctx, 404, 'phone_number_not_found', 'Phone number not found.');
    const body = jsonBody(ctx);
    let agentId = entry.agent_id;
    if ('agent_id' in body) {
      agentId = typeof body.agent_id === 'string' && body.agent_id ? body.agent_id : null;
      if (agentId && !agents.get(agentId)) {
        return detailError(ctx, 404, 'agent_not_found', `Agent ${agentId} was not found.`);
      }
    }
    const updated: PhoneNumberRecord = {
      ...entry,
      agent_id: agentId,
      label: typeof body.label === 'string' ? body.label : entry.label,
    };
    phoneNumbers.put(updated.phone_number_id, updated);
    ctx.body = phoneNumberView(updated);
  });

  router.delete('/v1/convai/phone-numbers/:phoneNumberId', (ctx) => {
    if (!phoneNumbers.delete(ctx.params.phoneNumberId ?? '')) {
      return detailError(ctx, 404, 'phone_number_not_found', 'Phone number not found.');
    }
    ctx.body = {};
  });

  // Calls and conversations
  router.post('/v1/convai/twilio/outbound-call', (ctx) => {
    const body = jsonBody(ctx);
    const missing = missingFields(body, ['agent_id', 'agent_phone_number_id', 'to_number']);
    if (missing.length) return validationFailed(ctx, missing);
    const toNumber = String(body.to_number);
    if (!E164.test(toNumber)) {
      return validationFailed(ctx, [{ field: 'to_number', msg: 'Invalid phone number', type: 'value_error' }]);
    }
    const agent = agents.get(String(body.agent_id));
    if (!agent) return detailError(ctx, 404, 'agent_not_found', `Agent ${String(body.agent_id)} was not found.`);
    const number = phoneNumbers.get(String(body.agent_phone_number_id));
    if (!number) return detailError(ctx, 404, 'phone_number_not_found', 'Phone number not found.');
    if (!number.supports_outbound) {
      return detailError(ctx, 400, 'outbound_not_supported', 'This phone number does not make outbound calls.');
    }
    const variables = objectAt(body, 'conversation_initiation_client_data', 'dynamic_variables') ?? {};
    const started = calls.startCall({
      agent: agentCallProfile(agent),
      direction: 'outbound',
      phoneNumber: { phoneNumberId: number.phone_number_id, phoneNumber: number.phone_number },
      externalNumber: toNumber,
      dynamicVariables: variables,
      outcome: outboundOutcome(toNumber),
    });
    ctx.body = {
      success: true,
      message: 'Success',
      conversation_id: started.conversationId,
      callSid: started.callSid,
    };
  });

  router.get('/v1/convai/conversations', (ctx) => {
    const agentId = queryValue(ctx, 'agent_id');
    const after = Number(queryValue(ctx, 'call_start_after_unix') ?? Number.NEGATIVE_INFINITY);
    const before = Number(queryValue(ctx, 'call_start_before_unix') ?? Number.POSITIVE_INFINITY);
    const successful = queryValue(ctx, 'call_successful');
    const matching = calls
      .list()
      .filter(
        (conversation) =>
          (!agentId || conversation.agent_id === agentId) &&
          conversation.metadata.start_time_unix_secs > after &&
          conversation.metadata.start_time_unix_secs < before &&
          (!successful || (conversation.analysis?.call_successful ?? 'unknown') === successful),
      );
    const result = page(
      matching,
      (conversation) => [conversation.metadata.start_time_unix_secs, conversation.conversation_id],
      queryValue(ctx, 'cursor'),
      pageSizeOf(ctx, 30, 100),
    );
    ctx.body = {
      conversations: result.items.map(conversationSummary),
      next_cursor: result.next_cursor,
      has_more: result.has_more,
    };
  });

  router.get('/v1/convai/conversations/:conversationId', (ctx) => {
    const conversation = calls.get(ctx.params.conversationId ?? '');
    if (!conversation) return detailError(ctx, 404, 'conversation_not_found', 'Conversation not found.');
    ctx.body = conversation;
  });

  router.get('/v1/convai/conversations/:conversationId/audio', (ctx) => {
    const conversation = calls.get(ctx.params.conversationId ?? '');
    if (!conversation) return detailError(ctx, 404, 'conversation_not_found', 'Conversation not found.');
    // Simulated calls have no sound; their conversations say so with has_audio false.
    detailError(ctx, 404, 'audio_not_found', 'This conversation has no audio.');
  });

  router.delete('/v1/convai/conversations/:conversationId', (ctx) => {
    if (!calls.delete(ctx.params.conversationId ?? '')) {
      return detailError(ctx, 404, 'conversation_not_found', 'Conversation not found.');
    }
    ctx.body = {};
  });

  // Workspace settings (where the post-call webhook is chosen)
  router.get('/v1/convai/settings', (ctx) => {
    ctx.body = settings.get('convai') ?? {};
  });

  router.patch('/v1/convai/settings', (ctx) => {
    const updated = deepMerge(settings.get('convai') ?? {}, jsonBody(ctx));
    settings.put('convai', updated);
    ctx.body = updated;
  });

  app.use(router.routes());
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = { detail: 'Not Found' };
  });

  return {
    app,
    apiKey,
    simulateInboundCall(request) {
      const callerNumber = request.callerNumber ?? '+64211234567';
      if (!E164.test(callerNumber))
        throw new DomainError('VALIDATION_FAILED', 'The caller number must be in E.164 form.');
      let number: PhoneNumberRecord | undefined;
      let agent: AgentRecord | undefined;
      if (request.phoneNumber) {
        number = phoneNumbers.all().find((entry) => entry.phone_number === request.phoneNumber);
        if (!number)
          throw new DomainError('NOT_FOUND', `${request.phoneNumber} is not imported into the voice sandbox.`);
        if (!number.agent_id) throw new DomainError('CONFLICT', `No agent answers ${request.phoneNumber}.`);
        agent = agents.get(number.agent_id);
      } else if (request.agentId) {
        agent = agents.get(request.agentId);
        number = agent ? numbersOf(agent.agent_id)[0] : undefined;
      } else {
        throw new DomainError('VALIDATION_FAILED', 'Say which number or agent the simulated call goes to.');
      }
      if (!agent) throw new DomainError('NOT_FOUND', 'That agent does not exist in the voice sandbox.');
      return calls.startCall({
        agent: agentCallProfile(agent),
        direction: 'inbound',
        phoneNumber: number ? { phoneNumberId: number.phone_number_id, phoneNumber: number.phone_number } : null,
        externalNumber: callerNumber,
        dynamicVariables: {},
        outcome: 'answered',
      });
    },
  };
}

function agentCallProfile(agent: AgentRecord) {
  const agentConfig = objectAt(agent.conversation_config, 'agent');
  const prompt = objectAt(agent.conversation_config, 'agent', 'prompt')?.prompt;
  return {
    agentId: agent.agent_id,
    name: agent.name,
    firstMessage: typeof agentConfig?.first_message === 'string' ? agentConfig.first_message : '',
    prompt: typeof prompt === 'string' ? prompt : '',
  };
}
