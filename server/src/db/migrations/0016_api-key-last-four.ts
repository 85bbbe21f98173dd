import type { Knex } from 'knex';

/**
 * Lists show a key as its prefix and its last four characters (SECURITY D1). Keys made before this have none
 * stored, and their secret is not kept, so theirs stays null.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('api_keys', (table) => {
    table.string('key_last_four', 4).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('api_keys', (table) => {
    table.dropColumn('key_last_four');
  });
}
