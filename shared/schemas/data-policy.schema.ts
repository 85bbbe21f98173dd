import { boolean, number, object, type InferType } from 'yup';
import { DEFAULT_DATA_POLICY, RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from '../api/data-policy.types';

const RETENTION_DAYS_DEFAULT = DEFAULT_DATA_POLICY.recordingRetentionDays ?? 365;

export const DATA_POLICY_MESSAGES = {
  redactPii: 'Redaction must be on or off',
  retentionDays: `Enter a whole number of days from ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}, or keep forever`,
} as const;

const retentionDays = () =>
  number()
    .strict()
    .typeError(DATA_POLICY_MESSAGES.retentionDays)
    .integer(DATA_POLICY_MESSAGES.retentionDays)
    .min(RETENTION_DAYS_MIN, DATA_POLICY_MESSAGES.retentionDays)
    .max(RETENTION_DAYS_MAX, DATA_POLICY_MESSAGES.retentionDays)
    .nullable()
    .defined(DATA_POLICY_MESSAGES.retentionDays);

/** PUT /tenant/data-policy: the whole policy, every field given (null retention keeps forever). */
export const dataPolicySchema = object({
  redactPii: boolean().strict().typeError(DATA_POLICY_MESSAGES.redactPii).required(DATA_POLICY_MESSAGES.redactPii),
  recordingRetentionDays: retentionDays(),
  transcriptRetentionDays: retentionDays(),
}).noUnknown('Unknown field: ${unknown}');

export const dataPolicyResponseSchema = object({ dataPolicy: dataPolicySchema.required() }).noUnknown();

export type DataPolicyInput = InferType<typeof dataPolicySchema>;

/**
 * The Data policy card's form: each retention is a number of days unless "keep forever" is ticked. The request is
 * made from it by dataPolicyOfForm.
 */
const formDays = (forever: 'keepRecordingsForever' | 'keepTranscriptsForever') =>
  number()
    .typeError(DATA_POLICY_MESSAGES.retentionDays)
    .integer(DATA_POLICY_MESSAGES.retentionDays)
    .min(RETENTION_DAYS_MIN, DATA_POLICY_MESSAGES.retentionDays)
    .max(RETENTION_DAYS_MAX, DATA_POLICY_MESSAGES.retentionDays)
    .nullable()
    .when(forever, {
      is: true,
      then: (schema) => schema.optional(),
      otherwise: (schema) => schema.required(DATA_POLICY_MESSAGES.retentionDays),
    });

export const dataPolicyFormSchema = object({
  redactPii: boolean().required(),
  keepRecordingsForever: boolean().required(),
  recordingRetentionDays: formDays('keepRecordingsForever'),
  keepTranscriptsForever: boolean().required(),
  transcriptRetentionDays: formDays('keepTranscriptsForever'),
});

export type DataPolicyForm = InferType<typeof dataPolicyFormSchema>;

export function dataPolicyFormOf(policy: DataPolicyInput): DataPolicyForm {
  return {
    redactPii: policy.redactPii,
    keepRecordingsForever: policy.recordingRetentionDays === null,
    recordingRetentionDays: policy.recordingRetentionDays ?? RETENTION_DAYS_DEFAULT,
    keepTranscriptsForever: policy.transcriptRetentionDays === null,
    transcriptRetentionDays: policy.transcriptRetentionDays ?? RETENTION_DAYS_DEFAULT,
  };
}

export function dataPolicyOfForm(form: DataPolicyForm): DataPolicyInput {
  return {
    redactPii: form.redactPii,
    recordingRetentionDays: form.keepRecordingsForever ? null : (form.recordingRetentionDays ?? null),
    transcriptRetentionDays: form.keepTranscriptsForever ? null : (form.transcriptRetentionDays ?? null),
  };
}
