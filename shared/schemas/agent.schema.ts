import { boolean, mixed, object, type InferType } from 'yup';
import type { KnowledgeSource } from '../api/agents.types';
import { publicUrlProblem } from '../domain/public-url';
import { trimmedText } from './strict-text.schema';

/** Agent create and edit (spec 000 §5): the dialogs and the API check the same rules. */
export const AGENT_LIMITS = {
  name: 100,
  purpose: 2000,
  greeting: 1000,
  closing: 1000,
  prompt: 20000,
  knowledgeUrl: 2048,
  editMin: 2,
} as const;

const ID_MAX = 64;

const emptyToNull = (value: unknown, original: unknown) => (original === '' ? null : value);

/** A reference to another record by id; an empty string from a form means none. */
const idRef = () => trimmedText().max(ID_MAX, 'Invalid id').nullable().optional().transform(emptyToNull);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Texts are trimmed and empty ones dropped, so a form's `{ url: '' }` (nothing typed) means no source. */
function normaliseKnowledge(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const given = Object.entries(value)
    .map(([key, text]) => [key, typeof text === 'string' ? text.trim() : text] as const)
    .filter(([, text]) => text !== '' && text !== undefined);
  return given.length ? Object.fromEntries(given) : null;
}

/** What is wrong with a knowledge source, and at which of its fields; null when it is a valid one. */
function knowledgeProblem(value: unknown): { field: 'url' | 'fileId' | null; message: string } | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) return { field: null, message: 'Knowledge source must be a URL or an uploaded file' };
  const unknownKey = Object.keys(value).find((key) => key !== 'url' && key !== 'fileId');
  if (unknownKey !== undefined) return { field: null, message: `Unknown field: knowledge.${unknownKey}` };
  const { url, fileId } = value;
  if (url !== undefined && fileId !== undefined) {
    return { field: null, message: 'Knowledge source must be either a URL or an uploaded file, not both' };
  }
  if (fileId !== undefined) {
    return typeof fileId === 'string' && fileId.length <= ID_MAX ? null : { field: 'fileId', message: 'Invalid id' };
  }
  if (typeof url !== 'string') return { field: 'url', message: 'Knowledge URL must be a valid URL' };
  if (url.length > AGENT_LIMITS.knowledgeUrl) return { field: 'url', message: 'Knowledge URL is too long' };
  const problem = publicUrlProblem(url);
  return problem ? { field: 'url', message: problem } : null;
}

/**
 * The knowledge source, one field end to end: `{ url }` a public http(s) page the provider will fetch,
 * `{ fileId }` one of the tenant's uploaded PDFs, null for none. Problems land on `knowledge.url` or `knowledge.fileId`.
 */
const knowledge = () =>
  mixed<KnowledgeSource>()
    .transform(normaliseKnowledge)
    .test('knowledge-source', 'Knowledge source must be a URL or an uploaded file', function check(value) {
      const problem = knowledgeProblem(value);
      if (!problem) return true;
      return this.createError({
        path: problem.field ? `${this.path}.${problem.field}` : this.path,
        message: problem.message,
      });
    })
    .nullable()
    .optional();

const text = (max: number, label: string) => trimmedText().max(max, `${label} must be at most ${max} characters`);

export const createAgentSchema = object({
  name: text(AGENT_LIMITS.name, 'Name').required('Agent name is required'),
  purpose: text(AGENT_LIMITS.purpose, 'Purpose').required('Agent purpose is required'),
  greeting: text(AGENT_LIMITS.greeting, 'Greeting').required('Agent greeting is required'),
  closing: text(AGENT_LIMITS.closing, 'Closing').required('Agent closing is required'),
  knowledge: knowledge(),
  voiceId: idRef(),
  phoneNumberId: idRef(),
  campaignId: idRef(),
  /** The template the instructions were filled from; informational only. */
  templateId: idRef(),
  prompt: text(AGENT_LIMITS.prompt, 'Instructions').nullable().optional(),
}).noUnknown('Unknown field: ${unknown}');
export type CreateAgentRequest = InferType<typeof createAgentSchema>;

const atLeast = (label: string, max: number) =>
  text(max, label).min(AGENT_LIMITS.editMin, `${label} must be at least ${AGENT_LIMITS.editMin} characters`);

/** Edit: every field optional, the four texts at least 2 characters when given; no campaign. */
export const updateAgentSchema = object({
  name: atLeast('Name', AGENT_LIMITS.name).optional(),
  purpose: atLeast('Purpose', AGENT_LIMITS.purpose).optional(),
  greeting: atLeast('Greeting', AGENT_LIMITS.greeting).optional(),
  closing: atLeast('Closing', AGENT_LIMITS.closing).optional(),
  knowledge: knowledge(),
  voiceId: idRef(),
  phoneNumberId: idRef(),
  templateId: idRef(),
  prompt: text(AGENT_LIMITS.prompt, 'Instructions').nullable().optional(),
  /** Reactivates a deactivated agent (DELETE deactivates an active one). */
  active: boolean().strict().typeError('Active must be true or false').optional(),
}).noUnknown('Unknown field: ${unknown}');
export type UpdateAgentRequest = InferType<typeof updateAgentSchema>;
