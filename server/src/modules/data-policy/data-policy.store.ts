import type { DataPolicy } from '@shared/api/data-policy.types';
import type { Knex } from 'knex';
import { toBool, type Db } from '../../db/database';

type Queryable = Db | Knex.Transaction;

/** The data policy columns of the tenants table (migration 0028); this module owns them. */
interface PolicyRow {
  redact_pii: boolean | number;
  recording_retention_days: number | string | null;
  transcript_retention_days: number | string | null;
}

const days = (value: number | string | null) => (value === null ? null : Number(value));

const toPolicy = (row: PolicyRow): DataPolicy => ({
  redactPii: toBool(row.redact_pii),
  recordingRetentionDays: days(row.recording_retention_days),
  transcriptRetentionDays: days(row.transcript_retention_days),
});

const POLICY_COLUMNS = ['redact_pii', 'recording_retention_days', 'transcript_retention_days'];

export async function findDataPolicy(db: Queryable, tenantId: string): Promise<DataPolicy | undefined> {
  const row: PolicyRow | undefined = await db('tenants').where({ id: tenantId }).first(POLICY_COLUMNS);
  return row ? toPolicy(row) : undefined;
}

/** Whether the tenant redacts, and its country (the one its callers' national numbers are read in). */
export async function findRedactionSettings(
  db: Queryable,
  tenantId: string,
): Promise<{ redactPii: boolean; country: string } | undefined> {
  const row: { redact_pii: boolean | number; country: string } | undefined = await db('tenants')
    .where({ id: tenantId })
    .first('redact_pii', 'country');
  return row ? { redactPii: toBool(row.redact_pii), country: row.country } : undefined;
}

/** Replaces the tenant's policy; false when there is no such tenant. */
export async function saveDataPolicy(db: Queryable, tenantId: string, policy: DataPolicy): Promise<boolean> {
  const changed = await db('tenants').where({ id: tenantId }).update({
    redact_pii: policy.redactPii,
    recording_retention_days: policy.recordingRetentionDays,
    transcript_retention_days: policy.transcriptRetentionDays,
  });
  return changed > 0;
}

/** The tenants that keep recordings or transcripts for a limited time, with their days; in id order. */
export async function tenantsWithRetention(
  db: Queryable,
): Promise<Array<{ tenantId: string } & Omit<DataPolicy, 'redactPii'>>> {
  const rows: Array<PolicyRow & { id: string }> = await db('tenants')
    .whereNotNull('recording_retention_days')
    .orWhereNotNull('transcript_retention_days')
    .orderBy('id')
    .select(['id', ...POLICY_COLUMNS]);
  return rows.map((row) => {
    const { recordingRetentionDays, transcriptRetentionDays } = toPolicy(row);
    return { tenantId: row.id, recordingRetentionDays, transcriptRetentionDays };
  });
}
