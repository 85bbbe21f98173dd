import type { Knex } from 'knex';
import { dropColumnInPlace } from './schema-helpers';

/**
 * What the voice vendor charged for a call, beside our NZD cents: its currency and its amount in millionths
 * of that currency's unit (vendors bill fractions of a cent). Calls recorded before stay unknown (null).
 */
export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('calls', 'vendor_currency'))) {
    await knex.schema.alterTable('calls', (t) => t.string('vendor_currency', 3).nullable());
  }
  if (!(await knex.schema.hasColumn('calls', 'vendor_cost_micros'))) {
    await knex.schema.alterTable('calls', (t) => t.bigInteger('vendor_cost_micros').nullable());
  }
}

export async function down(knex: Knex): Promise<void> {
  await dropColumnInPlace(knex, 'calls', 'vendor_cost_micros');
  await dropColumnInPlace(knex, 'calls', 'vendor_currency');
}
