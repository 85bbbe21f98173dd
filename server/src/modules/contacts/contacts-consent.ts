import Papa from 'papaparse';
import { neutraliseFormula } from '@shared/domain/contact-csv';
import { consentEntriesOf, type ConsentLedgerEntry } from './consent-ledger.store';
import type { ContactsContext } from './contacts-context';

const LEDGER_HEADER = [
  'changedAt',
  'changedBy',
  'contactId',
  'phoneNumber',
  'scope',
  'source',
  'capturedAt',
  'evidence',
] as const;

/** One ledger entry as a CSV row; an empty scope means consent was withdrawn. */
function ledgerCells(entry: ConsentLedgerEntry): string[] {
  const { consent } = entry;
  return [
    entry.createdAt,
    entry.changedBy,
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
  const csvOf = (entries: ConsentLedgerEntry[]) =>
    `${Papa.unparse([[...LEDGER_HEADER], ...entries.map(ledgerCells)])}\r\n`;
  return {
    async contactConsentCsv(tenantId: string, contactId: string): Promise<string> {
      await requireContact(tenantId, contactId);
      return csvOf(await consentEntriesOf(deps.db, tenantId, { contactId }));
    },
    async campaignConsentCsv(tenantId: string, campaignId: string): Promise<string> {
      await modules.campaigns.require(tenantId, campaignId);
      return csvOf(await consentEntriesOf(deps.db, tenantId, { campaignId }));
    },
  };
}
