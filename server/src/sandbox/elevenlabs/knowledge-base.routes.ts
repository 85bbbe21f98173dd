import type { Context } from 'koa';
import type { EmulatorRoute } from '../emulator-route';
import { vendorId } from '../vendor-ids';
import { requestedPage } from './cursor-page';
import {
  detailError,
  isObject,
  jsonBody,
  missingFields,
  notFound,
  nowSecs,
  objectAt,
  queryValue,
  validationFailed,
} from './elevenlabs.http';
import { ACCESS_INFO, type DocumentRecord, type ElevenLabsState } from './elevenlabs.state';
import { readUpload } from './multipart-upload';

/** Knowledge-base documents made from a URL, a file or text: `/v1/convai/knowledge-base`. */

const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
const KNOWLEDGE_FILE_TYPES = /\.(pdf|txt|md|html?|docx|epub)$/i;
const TEXT_FILE_TYPES = /\.(txt|md|html?)$/i;

function agentsUsing(state: ElevenLabsState, documentId: string) {
  return state.agents.all().filter((agent) => {
    const refs = objectAt(agent.conversation_config, 'agent', 'prompt')?.knowledge_base;
    return Array.isArray(refs) && refs.some((ref) => isObject(ref) && ref.id === documentId);
  });
}

function documentSummary(doc: DocumentRecord) {
  return {
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
  };
}

function createDocument(
  ctx: Context,
  state: ElevenLabsState,
  doc: Omit<DocumentRecord, 'id' | 'created_at_unix_secs'>,
): void {
  const record: DocumentRecord = { ...doc, id: vendorId('', 20), created_at_unix_secs: nowSecs() };
  state.documents.put(record.id, record);
  ctx.body = { id: record.id, name: record.name };
}

function createFromUrl(ctx: Context, state: ElevenLabsState): void {
  const body = jsonBody(ctx);
  const url = typeof body.url === 'string' ? body.url : '';
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
    return validationFailed(ctx, [{ field: 'url', msg: 'Input should be a valid URL', type: 'url_parsing' }]);
  }
  // The sandbox never fetches: a reserved `.invalid` host stands for a site that cannot be read.
  if (parsed.hostname.endsWith('.invalid')) {
    return detailError(ctx, 400, 'failed_to_fetch_url', `Could not fetch content from ${url}.`);
  }
  const text = `Content of ${url}`;
  createDocument(ctx, state, {
    name: typeof body.name === 'string' && body.name ? body.name : url,
    type: 'url',
    url,
    filename: null,
    size_bytes: Buffer.byteLength(text),
    extracted_text: text,
  });
}

async function createFromFile(ctx: Context, state: ElevenLabsState): Promise<void> {
  const upload = ctx.is('multipart/form-data') ? await readUpload(ctx, MAX_UPLOAD_BYTES) : null;
  if (!upload || upload.data.length === 0) {
    return validationFailed(ctx, [{ field: 'file', msg: 'Field required', type: 'missing' }]);
  }
  if (upload.truncated) {
    return detailError(ctx, 400, 'file_too_large', 'The file exceeds the maximum size of 25 MB.');
  }
  if (!KNOWLEDGE_FILE_TYPES.test(upload.filename)) {
    return detailError(ctx, 400, 'unsupported_file_type', `Files like ${upload.filename} are not supported.`);
  }
  createDocument(ctx, state, {
    name: upload.fields.name || upload.filename,
    type: 'file',
    url: null,
    filename: upload.filename,
    size_bytes: upload.data.length,
    extracted_text: TEXT_FILE_TYPES.test(upload.filename) ? upload.data.toString('utf8').slice(0, 100_000) : '',
  });
}

function createFromText(ctx: Context, state: ElevenLabsState): void {
  const body = jsonBody(ctx);
  const missing = missingFields(body, ['text']);
  if (missing.length) return validationFailed(ctx, missing);
  const text = String(body.text);
  createDocument(ctx, state, {
    name: typeof body.name === 'string' && body.name ? body.name : text.slice(0, 40),
    type: 'text',
    url: null,
    filename: null,
    size_bytes: Buffer.byteLength(text),
    extracted_text: text,
  });
}

function listDocuments(ctx: Context, state: ElevenLabsState): void {
  const result = requestedPage(ctx, state.documents.all(), (doc) => [doc.created_at_unix_secs, doc.id]);
  if (!result) return;
  ctx.body = {
    documents: result.items.map((doc) => ({
      ...documentSummary(doc),
      dependent_agents: agentsUsing(state, doc.id).map((agent) => ({
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
}

function getDocument(ctx: Context, state: ElevenLabsState): void {
  const doc = state.documents.get(ctx.params.documentId ?? '');
  if (!doc) return notFound.document(ctx, ctx.params.documentId ?? '');
  ctx.body = { ...documentSummary(doc), extracted_inner_html: doc.extracted_text };
}

function deleteDocument(ctx: Context, state: ElevenLabsState): void {
  const documentId = ctx.params.documentId ?? '';
  if (!state.documents.get(documentId)) return notFound.document(ctx, documentId);
  if (queryValue(ctx, 'force') !== 'true' && agentsUsing(state, documentId).length) {
    return detailError(ctx, 400, 'document_has_dependent_agents', 'The document is still used by an agent.');
  }
  state.documents.delete(documentId);
  ctx.body = {};
}

export const knowledgeBaseRoutes: ReadonlyArray<EmulatorRoute<ElevenLabsState>> = [
  { method: 'post', path: '/v1/convai/knowledge-base/url', handle: createFromUrl },
  { method: 'post', path: '/v1/convai/knowledge-base/file', handle: createFromFile },
  { method: 'post', path: '/v1/convai/knowledge-base/text', handle: createFromText },
  { method: 'get', path: '/v1/convai/knowledge-base', handle: listDocuments },
  { method: 'get', path: '/v1/convai/knowledge-base/:documentId', handle: getDocument },
  { method: 'delete', path: '/v1/convai/knowledge-base/:documentId', handle: deleteDocument },
];
