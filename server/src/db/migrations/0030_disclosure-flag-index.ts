import type { Knex } from 'knex';

/** The calls list filtered to the calls flagged for a missing AI disclosure reads its page from this index. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('calls', (t) => {
    t.index(['tenant_id', 'disclosure_missing', 'started_at'], 'calls_tenant_disclosure_started_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('calls', (t) => {
    t.dropIndex(['tenant_id', 'disclosure_missing', 'started_at'], 'calls_tenant_disclosure_started_idx');
  });
}
