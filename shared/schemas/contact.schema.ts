import { boolean, mixed, number, object, type InferType } from 'yup';
import { metadataTimezoneProblem } from '../domain/metadata-timezone';
import { wholeNumber } from './campaign.schema';
import { fromQueryText, ISO_DATE_TIME, text, trimmedText } from './strict-text.schema';

/** Outbound contacts (spec 000 §3, §4, §5 and §9): the add and edit dialogs, the API and the list's query. */
export const CONTACT_STATUSES = ['pending', 'in_progress', 'completed', 'failed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/**
 * Why a contact is not being called: `no_consent` while a marketing campaign's contact waits (pending) for marketing
 * consent, `do_not_call` when an opt-out ended it (failed).
 */
export const CONTACT_SKIP_REASONS = ['no_consent', 'do_not_call'] as const;
export type ContactSkipReason = (typeof CONTACT_SKIP_REASONS)[number];

export const CALL_ATTEMPT_STATUSES = [
  'pending',
  'dialing',
  'answered',
  'voicemail',
  'busy',
  'no_answer',
  'failed',
  'completed',
] as const;
export type CallAttemptStatus = (typeof CALL_ATTEMPT_STATUSES)[number];

export const CONTACT_LIMITS = {
  phoneNumber: 32,
  maxRetries: { min: 0, max: 10 },
  retryDelayMinutes: { min: 1, max: 1440 },
  metadataKeys: 50,
  metadataKey: 64,
  metadataValue: 1000,
  prompt: 20000,
  firstMessage: 1000,
} as const;

export const CONTACT_DEFAULTS = { maxRetries: 3, retryDelayMinutes: 30 } as const;

/** The add and edit dialogs' choices (spec 000 §5); the API takes any value in the schema's range. */
export const MAX_RETRY_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export const RETRY_DELAY_CHOICES = [15, 30, 60, 120, 240, 480, 1440] as const;

export const CONTACT_MESSAGES = {
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Invalid phone number format',
  maxRetries: 'Max retries must be a whole number from 0 to 10',
  retryDelay: 'Retry delay must be a whole number of minutes from 1 to 1440',
  scheduledFor: 'Scheduled time must be an ISO date and time',
  metadataJson: 'Invalid JSON in metadata field',
  metadata: `Metadata must be an object of at most ${CONTACT_LIMITS.metadataKeys} keys with text, number or true/false values`,
  metadataKey: `Metadata keys must be 1 to ${CONTACT_LIMITS.metadataKey} characters`,
  metadataValue: `Metadata values must be at most ${CONTACT_LIMITS.metadataValue} characters`,
} as const;

/** Characters people write phone numbers with; the server reads the number itself (E.164, libphonenumber). */
const PHONE_TEXT = /^\+?[0-9 ().-]{3,31}$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Contact metadata: a flat key-value map; numbers and flags become text (they reach the agent as text anyway). */
export type ContactMetadata = Record<string, string>;

function metadataProblem(value: unknown): string | null {
  if (!isRecord(value)) return CONTACT_MESSAGES.metadata;
  const entries = Object.entries(value);
  if (entries.length > CONTACT_LIMITS.metadataKeys) return CONTACT_MESSAGES.metadata;
  for (const [key, item] of entries) {
    if (key.trim().length === 0 || key.length > CONTACT_LIMITS.metadataKey) return CONTACT_MESSAGES.metadataKey;
    if (!['string', 'number', 'boolean'].includes(typeof item)) return CONTACT_MESSAGES.metadata;
    if (String(item).length > CONTACT_LIMITS.metadataValue) return CONTACT_MESSAGES.metadataValue;
  }
  return metadataTimezoneProblem(Object.fromEntries(entries.map(([key, item]) => [key, String(item)])));
}

/** Shared with offline drafts (their sync and the desktop console's draft files), whose rows carry the same metadata. */
export const contactMetadata = () =>
  mixed<ContactMetadata>()
    .test('metadata', CONTACT_MESSAGES.metadata, function check(value) {
      if (value === undefined || value === null) return true;
      const problem = metadataProblem(value);
      return problem ? this.createError({ message: problem }) : true;
    })
    .transform((value: unknown) =>
      isRecord(value) && metadataProblem(value) === null
        ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key.trim(), String(item)]))
        : value,
    );

/** What the agent is told for this contact in place of its own prompt and first message. */
const conversationConfig = () =>
  object({
    prompt: trimmedText()
      .max(CONTACT_LIMITS.prompt, `Prompt must be at most ${CONTACT_LIMITS.prompt} characters`)
      .optional(),
    first_message: trimmedText()
      .max(CONTACT_LIMITS.firstMessage, `First message must be at most ${CONTACT_LIMITS.firstMessage} characters`)
      .optional(),
  })
    .noUnknown('Unknown field: ${unknown}')
    .typeError('Conversation config must be an object')
    .default(undefined)
    .nullable()
    .optional();

const phoneNumber = () =>
  trimmedText()
    .max(CONTACT_LIMITS.phoneNumber, CONTACT_MESSAGES.phoneInvalid)
    .matches(PHONE_TEXT, CONTACT_MESSAGES.phoneInvalid);

const scheduledFor = () =>
  trimmedText()
    .transform((value: unknown, original: unknown) => (original === '' ? null : value))
    .matches(ISO_DATE_TIME, CONTACT_MESSAGES.scheduledFor)
    .test('date', CONTACT_MESSAGES.scheduledFor, (value) => !value || !Number.isNaN(Date.parse(value)))
    .nullable()
    .optional();

/**
 * Consent to be called (TCPA prior express consent): its scope (marketing includes informational calls), where it was
 * given, when, and the evidence (a text or a link). Null withdraws it; every change is kept in the consent ledger.
 */
export const CONSENT_SCOPES = ['informational', 'marketing'] as const;
export type ConsentScope = (typeof CONSENT_SCOPES)[number];
export const CONSENT_SOURCES = ['web_form', 'paper', 'csv_import', 'api', 'verbal'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
export const CONSENT_EVIDENCE_MAX = 2000;

export const contactConsent = () =>
  object({
    scope: mixed<ConsentScope>()
      .oneOf([...CONSENT_SCOPES], 'Consent scope must be informational or marketing')
      .required('Consent scope is required'),
    source: mixed<ConsentSource>()
      .oneOf([...CONSENT_SOURCES], 'Consent source must be web_form, paper, csv_import, api or verbal')
      .required('Consent source is required'),
    capturedAt: trimmedText()
      .matches(ISO_DATE_TIME, 'Consent time must be an ISO date and time')
      .test('date', 'Consent time must be an ISO date and time', (value) => !value || !Number.isNaN(Date.parse(value)))
      .required('Consent time is required'),
    evidence: trimmedText()
      .max(CONSENT_EVIDENCE_MAX, `Consent evidence must be at most ${CONSENT_EVIDENCE_MAX} characters`)
      .default(''),
  })
    .noUnknown('Unknown field: ${unknown}')
    .typeError('Consent must be an object')
    .default(undefined)
    .nullable()
    .optional();
export type ContactConsent = { scope: ConsentScope; source: ConsentSource; capturedAt: string; evidence: string };

export const createContactSchema = object({
  phoneNumber: phoneNumber().required(CONTACT_MESSAGES.phoneRequired),
  maxRetries: wholeNumber(
    CONTACT_LIMITS.maxRetries.min,
    CONTACT_LIMITS.maxRetries.max,
    CONTACT_MESSAGES.maxRetries,
  ).default(CONTACT_DEFAULTS.maxRetries),
  retryDelayMinutes: wholeNumber(
    CONTACT_LIMITS.retryDelayMinutes.min,
    CONTACT_LIMITS.retryDelayMinutes.max,
    CONTACT_MESSAGES.retryDelay,
  ).default(CONTACT_DEFAULTS.retryDelayMinutes),
  metadata: contactMetadata().default(() => ({})),
  scheduledFor: scheduledFor(),
  conversationConfig: conversationConfig(),
  consent: contactConsent(),
}).noUnknown('Unknown field: ${unknown}');
export type CreateContactRequest = InferType<typeof createContactSchema>;

/** Edit: the same fields (spec 000 §7), each optional. */
export const updateContactSchema = object({
  phoneNumber: phoneNumber().min(1, CONTACT_MESSAGES.phoneRequired).optional(),
  maxRetries: wholeNumber(
    CONTACT_LIMITS.maxRetries.min,
    CONTACT_LIMITS.maxRetries.max,
    CONTACT_MESSAGES.maxRetries,
  ).optional(),
  retryDelayMinutes: wholeNumber(
    CONTACT_LIMITS.retryDelayMinutes.min,
    CONTACT_LIMITS.retryDelayMinutes.max,
    CONTACT_MESSAGES.retryDelay,
  ).optional(),
  metadata: contactMetadata().optional(),
  scheduledFor: scheduledFor(),
  conversationConfig: conversationConfig(),
  consent: contactConsent(),
}).noUnknown('Unknown field: ${unknown}');
export type UpdateContactRequest = InferType<typeof updateContactSchema>;

export const CONTACTS_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;

export const pageLimit = () =>
  number()
    .transform(fromQueryText)
    .typeError('Limit must be a positive integer')
    .integer('Limit must be a positive integer')
    .positive('Limit must be a positive integer')
    .max(CONTACTS_PAGE.maxLimit, `Limit must be at most ${CONTACTS_PAGE.maxLimit}`)
    .default(CONTACTS_PAGE.defaultLimit);

/** The previous page's `nextCursor`. */
export const cursor = () =>
  trimmedText()
    .max(128, 'Invalid cursor')
    .matches(/^[A-Za-z0-9_-]+$/, 'Invalid cursor')
    .optional();

/** Digits of a number, as typed: separators are dropped. */
const numberSearch = () =>
  trimmedText()
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/[\s().-]/g, '') : value))
    .matches(/^\+?\d{0,15}$/, 'Search by up to 15 digits of the number')
    .optional();

/**
 * Query of GET campaigns/{id}/contacts: keyset paging (`after` is the previous page's `nextCursor`), a status filter
 * and a search by digits of the number.
 */
export const contactsQuerySchema = object({
  limit: pageLimit(),
  after: cursor(),
  status: mixed<ContactStatus>()
    .oneOf([...CONTACT_STATUSES], 'Status must be one of pending, in_progress, completed or failed')
    .optional(),
  search: numberSearch(),
}).noUnknown('Unknown field: ${unknown}');
export type ContactsQuery = InferType<typeof contactsQuerySchema>;

/** Query of POST campaigns/{id}/contacts/import: `dryRun=true` answers the report without writing. */
export const contactImportQuerySchema = object({
  dryRun: boolean().transform(fromQueryText).typeError('dryRun must be true or false').default(false),
}).noUnknown('Unknown field: ${unknown}');

/** A do-not-call entry added by hand. */
export const addDoNotCallSchema = object({
  phoneNumber: phoneNumber().required(CONTACT_MESSAGES.phoneRequired),
  reason: trimmedText().max(500, 'Reason must be at most 500 characters').optional(),
}).noUnknown('Unknown field: ${unknown}');
export type AddDoNotCallRequest = InferType<typeof addDoNotCallSchema>;

/**
 * Where an opt-out came from: a stop request heard in a call, the API, the tenant's CRM or other systems (an inbound
 * webhook), an admin, a text message reply, or an e-mail.
 */
export const OPT_OUT_SOURCES = ['call', 'api', 'crm', 'admin', 'sms', 'email', 'webhook', 'web_form'] as const;
export type OptOutSource = (typeof OPT_OUT_SOURCES)[number];
export const OPT_OUT_EVIDENCE_MAX = 2000;

/**
 * POST /api/opt-outs: a person asked not to be called again. Also the documented shape of the inbound webhook the
 * tenant's own systems send (with an API key of the outbound:write permission).
 */
export const optOutSchema = object({
  phoneNumber: phoneNumber().required(CONTACT_MESSAGES.phoneRequired),
  source: mixed<OptOutSource>()
    .oneOf([...OPT_OUT_SOURCES], `Source must be one of ${OPT_OUT_SOURCES.join(', ')}`)
    .required('Source is required'),
  evidence: trimmedText()
    .max(OPT_OUT_EVIDENCE_MAX, `Evidence must be at most ${OPT_OUT_EVIDENCE_MAX} characters`)
    .default(''),
}).noUnknown('Unknown field: ${unknown}');
export type OptOutRequest = InferType<typeof optOutSchema>;

export const doNotCallQuerySchema = object({
  limit: pageLimit(),
  after: cursor(),
  search: numberSearch(),
}).noUnknown('Unknown field: ${unknown}');

/** Metadata typed as JSON text in the dialog (spec 000 §5); the dialog parses it before the request schema. */
export const metadataJsonSchema = text().test('json', CONTACT_MESSAGES.metadataJson, (value) => {
  if (!value?.trim()) return true;
  try {
    return metadataProblem(JSON.parse(value)) === null;
  } catch {
    return false;
  }
});
