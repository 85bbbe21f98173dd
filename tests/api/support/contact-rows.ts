import type { Knex } from 'knex';
import type { ContactStatus } from '@shared/schemas/contact.schema';
import { contactZoneOf } from '@shared/domain/contact-zone';
import { writingContacts, type ContactOwner } from '../../../server/src/modules/contacts/contact-totals.store';

/**
 * Contact rows written behind the API's back, to set a scene no request makes (a number stored before today's rules,
 * a contact the dialer holds), with their campaign's totals by status kept as every product write keeps them.
 */

/**
 * Inserts one outbound_contacts row as given (status pending unless told); a row that names no zone gets the one every
 * product write stores, from its number and metadata.
 */
export async function insertContactRow(db: Knex, row: ContactOwner & Record<string, unknown>): Promise<void> {
  const metadata = typeof row.metadata === 'string' ? (JSON.parse(row.metadata) as Record<string, string>) : {};
  const zone =
    'timezones' in row || typeof row.phone_number !== 'string' ? null : contactZoneOf(row.phone_number, metadata);
  const stored = zone ? { timezones: JSON.stringify(zone.zones), timezone_source: zone.source } : {};
  await writingContacts(db, async (trx, totals) => {
    await trx('outbound_contacts').insert({ ...stored, ...row });
    totals.add(row, (row.status as ContactStatus | undefined) ?? 'pending', 1);
  });
}

/** Sets contacts' columns, status included, moving them between their campaign's totals. */
export async function updateContactRows(
  db: Knex,
  ids: readonly string[],
  fields: { status: ContactStatus } & Record<string, unknown>,
): Promise<void> {
  await writingContacts(db, async (trx, totals) => {
    const before = (await trx('outbound_contacts')
      .whereIn('id', ids)
      .select('tenant_id', 'campaign_id', 'status')) as Array<ContactOwner & { status: ContactStatus }>;
    await trx('outbound_contacts').whereIn('id', ids).update(fields);
    for (const row of before) totals.moved([row], row.status, fields.status);
  });
}
