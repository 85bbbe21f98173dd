import { array, mixed, object, type InferType } from 'yup';
import { wholeNumber } from './campaign.schema';
import { contactMetadata, CONTACT_LIMITS, CONTACT_MESSAGES } from './contact.schema';
import { trimmedText } from './strict-text.schema';

/**
 * POST campaigns/{id}/contacts/sync: the changes of an offline draft, sent once per sync with an Idempotency-Key
 * header. A number is only checked for its length here: whether it is a valid, new, callable number is the
 * server's per-row verdict, so one bad row never holds back the others.
 */
export const CONTACT_SYNC_OPS = ['create', 'update', 'delete'] as const;
export type ContactSyncOp = (typeof CONTACT_SYNC_OPS)[number];

export const CONTACT_SYNC_LIMITS = {
  /** Changes per sync: one transaction stays short; a bigger draft syncs in several rounds. */
  changes: 500,
  key: 64,
  idempotencyKey: 128,
  /** Versions are counted by the database's integer column. */
  maxVersion: 2_147_483_647,
} as const;

export const CONTACT_SYNC_MESSAGES = {
  idempotencyKey: `An Idempotency-Key header of 8 to ${CONTACT_SYNC_LIMITS.idempotencyKey} letters, digits, - or _ is required`,
  changes: `A sync carries 1 to ${CONTACT_SYNC_LIMITS.changes} changes`,
  key: `Each change needs a key of 1 to ${CONTACT_SYNC_LIMITS.key} characters`,
  duplicateKey: 'Each change of a sync needs its own key',
  op: 'The operation must be create, update or delete',
  contactId: 'Updates and deletes name the contact (contactId) and the version they were read at (baseVersion)',
  phoneNumber: 'A new contact needs a phone number',
  baseVersion: 'The base version must be a positive whole number',
} as const;

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

/** The Idempotency-Key header of a sync. */
export const syncIdempotencyKeySchema = trimmedText()
  .required(CONTACT_SYNC_MESSAGES.idempotencyKey)
  .matches(IDEMPOTENCY_KEY, CONTACT_SYNC_MESSAGES.idempotencyKey);

/** One change; the draft editor checks its rows with it too, so that one bad row never fails a whole sync. */
export const contactSyncChangeSchema = object({
  key: trimmedText()
    .min(1, CONTACT_SYNC_MESSAGES.key)
    .max(CONTACT_SYNC_LIMITS.key, CONTACT_SYNC_MESSAGES.key)
    .required(CONTACT_SYNC_MESSAGES.key),
  op: mixed<ContactSyncOp>()
    .oneOf([...CONTACT_SYNC_OPS], CONTACT_SYNC_MESSAGES.op)
    .required(CONTACT_SYNC_MESSAGES.op),
  contactId: trimmedText()
    .max(64, CONTACT_SYNC_MESSAGES.contactId)
    .when('op', {
      is: 'create',
      then: (schema) => schema.strip(),
      otherwise: (schema) => schema.required(CONTACT_SYNC_MESSAGES.contactId),
    }),
  baseVersion: wholeNumber(1, CONTACT_SYNC_LIMITS.maxVersion, CONTACT_SYNC_MESSAGES.baseVersion).when('op', {
    is: 'create',
    then: (schema) => schema.strip(),
    otherwise: (schema) => schema.required(CONTACT_SYNC_MESSAGES.contactId),
  }),
  phoneNumber: trimmedText()
    .max(CONTACT_LIMITS.phoneNumber, CONTACT_MESSAGES.phoneInvalid)
    .when('op', {
      is: 'create',
      then: (schema) => schema.min(1, CONTACT_SYNC_MESSAGES.phoneNumber).required(CONTACT_SYNC_MESSAGES.phoneNumber),
      otherwise: (schema) => schema.optional(),
    }),
  metadata: contactMetadata().optional(),
}).noUnknown('Unknown field: ${unknown}');
export type ContactSyncChange = InferType<typeof contactSyncChangeSchema>;

export const contactSyncSchema = object({
  changes: array(contactSyncChangeSchema)
    .typeError(CONTACT_SYNC_MESSAGES.changes)
    .min(1, CONTACT_SYNC_MESSAGES.changes)
    .max(CONTACT_SYNC_LIMITS.changes, CONTACT_SYNC_MESSAGES.changes)
    .required(CONTACT_SYNC_MESSAGES.changes)
    .test('unique-keys', CONTACT_SYNC_MESSAGES.duplicateKey, (changes) => {
      const keys = (changes ?? []).map((change) => change.key);
      return new Set(keys).size === keys.length;
    }),
}).noUnknown('Unknown field: ${unknown}');
export type ContactSyncRequest = InferType<typeof contactSyncSchema>;
