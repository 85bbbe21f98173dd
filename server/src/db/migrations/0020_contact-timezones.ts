import type { Knex } from 'knex';
import { contactZoneOf } from '@shared/domain/contact-zone';
import { dropColumnInPlace } from './schema-helpers';

/**
 * The zone each contact is called in, decided when it is stored (shared/domain/contact-zone.ts): `timezones` a JSON
 * list of IANA zones (one, or every zone a number spans), `timezone_source` why (metadata, number,
 * country_intersection). The contacts already there are filled from their number and metadata: derived data, so this
 * one migration reads the pure function that decides it; a later change of those rules refills it in its own.
 */
const BATCH = 1000;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbound_contacts', (t) => {
    t.text('timezones').notNullable().defaultTo('[]');
    t.string('timezone_source', 24).notNullable().defaultTo('country_intersection');
  });
  let after = '';
  for (;;) {
    const rows: Array<{ id: string; phone_number: string; metadata: string | null }> = await knex('outbound_contacts')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .select('id', 'phone_number', 'metadata');
    if (rows.length === 0) return;
    // Contacts with the same answer are written by one statement.
    const idsByAnswer = new Map<string, string[]>();
    for (const row of rows) {
      const zone = contactZoneOf(row.phone_number, metadataOf(row.metadata));
      const answer = JSON.stringify([JSON.stringify(zone.zones), zone.source]);
      idsByAnswer.set(answer, [...(idsByAnswer.get(answer) ?? []), row.id]);
    }
    for (const [answer, ids] of idsByAnswer) {
      const [timezones, source] = JSON.parse(answer) as [string, string];
      await knex('outbound_contacts').whereIn('id', ids).update({ timezones, timezone_source: source });
    }
    after = rows[rows.length - 1]!.id;
  }
}

function metadataOf(text: string | null): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export async function down(knex: Knex): Promise<void> {
  await dropColumnInPlace(knex, 'outbound_contacts', 'timezone_source');
  await dropColumnInPlace(knex, 'outbound_contacts', 'timezones');
}
