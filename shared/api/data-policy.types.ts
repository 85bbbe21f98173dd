/**
 * What a tenant keeps of its calls (issue 25 §4): whether personal data is redacted from stored transcripts,
 * summaries, webhook payloads and logs, and for how many days recordings and transcripts are kept (null: forever).
 */
export interface DataPolicy {
  redactPii: boolean;
  recordingRetentionDays: number | null;
  transcriptRetentionDays: number | null;
}

export interface DataPolicyResponse {
  dataPolicy: DataPolicy;
}

/** Retention a tenant may choose, in days. */
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 3650;
/** What a new tenant starts with: redaction on, recordings and transcripts kept a year. */
export const DEFAULT_DATA_POLICY: DataPolicy = {
  redactPii: true,
  recordingRetentionDays: 365,
  transcriptRetentionDays: 365,
};
