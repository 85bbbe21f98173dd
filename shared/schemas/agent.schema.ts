import { boolean, object, type InferType } from 'yup';
import { publicUrlProblem } from '../domain/public-url';
import { trimmedText } from './strict-text.schema';
import { uploadIdFromPath } from './upload.schema';

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

const emptyToNull = (value: unknown, original: unknown) => (original === '' ? null : value);

/** A reference to another record by id; an empty string from a form means none. */
const idRef = () => trimmedText().max(64, 'Invalid id').nullable().optional().transform(emptyToNull);

/** A public http(s) page the provider will fetch, or one of our own upload paths; empty means none. */
const knowledgeUrl = () =>
  trimmedText()
    .max(AGENT_LIMITS.knowledgeUrl, 'Knowledge URL is too long')
    .nullable()
    .optional()
    .transform(emptyToNull)
    .test('public-url', 'Knowledge URL must be a valid URL', function check(value) {
      if (value === null || value === undefined || uploadIdFromPath(value)) return true;
      const problem = publicUrlProblem(value);
      return problem ? this.createError({ message: problem }) : true;
    });

const text = (max: number, label: string) => trimmedText().max(max, `${label} must be at most ${max} characters`);

export const createAgentSchema = object({
  name: text(AGENT_LIMITS.name, 'Name').required('Agent name is required'),
  purpose: text(AGENT_LIMITS.purpose, 'Purpose').required('Agent purpose is required'),
  greeting: text(AGENT_LIMITS.greeting, 'Greeting').required('Agent greeting is required'),
  closing: text(AGENT_LIMITS.closing, 'Closing').required('Agent closing is required'),
  knowledgeUrl: knowledgeUrl(),
  knowledgeFileId: idRef(),
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
  knowledgeUrl: knowledgeUrl(),
  knowledgeFileId: idRef(),
  voiceId: idRef(),
  phoneNumberId: idRef(),
  templateId: idRef(),
  prompt: text(AGENT_LIMITS.prompt, 'Instructions').nullable().optional(),
  /** Reactivates a deactivated agent (DELETE deactivates an active one). */
  active: boolean().strict().typeError('Active must be true or false').optional(),
}).noUnknown('Unknown field: ${unknown}');
export type UpdateAgentRequest = InferType<typeof updateAgentSchema>;
