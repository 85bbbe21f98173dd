import type { Knex } from 'knex';

/**
 * - `users.session_version`: raised by every change that must end the user's access tokens (a role change, a
 *   password reset); a token carries the version it was issued under and stops working once it differs, so changing
 *   a role back cannot revive the tokens issued before.
 * - `event_counters` and `event_log.tenant_seq`: events are numbered per tenant, so a tenant's ids say nothing of
 *   other tenants' activity. Events logged before this have no tenant number and are not replayed; they are older
 *   than the replay window within minutes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.integer('session_version').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('event_counters', (t) => {
    t.string('tenant_id', 36).primary().references('id').inTable('tenants').onDelete('CASCADE');
    t.bigInteger('last_seq').notNullable();
  });
  await knex.schema.alterTable('event_log', (t) => {
    t.bigInteger('tenant_seq').nullable();
    t.unique(['tenant_id', 'tenant_seq']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('event_log', (t) => {
    t.dropUnique(['tenant_id', 'tenant_seq']);
    t.dropColumn('tenant_seq');
  });
  await knex.schema.dropTableIfExists('event_counters');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('session_version');
  });
}
