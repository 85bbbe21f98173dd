import type { Knex } from 'knex';
import type { ContactImport, ContactImportStatus, ImportReport } from '@shared/api/contacts.types';
import { parseJson, toIso, toIsoOrNull, type Db } from '../../db/database';

type Queryable = Db | Knex.Transaction;

/** A CSV import of a campaign's contacts: the file until it has run, its progress, then its report. */
export type ContactImportRecord = ContactImport & { tenantId: string };

interface ContactImportRow {
  id: string;
  tenant_id: string;
  campaign_id: string;
  status: ContactImportStatus;
  total_rows: number | string;
  processed_rows: number | string;
  report: string | null;
  error: string | null;
  created_at: unknown;
  finished_at: unknown;
}

const VIEW_COLUMNS = [
  'id',
  'tenant_id',
  'campaign_id',
  'status',
  'total_rows',
  'processed_rows',
  'report',
  'error',
  'created_at',
  'finished_at',
];

const toRecord = (row: ContactImportRow): ContactImportRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  campaignId: row.campaign_id,
  status: row.status,
  totalRows: Number(row.total_rows),
  processedRows: Number(row.processed_rows),
  report: parseJson<ImportReport | null>(row.report, null),
  error: row.error,
  createdAt: toIso(row.created_at),
  finishedAt: toIsoOrNull(row.finished_at),
});

export async function insertImport(
  db: Queryable,
  record: { id: string; tenantId: string; campaignId: string; csv: string; userId: string; now: string },
): Promise<void> {
  await db('contact_imports').insert({
    id: record.id,
    tenant_id: record.tenantId,
    campaign_id: record.campaignId,
    status: 'queued',
    csv: record.csv,
    created_by_user_id: record.userId,
    created_at: record.now,
    updated_at: record.now,
  });
}

export async function findImport(
  db: Queryable,
  tenantId: string,
  id: string,
): Promise<ContactImportRecord | undefined> {
  const row: ContactImportRow | undefined = await db('contact_imports')
    .where({ tenant_id: tenantId, id })
    .first(VIEW_COLUMNS);
  return row ? toRecord(row) : undefined;
}

/** The import with its file, for the job that runs it (by id alone: the job carries no tenant). */
export async function findImportToRun(
  db: Queryable,
  id: string,
): Promise<(ContactImportRecord & { csv: string | null; userId: string | null }) | undefined> {
  const row: (ContactImportRow & { csv: string | null; created_by_user_id: string | null }) | undefined = await db(
    'contact_imports',
  )
    .where({ id })
    .first([...VIEW_COLUMNS, 'csv', 'created_by_user_id']);
  return row ? { ...toRecord(row), csv: row.csv, userId: row.created_by_user_id } : undefined;
}

export async function setImportProgress(
  db: Queryable,
  id: string,
  progress: { status?: ContactImportStatus; processedRows: number; totalRows: number },
  now: string,
): Promise<void> {
  await db('contact_imports')
    .where({ id })
    .update({
      ...(progress.status ? { status: progress.status } : {}),
      processed_rows: progress.processedRows,
      total_rows: progress.totalRows,
      updated_at: now,
    });
}

/** Closes the import with its report and lets go of the file; in the transaction that wrote its contacts. */
export async function finishImport(
  trx: Queryable,
  id: string,
  outcome: { status: 'finished'; report: ImportReport } | { status: 'failed'; error: string },
  now: string,
): Promise<void> {
  await trx('contact_imports')
    .where({ id })
    .update({
      status: outcome.status,
      csv: null,
      report: outcome.status === 'finished' ? JSON.stringify(outcome.report) : null,
      error: outcome.status === 'failed' ? outcome.error : null,
      ...(outcome.status === 'finished' ? { processed_rows: outcome.report.totalRows } : {}),
      updated_at: now,
      finished_at: now,
    });
}
