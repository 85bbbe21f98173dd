import Papa from 'papaparse';
import { neutraliseFormula } from '@shared/domain/contact-csv';
import { consentEntriesOf, type ConsentLedgerEntry } from './consent-ledger.store';
import type { ContactsContext } from './contacts-context';

const LEDGER_HEADER = [
  'changedAt',
  'changedBy',
  'changedByEmail',
  'contactId',
  'phoneNumber',
  'scope',
  'source',
  'capturedAt',
  'evidence',
] as const;

/**
 * One ledger entry as a CSV row: who changed it by id and by e-mail (empty when no member did, or they have left);
 * an empty scope means consent was withdrawn.
 */
function ledgerCells(entry: ConsentLedgerEntry, emails: ReadonlyMap<string, string>): string[] {
  const { consent } = entry;
  return [
    entry.createdAt,
    entry.changedBy,
    emails.get(entry.changedBy) ?? '',
    entry.contactId,
    entry.phoneNumber,
    consent?.scope ?? '',
    consent?.source ?? '',
    consent?.capturedAt ?? '',
    consent?.evidence ?? '',
  ].map(neutraliseFormula);
}

/** The consent ledger as CSV, of one contact or one campaign, for a dispute. */
export function createContactsConsent({ deps, modules, requireContact }: ContactsContext) {
  async function csvOf(tenantId: string, entries: ConsentLedgerEntry[]): Promise<string> {
    const emails = await modules.users.memberEmails(tenantId, [...new Set(entries.map((entry) => entry.changedBy))]);
    const rows = entries.map((entry) => ledgerCells(entry, emails));
    return `${Papa.unparse([[...LEDGER_HEADER], ...rows])}\r\n`;
  }
  return {
    async contactConsentCsv(tenantId: string, contactId: string): Promise<string> {
      await requireContact(tenantId, contactId);
      return csvOf(tenantId, await consentEntriesOf(deps.db, tenantId, { contactId }));
    },
    async campaignConsentCsv(tenantId: string, campaignId: string): Promise<string> {
      await modules.campaigns.require(tenantId, campaignId);
      return csvOf(tenantId, await consentEntriesOf(deps.db, tenantId, { campaignId }));
    },
  };
}
