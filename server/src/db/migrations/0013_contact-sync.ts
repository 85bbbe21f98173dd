import type { Knex } from 'knex';

/**
 * Syncs of offline contact drafts: one row per Idempotency-Key, written in the sync's own transaction with the
 * answer it gave, so that a sync repeated after a lost answer gets that answer again and changes nothing.
 */
export async function up(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable('contact_syncs')) return;
  await knex.schema.createTable('contact_syncs', (t) => {
    t.string('id', 36).primary();
    t.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.string('campaign_id', 36).notNullable().references('id').inTable('campaigns').onDelete('CASCADE');
    t.string('idempotency_key', 128).notNullable();
    /** The per-row report as JSON. */
    t.text('report').notNullable();
    t.string('created_by_user_id', 36).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['tenant_id', 'idempotency_key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('contact_syncs');
}
