import type { Knex } from 'knex';

/**
 * refresh_tokens.successor_sealed: the token that replaced this one, encrypted with a key only the holder of this
 * token can derive, so that tabs refreshing with it at once all receive the same successor during the grace window.
 * rate_limits: rate-limiter-flexible's atomic counters (sign-in, sign-up and reset throttling), in the column order
 * its PostgreSQL and SQLite stores insert by position; expired rows are swept by expiry.
 */
export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('refresh_tokens', 'successor_sealed'))) {
    await knex.schema.alterTable('refresh_tokens', (t) => {
      t.text('successor_sealed').nullable();
    });
  }
  if (!(await knex.schema.hasTable('rate_limits'))) {
    await knex.schema.createTable('rate_limits', (t) => {
      t.string('key', 255).primary();
      t.integer('points').notNullable().defaultTo(0);
      t.bigInteger('expire').nullable();
      t.index(['expire']);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limits');
  if (await knex.schema.hasColumn('refresh_tokens', 'successor_sealed')) {
    await knex.schema.alterTable('refresh_tokens', (t) => t.dropColumn('successor_sealed'));
  }
}
