import { ERROR_MESSAGES } from '@shared/api/error-catalogue';
import Papa from 'papaparse';
import type { ContactImport, ContactsPage, ImportReport, OutboundContact } from '@shared/api/contacts.types';
import { exportCells, exportHeader } from '@shared/domain/contact-csv';
import { countryOfTimezone, readContactNumber } from '@shared/domain/contact-number';
import {
  CONTACT_DEFAULTS,
  CONTACT_MESSAGES,
  type ContactsQuery,
  type CreateContactRequest,
  type UpdateContactRequest,
} from '@shared/schemas/contact.schema';
import type { AppDeps } from '../../app-deps';
import { dialectOf } from '../../db/database';
import { DomainError, invalidField } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { newId, newSequentialId } from '../../lib/ids';
import type { CampaignRecord, CampaignsService } from '../campaigns/campaigns.service';
import type { DoNotCallService } from '../do-not-call/do-not-call.service';
import type { EventsService } from '../events/events.service';
import { crashCheckpoint } from '../../lib/crash-checkpoint';
import {
  findImport,
  findImportToRun,
  finishImport,
  insertImport,
  setImportProgress,
  type ContactImportRecord,
} from './contact-imports.store';
import { readContactTotals, writingContacts } from './contact-totals.store';
import {
  campaignMetadataKeys,
  campaignNumbers,
  contactBatches,
  countContacts,
  deleteIdleContact,
  findContact,
  insertContact,
  insertImportedContacts,
  listContactsPage,
  updateIdleContact,
  type ContactRecord,
} from './contacts.store';
import { analyseCsv, dropNowKnown, parseCsv, type CsvAnalysis } from './csv-analysis';

export type ContactsService = ReturnType<typeof createContactsService>;

export const IMPORT_CONTACTS_JOB = 'import-contacts';

/** One import may take a while on 100k rows under load; a run cut short is retried and starts over. */
export const IMPORT_JOB_OPTIONS = { retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 15 * 60 };
const EXPORT_BATCH = 2000;

const notFound = () => new DomainError('NOT_FOUND', 'The contact could not be found.');
export const beingCalled = () => new DomainError('CONTACT_BEING_CALLED');
export const notOutbound = () => new DomainError('CAMPAIGN_NOT_OUTBOUND');
const numberTaken = () =>
  new DomainError('CONTACT_NUMBER_IN_CAMPAIGN', undefined, {
    fields: { phoneNumber: ERROR_MESSAGES.CONTACT_NUMBER_IN_CAMPAIGN },
  });

/** What clients see of a contact: neither its tenant nor the dialer's lease token. */
export const toContact = ({
  tenantId: _tenantId,
  leaseToken: _leaseToken,
  ...contact
}: ContactRecord): OutboundContact => contact;
const toImport = ({ tenantId: _tenantId, ...view }: ContactImportRecord): ContactImport => view;

/**
 * A campaign's outbound contacts (spec 000 §2, §3, §5): keyset pages with totals by status, add, edit and delete
 * (never while one is being dialled), the CSV import as a job that writes in one piece, and a formula-safe export.
 * The dialing columns (status, next attempt, attempts, lease, conversation) are the dialer's, in contact-dialing.*.
 */
export function createContactsService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs' | 'logger' | 'config'>,
  campaigns: CampaignsService,
  doNotCall: DoNotCallService,
  events: Pick<EventsService, 'publish'>,
) {
  const { db } = deps;
  const checkpoint = crashCheckpoint(deps.config.testCrashAt);

  async function outboundCampaign(tenantId: string, campaignId: string): Promise<CampaignRecord> {
    const campaign = await campaigns.require(tenantId, campaignId);
    if (campaign.campaignType !== 'outbound') throw notOutbound();
    return campaign;
  }

  async function requireContact(tenantId: string, id: string): Promise<ContactRecord> {
    const contact = await findContact(db, tenantId, id);
    if (!contact) throw notFound();
    return contact;
  }

  /** The number in E.164 (national numbers in the campaign's country), not on the do-not-call list. */
  async function callableNumber(tenantId: string, campaign: CampaignRecord, written: string): Promise<string> {
    const number = readContactNumber(written, countryOfTimezone(campaign.timezone));
    if (!number.ok) throw invalidField('phoneNumber', `${CONTACT_MESSAGES.phoneInvalid}: ${number.reason}`);
    if ((await doNotCall.isBlocked(tenantId, [number.e164])).size > 0) {
      throw invalidField('phoneNumber', 'This number is on the do-not-call list.');
    }
    return number.e164;
  }

  async function writeOrConflict(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (dialectOf(db).isUniqueViolation(error)) throw numberTaken();
      throw error;
    }
  }

  /** Checks a file against the campaign as it stands: its numbers, the do-not-call list, its country. */
  async function analyse(
    tenantId: string,
    campaign: CampaignRecord,
    records: string[][],
    onProgress?: (processed: number, total: number) => Promise<void>,
  ): Promise<CsvAnalysis> {
    const [known, blocked] = await Promise.all([campaignNumbers(db, campaign.id), doNotCall.listedNumbers(tenantId)]);
    return analyseCsv(records, { defaultCountry: countryOfTimezone(campaign.timezone), known, blocked, onProgress });
  }

  /**
   * The import job: checks every row (reporting progress), then writes the accepted contacts, the report and the
   * import's end in one transaction, so a crash leaves no contact of it behind and the retry starts over.
   */
  async function runImport(importId: string): Promise<void> {
    const found = await findImportToRun(db, importId);
    if (!found || found.status === 'finished' || found.status === 'failed') return;
    const now = () => isoNow(deps.clock);
    const campaign = await campaigns.require(found.tenantId, found.campaignId).catch(() => null);
    if (!campaign || found.csv === null) {
      await finishImport(db, importId, { status: 'failed', error: 'The campaign or the file is gone.' }, now());
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
    const report = await writingContacts(db, async (trx, totals) => {
      // Numbers the campaign gained meanwhile (a contact added by hand) become duplicates, not a failed import.
      const final = dropNowKnown(analysis, await campaignNumbers(trx, campaign.id));
      const at = now();
      await insertImportedContacts(
        trx,
        totals,
        found.tenantId,
        campaign.id,
        final.accepted.map((row) => ({
          id: newSequentialId(),
          phoneNumber: row.e164,
          maxRetries: row.maxRetries ?? CONTACT_DEFAULTS.maxRetries,
          retryDelayMinutes: row.retryDelayMinutes ?? CONTACT_DEFAULTS.retryDelayMinutes,
          metadata: row.metadata,
        })),
        at,
      );
      checkpoint('contact-import:inserted');
      await finishImport(trx, importId, { status: 'finished', report: final.report }, at);
      const imported = final.report.imported;
      const finished = { importId, campaignId: campaign.id, imported, rejected: final.report.totalRows - imported };
      await events.publish(found.tenantId, { type: 'import.finished', data: finished }, trx);
      return final.report;
    });
    deps.logger.info({ importId, imported: report.imported, totalRows: report.totalRows }, 'contact import finished');
  }

  async function getImport(tenantId: string, id: string): Promise<ContactImport> {
    const found = await findImport(db, tenantId, id);
    if (!found) throw new DomainError('NOT_FOUND', 'The import could not be found.');
    return toImport(found);
  }

  return {
    async list(tenantId: string, campaignId: string, query: ContactsQuery): Promise<ContactsPage> {
      await campaigns.require(tenantId, campaignId);
      const filter = { status: query.status, search: query.search };
      // The kept totals answer every filter but a search, which has to look at the numbers.
      const [rows, totals, searched] = await Promise.all([
        listContactsPage(db, tenantId, campaignId, { ...filter, after: query.after, limit: query.limit }),
        readContactTotals(db, tenantId, campaignId),
        filter.search ? countContacts(db, tenantId, campaignId, filter) : undefined,
      ]);
      const matching = searched ?? (filter.status ? totals[filter.status] : totals.total);
      const page = rows.slice(0, query.limit);
      return {
        contacts: page.map(toContact),
        nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
        matching,
        totals,
      };
    },

    async get(tenantId: string, id: string): Promise<OutboundContact> {
      return toContact(await requireContact(tenantId, id));
    },

    async create(tenantId: string, campaignId: string, input: CreateContactRequest): Promise<OutboundContact> {
      const campaign = await outboundCampaign(tenantId, campaignId);
      const phoneNumber = await callableNumber(tenantId, campaign, input.phoneNumber);
      const id = newSequentialId();
      const now = isoNow(deps.clock);
      await writeOrConflict(() =>
        writingContacts(db, (trx, totals) =>
          insertContact(trx, totals, {
            id,
            tenantId,
            campaignId,
            now,
            phoneNumber,
            maxRetries: input.maxRetries,
            retryDelayMinutes: input.retryDelayMinutes,
            metadata: input.metadata,
            scheduledFor: input.scheduledFor ?? null,
            nextAttemptAt: input.scheduledFor ?? now,
            conversationConfig: input.conversationConfig ?? null,
          }),
        ),
      );
      return toContact(await requireContact(tenantId, id));
    },

    async update(tenantId: string, id: string, patch: UpdateContactRequest): Promise<OutboundContact> {
      const contact = await requireContact(tenantId, id);
      if (contact.status === 'in_progress') throw beingCalled();
      const campaign = await campaigns.require(tenantId, contact.campaignId);
      const phoneNumber =
        patch.phoneNumber === undefined ? undefined : await callableNumber(tenantId, campaign, patch.phoneNumber);
      // A new time for a contact still waiting moves its next attempt with it.
      const nextAttemptAt =
        patch.scheduledFor !== undefined && contact.status === 'pending'
          ? (patch.scheduledFor ?? isoNow(deps.clock))
          : undefined;
      let updated = false;
      await writeOrConflict(async () => {
        updated = await updateIdleContact(
          db,
          tenantId,
          { id },
          { ...patch, phoneNumber, nextAttemptAt },
          isoNow(deps.clock),
        );
      });
      if (!updated) throw beingCalled();
      return toContact(await requireContact(tenantId, id));
    },

    async remove(tenantId: string, id: string): Promise<void> {
      const contact = await requireContact(tenantId, id);
      if (contact.status === 'in_progress') throw beingCalled();
      const deleted = await writingContacts(db, (trx, totals) => deleteIdleContact(trx, totals, tenantId, { id }));
      if (!deleted) throw beingCalled();
    },

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
        await insertImport(trx, { id, tenantId, campaignId, csv, userId, now: isoNow(deps.clock) });
        await deps.jobs.send(IMPORT_CONTACTS_JOB, { importId: id }, IMPORT_JOB_OPTIONS, trx);
      });
      return getImport(tenantId, id);
    },

    getImport,

    runImport,

    /** Ends an import whose job has run out of retries, so that its page stops waiting for it. */
    async failImport(importId: string, error: unknown): Promise<void> {
      deps.logger.error({ importId, err: error }, 'contact import failed');
      await finishImport(
        db,
        importId,
        { status: 'failed', error: 'The import could not be completed.' },
        isoNow(deps.clock),
      );
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
