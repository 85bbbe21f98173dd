import type { DoNotCallEntry, DoNotCallPage, ImportReport } from '@shared/api/contacts.types';
import { neutraliseFormula } from '@shared/domain/contact-csv';
import { readContactNumber } from '@shared/domain/contact-number';
import type { AddDoNotCallRequest, OptOutSource } from '@shared/schemas/contact.schema';
import Papa from 'papaparse';
import type { AppDeps } from '../../app-deps';
import { dialectOf } from '../../db/database';
import { DomainError, invalidField } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { newSequentialId } from '../../lib/ids';
import { analyseCsv, parseCsv } from '../contacts/csv-analysis';
import type { UsersService } from '../users/users.service';
import {
  allListedNumbers,
  countEntries,
  deleteEntry,
  findEntryByNumber,
  insertEntries,
  insertEntry,
  listEntries,
  listedAmong,
  type DoNotCallRecord,
} from './do-not-call.store';

export type DoNotCallService = ReturnType<typeof createDoNotCallService>;

const EXPORT_BATCH = 5000;

const alreadyListed = () => new DomainError('DO_NOT_CALL_ALREADY_LISTED');

/**
 * The tenant's do-not-call list: numbers nobody in the tenant may call, whatever the campaign. Checked by every
 * import and before every dial; a person who asks in a call not to be called again is added with the call as evidence.
 */
export function createDoNotCallService(deps: Pick<AppDeps, 'db' | 'clock'>, users: Pick<UsersService, 'memberEmails'>) {
  const { db } = deps;

  /** The entries as the API shows them: who added each one by the member's address. */
  async function shown(tenantId: string, records: readonly DoNotCallRecord[]): Promise<DoNotCallEntry[]> {
    const adders = records.flatMap((record) => (record.addedByUserId ? [record.addedByUserId] : []));
    const emails = await users.memberEmails(tenantId, adders);
    return records.map(({ addedByUserId, ...entry }) => ({
      ...entry,
      addedBy: emails.get(addedByUserId ?? '') ?? null,
    }));
  }

  /** The list's numbers are international: a tenant-wide list has no country to read national numbers in. */
  function e164Of(written: string): string {
    const number = readContactNumber(written);
    if (!number.ok) throw invalidField('phoneNumber', number.reason);
    return number.e164;
  }

  return {
    async list(tenantId: string, page: { after?: string; limit: number; search?: string }): Promise<DoNotCallPage> {
      const [rows, total] = await Promise.all([
        listEntries(db, tenantId, page),
        countEntries(db, tenantId, page.search),
      ]);
      const entries = await shown(tenantId, rows.slice(0, page.limit));
      return { entries, nextCursor: rows.length > page.limit ? (entries.at(-1)?.id ?? null) : null, total };
    },

    async add(tenantId: string, userId: string, input: AddDoNotCallRequest): Promise<DoNotCallEntry> {
      const phoneNumber = e164Of(input.phoneNumber);
      const entry = {
        id: newSequentialId(),
        phoneNumber,
        source: 'manual' as const,
        reason: input.reason ?? null,
        callId: null,
        channel: 'admin' as const,
      };
      try {
        await insertEntry(db, tenantId, entry, userId, isoNow(deps.clock));
      } catch (error) {
        if (dialectOf(db).isUniqueViolation(error)) throw alreadyListed();
        throw error;
      }
      const created = await findEntryByNumber(db, tenantId, phoneNumber);
      const [shownEntry] = created ? await shown(tenantId, [created]) : [];
      if (!shownEntry) throw new DomainError('NOT_FOUND');
      return shownEntry;
    },

    async remove(tenantId: string, id: string): Promise<void> {
      if (!(await deleteEntry(db, tenantId, id))) throw new DomainError('NOT_FOUND');
    },

    /** Adds every valid number of a CSV (first column, header line first) that the list does not hold, in one piece. */
    async importCsv(
      tenantId: string,
      userId: string | null,
      text: string,
    ): Promise<{ report: ImportReport; added: string[] }> {
      const records = parseCsv(text);
      return db.transaction(async (trx) => {
        const known = await allListedNumbers(trx, tenantId);
        const { report, accepted } = await analyseCsv(records, {
          defaultCountry: undefined,
          known,
          blocked: new Set(),
          importedAt: isoNow(deps.clock),
        });
        await insertEntries(
          trx,
          tenantId,
          accepted.map((row) => ({
            id: newSequentialId(),
            phoneNumber: row.e164,
            source: 'import' as const,
            reason: null,
            callId: null,
          })),
          userId,
          isoNow(deps.clock),
        );
        return { report, added: accepted.map((row) => row.e164) };
      });
    },

    /** The list as CSV text, a batch of rows at a time, formula-safe. */
    async *exportCsv(tenantId: string): AsyncGenerator<string> {
      yield `${Papa.unparse([['phoneNumber', 'source', 'reason', 'createdAt']])}\r\n`;
      let after: string | undefined;
      for (;;) {
        const rows = await listEntries(db, tenantId, { after, limit: EXPORT_BATCH });
        const batch = rows.slice(0, EXPORT_BATCH);
        if (batch.length === 0) return;
        const cells = batch.map((e) => [e.phoneNumber, e.source, e.reason ?? '', e.createdAt].map(neutraliseFormula));
        yield `${Papa.unparse(cells)}\r\n`;
        if (rows.length <= EXPORT_BATCH) return;
        after = batch.at(-1)?.id;
      }
    },

    /** The numbers of these that must not be called; the dialer asks before every dial. */
    isBlocked: (tenantId: string, numbers: readonly string[]) => listedAmong(db, tenantId, numbers),

    /** Every listed number of the tenant, for an import to check its rows against. */
    listedNumbers: (tenantId: string) => allListedNumbers(db, tenantId),

    /**
     * An opt-out from any channel: adds the number with where it came from and its evidence, or finds it listed
     * already (a repeated opt-out is no error). Resolves to the entry and whether this added it.
     */
    async record(
      tenantId: string,
      userId: string | null,
      input: { phoneNumber: string; channel: OptOutSource; evidence: string; callId: string | null },
    ): Promise<{ entry: DoNotCallEntry; created: boolean }> {
      const phoneNumber = e164Of(input.phoneNumber);
      let created = false;
      if (!(await findEntryByNumber(db, tenantId, phoneNumber))) {
        const entry = {
          id: newSequentialId(),
          phoneNumber,
          source: input.channel === 'call' ? ('call' as const) : ('manual' as const),
          reason: input.channel === 'call' ? 'Asked not to be called again during a call' : null,
          callId: input.callId,
          channel: input.channel,
          evidence: input.evidence || null,
        };
        try {
          await insertEntry(db, tenantId, entry, userId, isoNow(deps.clock));
          created = true;
        } catch (error) {
          if (!dialectOf(db).isUniqueViolation(error)) throw error;
        }
      }
      const found = await findEntryByNumber(db, tenantId, phoneNumber);
      const [entry] = found ? await shown(tenantId, [found]) : [];
      if (!entry) throw new DomainError('NOT_FOUND');
      return { entry, created };
    },

    /**
     * The opt-out heard in a call: adds the number with the call as evidence (null while the call is not recorded
     * yet), once (a number already listed keeps its entry). Resolves to whether it was added.
     */
    async addFromCall(tenantId: string, phoneNumber: string, callId: string | null): Promise<boolean> {
      const number = readContactNumber(phoneNumber);
      if (!number.ok || (await findEntryByNumber(db, tenantId, number.e164))) return false;
      const entry = {
        id: newSequentialId(),
        phoneNumber: number.e164,
        source: 'call' as const,
        reason: 'Asked not to be called again during a call',
        callId,
      };
      try {
        await insertEntry(db, tenantId, entry, null, isoNow(deps.clock));
        return true;
      } catch (error) {
        if (dialectOf(db).isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}
