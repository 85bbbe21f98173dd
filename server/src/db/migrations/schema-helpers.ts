import type { Knex } from 'knex';

/**
 * Drops a column where it stands, if it is there. Not the builder's dropColumn: on SQLite that copies the
 * table and drops the old one, and inside a migration's transaction (where SQLite cannot turn foreign keys
 * off) dropping the old table fires ON DELETE CASCADE and SET NULL on every table that references it.
 * ALTER TABLE … DROP COLUMN is the same statement on PostgreSQL and on SQLite (3.35 and later).
 */
export async function dropColumnInPlace(knex: Knex, table: string, column: string): Promise<void> {
  if (await knex.schema.hasColumn(table, column)) await knex.raw('alter table ?? drop column ??', [table, column]);
}

/** Drops an index if it exists; the same statement on PostgreSQL and SQLite. */
export async function dropIndexIfExists(knex: Knex, index: string): Promise<void> {
  await knex.raw('drop index if exists ??', [index]);
}
