import Papa from 'papaparse';
import type { ContactImport, ImportReport } from '@shared/api/contacts.types';
import { exportCells, exportHeader } from '@shared/domain/contact-csv';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { crashCheckpoint } from '../../lib/crash-checkpoint';
import { newId, newSequentialId } from '../../lib/ids';
import type { CampaignRecord } from '../campaigns/campaigns.service';
import { appendImportedConsents } from './consent-ledger.store';
import { countryOf, importedContact, toImport } from './contact-rules';
import { findImport, findImportToRun, finishImport, insertImport, setImportProgress } from './contact-imports.store';
import { readContactTotals, writingContacts } from './contact-totals.store';
import type { ContactsContext } from './contacts-context';
import { campaignMetadataKeys, campaignNumbers, contactBatches, insertImportedContacts } from './contacts.store';
import { analyseCsv, dropNowKnown, parseCsv, type CsvAnalysis } from './csv-analysis';

export const IMPORT_CONTACTS_JOB = 'import-contacts';

/** One import may take a while on 100k rows under load; a run cut short is retried and starts over. */
export const IMPORT_JOB_OPTIONS = { retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 15 * 60 };
const EXPORT_BATCH = 2000;

/** Contacts in and out as CSV: the import as a job that writes in one piece, and a formula-safe export. */
export function createContactsCsv({ deps, modules, outboundCampaign }: ContactsContext) {
  const { db } = deps;
  const { campaigns, doNotCall, events } = modules;
  const checkpoint = crashCheckpoint(deps.config.testCrashAt);
  const now = () => isoNow(deps.clock);

  /** Checks a file against the campaign as it stands: its numbers, the do-not-call list, its country. */
  async function analyse(
    tenantId: string,
    campaign: CampaignRecord,
    records: string[][],
    onProgress?: (processed: number, total: number) => Promise<void>,
  ): Promise<CsvAnalysis> {
    const [known, blocked] = await Promise.all([campaignNumbers(db, campaign.id), doNotCall.listedNumbers(tenantId)]);
    const defaultCountry = countryOf(campaign);
    return analyseCsv(records, { defaultCountry, known, blocked, importedAt: now(), onProgress });
  }

  /**
   * Writes the accepted contacts, their consent's ledger entries (made by the importing user), the report and the
   * import's end in one transaction.
   */
  async function writeImport(
    run: { importId: string; tenantId: string; campaignId: string; userId: string | null },
    analysis: CsvAnalysis,
  ) {
    const { importId, tenantId, campaignId } = run;
    return writingContacts(db, async (trx, totals) => {
      // Numbers the campaign gained meanwhile (a contact added by hand) become duplicates, not a failed import.
      const final = dropNowKnown(analysis, await campaignNumbers(trx, campaignId));
      const at = now();
      const contacts = final.accepted.map((row) => importedContact(row, newSequentialId()));
      await insertImportedContacts(trx, totals, tenantId, campaignId, contacts, at);
      await appendImportedConsents(trx, { tenantId, campaignId, changedBy: run.userId ?? 'import' }, contacts, at);
      checkpoint('contact-import:inserted');
      await finishImport(trx, importId, { status: 'finished', report: final.report }, at);
      const imported = final.report.imported;
      const finished = { importId, campaignId, imported, rejected: final.report.totalRows - imported };
      await events.publish(tenantId, { type: 'import.finished', data: finished }, trx);
      return final.report;
    });
  }

  /** Ends an import with nothing written, and tells its dialog at once. */
  async function endInFailure(importId: string, error: string): Promise<void> {
    const found = await findImportToRun(db, importId);
    if (!found) return;
    await db.transaction(async (trx) => {
      await finishImport(trx, importId, { status: 'failed', error }, now());
      const data = { importId, campaignId: found.campaignId, error };
      await events.publish(found.tenantId, { type: 'import.failed', data }, trx);
    });
  }

  async function getImport(tenantId: string, id: string): Promise<ContactImport> {
    const found = await findImport(db, tenantId, id);
    if (!found) throw new DomainError('NOT_FOUND', 'The import could not be found.');
    return toImport(found);
  }

  return {
    /** What importing this file would do, nothing written (the import dialog's preview). */
    async previewImport(tenantId: string, campaignId: string, csv: string): Promise<ImportReport> {
      const campaign = await outboundCampaign(tenantId, campaignId);
      return (await analyse(tenantId, campaign, parseCsv(csv))).report;
    },

    /** Keeps the file with a queued import and queues its job in the same transaction. */
    async startImport(tenantId: string, userId: string, campaignId: string, csv: string): Promise<ContactImport> {
      await outboundCampaign(tenantId, campaignId);
      const id = newId();
      await db.transaction(async (trx) => {
        await insertImport(trx, { id, tenantId, campaignId, csv, userId, now: now() });
        await deps.jobs.send(IMPORT_CONTACTS_JOB, { importId: id }, IMPORT_JOB_OPTIONS, trx);
      });
      return getImport(tenantId, id);
    },

    getImport,

    /**
     * The import job: checks every row (reporting progress), then writes the accepted contacts, the report and the
     * import's end in one transaction, so a crash leaves no contact of it behind and the retry starts over.
     */
    async runImport(importId: string): Promise<void> {
      const found = await findImportToRun(db, importId);
      if (!found || found.status === 'finished' || found.status === 'failed') return;
      const campaign = await campaigns.require(found.tenantId, found.campaignId).catch(() => null);
      if (!campaign || found.csv === null) {
        await endInFailure(importId, 'The campaign or the file is gone.');
        return;
      }
      const records = parseCsv(found.csv);
      const total = Math.max(records.length - 1, 0);
      await setImportProgress(db, importId, { status: 'running', processedRows: 0, totalRows: total }, now());
      const analysis = await analyse(found.tenantId, campaign, records, async (processed) => {
        await setImportProgress(db, importId, { processedRows: processed, totalRows: total }, now());
        await events.publish(found.tenantId, {
          type: 'import.progress',
          data: { importId, campaignId: campaign.id, processed, total },
        });
      });
      const run = { importId, tenantId: found.tenantId, campaignId: campaign.id, userId: found.userId };
      const report = await writeImport(run, analysis);
      deps.logger.info({ importId, imported: report.imported, totalRows: report.totalRows }, 'contact import finished');
    },

    /** Ends an import whose job has run out of retries, so that its page stops waiting for it. */
    async failImport(importId: string, error: unknown): Promise<void> {
      deps.logger.error({ importId, err: error }, 'contact import failed');
      await endInFailure(importId, 'The import could not be completed.');
    },

    /**
     * The campaign's contacts as CSV text, a batch of rows at a time: number, status, retries, settings, then one
     * column per metadata key; formula-safe. Refused when there is nothing to export (spec 000 §5).
     */
    async exportCsv(tenantId: string, campaignId: string): Promise<AsyncGenerator<string>> {
      await campaigns.require(tenantId, campaignId);
      if ((await readContactTotals(db, tenantId, campaignId)).total === 0) {
        throw new DomainError('CONTACTS_NONE_TO_EXPORT');
      }
      const keys = await campaignMetadataKeys(db, tenantId, campaignId);
      return (async function* lines() {
        yield `${Papa.unparse([exportHeader(keys)])}\r\n`;
        for await (const batch of contactBatches(db, tenantId, campaignId, EXPORT_BATCH)) {
          yield `${Papa.unparse(batch.map((contact) => exportCells(contact, keys)))}\r\n`;
        }
      })();
    },
  };
}
