import { array, boolean, mixed, object, type InferType } from 'yup';
import type { KnowledgeSource } from '../api/agents.types';
import { readContactNumber } from '../domain/contact-number';
import { publicUrlProblem } from '../domain/public-url';
import { TRANSFER_LIMITS, type TransferTarget } from '../domain/transfer-target';
import { DAYS_OF_WEEK, isKnownTimezone, TIME_OF_DAY, wholeNumber, type DayOfWeek } from './campaign.schema';
import { trimmedText } from './strict-text.schema';

/** Agent create and edit (spec 000 §5): the dialogs and the API check the same rules. */
export const AGENT_LIMITS = {
  name: 100,
  purpose: 2000,
  greeting: 1000,
  closing: 1000,
  disclosure: 500,
  prompt: 20000,
  knowledgeUrl: 2048,
  editMin: 2,
} as const;

/**
 * Limits that protect the bill (issue 23, part 3): hang up after this many seconds without speech, end any call at
 * this length, and end a call put on hold music. Sent to the voice provider with the agent.
 */
export const AGENT_CALL_LIMITS = {
  silenceTimeoutSeconds: { min: 5, max: 300, default: 30 },
  maxCallSeconds: { min: 30, max: 3600, default: 600 },
} as const;
export const AGENT_CALL_LIMIT_DEFAULTS = {
  silenceTimeoutSeconds: AGENT_CALL_LIMITS.silenceTimeoutSeconds.default,
  maxCallSeconds: AGENT_CALL_LIMITS.maxCallSeconds.default,
  endCallOnHoldMusic: true,
} as const;
export const AGENT_LIMIT_MESSAGES = {
  silenceTimeoutSeconds: `Silence timeout must be a whole number of seconds from ${AGENT_CALL_LIMITS.silenceTimeoutSeconds.min} to ${AGENT_CALL_LIMITS.silenceTimeoutSeconds.max}`,
  maxCallSeconds: `Maximum call length must be a whole number of seconds from ${AGENT_CALL_LIMITS.maxCallSeconds.min} to ${AGENT_CALL_LIMITS.maxCallSeconds.max}`,
  endCallOnHoldMusic: 'End call on hold music must be true or false',
} as const;

const limitFields = {
  silenceTimeoutSeconds: wholeNumber(
    AGENT_CALL_LIMITS.silenceTimeoutSeconds.min,
    AGENT_CALL_LIMITS.silenceTimeoutSeconds.max,
    AGENT_LIMIT_MESSAGES.silenceTimeoutSeconds,
  ),
  maxCallSeconds: wholeNumber(
    AGENT_CALL_LIMITS.maxCallSeconds.min,
    AGENT_CALL_LIMITS.maxCallSeconds.max,
    AGENT_LIMIT_MESSAGES.maxCallSeconds,
  ),
  endCallOnHoldMusic: boolean().strict().typeError(AGENT_LIMIT_MESSAGES.endCallOnHoldMusic),
};

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

export const TRANSFER_MESSAGES = {
  tooMany: `At most ${TRANSFER_LIMITS.maxTargets} transfer targets`,
  nameRequired: 'Transfer target name is required',
  phoneRequired: 'Transfer target phone number is required',
  phoneInvalid: 'Transfer target phone number must be a valid number in E.164 form (+<country code>…)',
  timezoneRequired: 'Transfer target time zone is required',
  timezoneInvalid: 'Transfer target time zone must be a known time zone',
  daysRequired: 'Choose at least one day of business hours',
  daysInvalid: 'Business days must be days of the week',
  timeFormat: 'Business hours must be HH:MM',
  conditionRequired: 'Say when the agent should transfer',
  ringTimeout: `Ring timeout must be a whole number of seconds from ${TRANSFER_LIMITS.ringTimeout.min} to ${TRANSFER_LIMITS.ringTimeout.max}`,
} as const;

/** Strict E.164 that libphonenumber reads as a valid number (the contacts' own reading). */
const isE164Number = (value: string | undefined) => {
  if (!value) return true;
  const reading = readContactNumber(value);
  return reading.ok && reading.e164 === value;
};

const businessTime = () => trimmedText().matches(TIME_OF_DAY, TRANSFER_MESSAGES.timeFormat).required();

/** One transfer target: who, their number, their hours in their zone, when to transfer, how long to let it ring. */
const transferTargetSchema = object({
  name: text(TRANSFER_LIMITS.name, 'Transfer target name').required(TRANSFER_MESSAGES.nameRequired),
  phoneNumber: trimmedText()
    .required(TRANSFER_MESSAGES.phoneRequired)
    .test('e164', TRANSFER_MESSAGES.phoneInvalid, isE164Number),
  timezone: trimmedText()
    .required(TRANSFER_MESSAGES.timezoneRequired)
    .test('timezone', TRANSFER_MESSAGES.timezoneInvalid, (zone) => !zone || isKnownTimezone(zone)),
  businessHours: object({
    days: array()
      .typeError(TRANSFER_MESSAGES.daysInvalid)
      .of(
        mixed<DayOfWeek>()
          .oneOf([...DAYS_OF_WEEK], TRANSFER_MESSAGES.daysInvalid)
          .defined(),
      )
      .min(1, TRANSFER_MESSAGES.daysRequired)
      .required(TRANSFER_MESSAGES.daysRequired)
      .test(
        'unique-days',
        'Each day of the week may be chosen once',
        (days) => !days || new Set(days).size === days.length,
      ),
    start: businessTime(),
    end: businessTime(),
  })
    .noUnknown('Unknown field: ${unknown}')
    .required('Business hours are required')
    .test('hours-order', 'Business hours must end after they start', (hours) => !hours || hours.start !== hours.end),
  condition: text(TRANSFER_LIMITS.condition, 'Transfer condition').required(TRANSFER_MESSAGES.conditionRequired),
  ringTimeoutSeconds: wholeNumber(
    TRANSFER_LIMITS.ringTimeout.min,
    TRANSFER_LIMITS.ringTimeout.max,
    TRANSFER_MESSAGES.ringTimeout,
  ).default(TRANSFER_LIMITS.ringTimeout.default),
}).noUnknown('Unknown field: ${unknown}');

/** An agent's transfer targets; an empty list (or null) means the agent never transfers. */
const transferTargets = () =>
  array()
    .typeError('Transfer targets must be a list')
    .of(transferTargetSchema.required())
    .max(TRANSFER_LIMITS.maxTargets, TRANSFER_MESSAGES.tooMany)
    .test(
      'unique-numbers',
      'Each transfer target needs its own phone number',
      (targets) => !targets || new Set(targets.map((target) => target?.phoneNumber)).size === targets.length,
    )
    .nullable()
    .optional();

/**
 * The line an outbound agent opens with: who is calling, and that it is an automated assistant (the FCC treats AI
 * voices as artificial under the TCPA). Required for an agent used in an outbound campaign (the server refuses to
 * start one without it); empty means none.
 */
const disclosure = () =>
  text(AGENT_LIMITS.disclosure, 'Disclosure')
    .nullable()
    .optional()
    .transform((value: unknown) => (value === '' ? null : value));

/** The disclosure the agent form fills in, with the tenant's business name. */
export const defaultDisclosure = (businessName: string) =>
  `Hi, this is the automated assistant calling for ${businessName}.`;

export const createAgentSchema = object({
  name: text(AGENT_LIMITS.name, 'Name').required('Agent name is required'),
  purpose: text(AGENT_LIMITS.purpose, 'Purpose').required('Agent purpose is required'),
  greeting: text(AGENT_LIMITS.greeting, 'Greeting').required('Agent greeting is required'),
  closing: text(AGENT_LIMITS.closing, 'Closing').required('Agent closing is required'),
  disclosure: disclosure(),
  knowledge: knowledge(),
  voiceId: idRef(),
  phoneNumberId: idRef(),
  campaignId: idRef(),
  /** The template the instructions were filled from; informational only. */
  templateId: idRef(),
  prompt: text(AGENT_LIMITS.prompt, 'Instructions').nullable().optional(),
  transferTargets: transferTargets(),
  /** Absent: AGENT_CALL_LIMIT_DEFAULTS (30 s of silence, ten minutes, end on hold music). */
  silenceTimeoutSeconds: limitFields.silenceTimeoutSeconds.optional(),
  maxCallSeconds: limitFields.maxCallSeconds.optional(),
  endCallOnHoldMusic: limitFields.endCallOnHoldMusic.optional(),
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
  disclosure: disclosure(),
  knowledge: knowledge(),
  voiceId: idRef(),
  phoneNumberId: idRef(),
  templateId: idRef(),
  prompt: text(AGENT_LIMITS.prompt, 'Instructions').nullable().optional(),
  /** Replaces the agent's transfer targets when given; null or [] removes them. */
  transferTargets: transferTargets(),
  silenceTimeoutSeconds: limitFields.silenceTimeoutSeconds.optional(),
  maxCallSeconds: limitFields.maxCallSeconds.optional(),
  endCallOnHoldMusic: limitFields.endCallOnHoldMusic.optional(),
  /** Reactivates a deactivated agent (DELETE deactivates an active one). */
  active: boolean().strict().typeError('Active must be true or false').optional(),
}).noUnknown('Unknown field: ${unknown}');
export type UpdateAgentRequest = InferType<typeof updateAgentSchema>;

/** The targets as the request gave them, typed: a checked request's list, or none. */
export function transferTargetsOf(value: CreateAgentRequest['transferTargets']): TransferTarget[] {
  return (value ?? []).map((target) => ({
    name: target.name,
    phoneNumber: target.phoneNumber,
    timezone: target.timezone,
    businessHours: {
      days: [...target.businessHours.days],
      start: target.businessHours.start,
      end: target.businessHours.end,
    },
    condition: target.condition,
    ringTimeoutSeconds: target.ringTimeoutSeconds,
  }));
}
