import type { Knex } from 'knex';
import type { ContactConsent } from '@shared/schemas/contact.schema';
import { dialectOf, toIso, toIsoOrNull, type Db } from '../../db/database';
import { newSequentialId } from '../../lib/ids';

type Queryable = Db | Knex.Transaction;

/** One change of a contact's consent as the ledger keeps it: appended, never changed. */
export interface ConsentLedgerEntry {
  id: string;
  campaignId: string;
  contactId: string;
  phoneNumber: string;
  /** Null: consent withdrawn. */
  consent: ContactConsent | null;
  changedBy: string;
  createdAt: string;
}

interface LedgerRow {
  id: string;
  campaign_id: string;
  contact_id: string;
  phone_number: string;
  scope: ContactConsent['scope'] | null;
  source: ContactConsent['source'] | null;
  captured_at: unknown;
  evidence: string | null;
  changed_by: string;
  created_at: unknown;
}

/** Appends the consent a contact now has (null when withdrawn), with who gave it. */
export async function appendConsentEntry(
  db: Queryable,
  entry: { tenantId: string; campaignId: string; contactId: string; phoneNumber: string; changedBy: string },
  consent: ContactConsent | null,
  now: string,
): Promise<void> {
  await db('consent_ledger').insert({
    id: newSequentialId(),
    tenant_id: entry.tenantId,
    campaign_id: entry.campaignId,
    contact_id: entry.contactId,
    phone_number: entry.phoneNumber,
    scope: consent?.scope ?? null,
    source: consent?.source ?? null,
    captured_at: consent ? new Date(consent.capturedAt).toISOString() : null,
    evidence: consent?.evidence ?? null,
    changed_by: entry.changedBy,
    created_at: now,
  });
}

const LEDGER_COLUMNS = [
  'id',
  'tenant_id',
  'campaign_id',
  'contact_id',
  'phone_number',
  'scope',
  'source',
  'captured_at',
  'evidence',
  'changed_by',
  'created_at',
] as const;

/** Appends the consent of every imported contact that has some, in bulk, in the import's transaction. */
export async function appendImportedConsents(
  trx: Knex.Transaction,
  of: { tenantId: string; campaignId: string; changedBy: string },
  contacts: ReadonlyArray<{ id: string; phoneNumber: string; consent: ContactConsent | null }>,
  now: string,
): Promise<void> {
  const rows = contacts.flatMap(({ id, phoneNumber, consent }) =>
    consent
      ? [
          [
            newSequentialId(),
            of.tenantId,
            of.campaignId,
            id,
            phoneNumber,
            consent.scope,
            consent.source,
            new Date(consent.capturedAt).toISOString(),
            consent.evidence,
            of.changedBy,
            now,
          ],
        ]
      : [],
  );
  if (rows.length > 0) await dialectOf(trx).bulkInsert(trx, 'consent_ledger', LEDGER_COLUMNS, rows);
}

/** The ledger of one contact or of one campaign's contacts, oldest first. */
export async function consentEntriesOf(
  db: Queryable,
  tenantId: string,
  of: { contactId: string } | { campaignId: string },
): Promise<ConsentLedgerEntry[]> {
  const where = 'contactId' in of ? { contact_id: of.contactId } : { campaign_id: of.campaignId };
  const rows: LedgerRow[] = await db('consent_ledger')
    .where({ tenant_id: tenantId, ...where })
    .orderBy('id');
  return rows.map((row) => ({
    id: row.id,
    campaignId: row.campaign_id,
    contactId: row.contact_id,
    phoneNumber: row.phone_number,
    consent:
      row.scope && row.source
        ? {
            scope: row.scope,
            source: row.source,
            capturedAt: toIsoOrNull(row.captured_at) ?? '',
            evidence: row.evidence ?? '',
          }
        : null,
    changedBy: row.changed_by,
    createdAt: toIso(row.created_at),
  }));
}
