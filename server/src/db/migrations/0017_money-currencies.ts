import type { Knex } from 'knex';
import { dropColumnInPlace } from './schema-helpers';

/**
 * Every stored amount names its currency beside its integer minor units (the amounts were already integers): a
 * call's cost, a usage month's overage and a phone number's monthly charge are in the tenant's currency, which is
 * its plan's. Rows recorded before are given their tenant's plan currency of today. Safe to run again: a column
 * that exists is left, and only rows without a currency are filled.
 */
const TABLES: Array<[table: string, column: string]> = [
  ['calls', 'cost_currency'],
  ['usage', 'currency'],
  ['phone_number_billing', 'currency'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [table, column] of TABLES) {
    if (!(await knex.schema.hasColumn(table, column))) {
      await knex.schema.alterTable(table, (t) => t.string(column, 3).nullable());
    }
    await knex.raw(
      `update ?? set ?? = (select p.currency from tenants t join plans p on p.id = t.plan where t.id = ??.tenant_id)
       where ?? is null`,
      [table, column, table, column],
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, column] of TABLES) await dropColumnInPlace(knex, table, column);
}
