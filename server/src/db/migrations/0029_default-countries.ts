import type { Knex } from 'knex';
import { countryOfTimezone } from '@shared/domain/contact-number';
import { dropColumnInPlace } from './schema-helpers';

/**
 * The country a tenant does business in (New Zealand unless its admin says otherwise), and each campaign's default
 * country: the one its contacts' numbers are read in when written without +<country code>. Campaigns made before
 * keep reading numbers as they did: in the country their timezone names, else in their tenant's.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => t.string('country', 2).notNullable().defaultTo('NZ'));
  await knex.schema.alterTable('campaigns', (t) => t.string('default_country', 2).notNullable().defaultTo('NZ'));
  const zones = (await knex('campaigns').distinct('timezone')) as Array<{ timezone: string }>;
  for (const { timezone } of zones) {
    const country = countryOfTimezone(timezone);
    if (country && country !== 'NZ') await knex('campaigns').where({ timezone }).update({ default_country: country });
  }
}

export async function down(knex: Knex): Promise<void> {
  await dropColumnInPlace(knex, 'campaigns', 'default_country');
  await dropColumnInPlace(knex, 'tenants', 'country');
}
