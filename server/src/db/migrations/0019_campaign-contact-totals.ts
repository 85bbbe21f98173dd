import type { Knex } from 'knex';

/**
 * Each campaign's contacts by status as one row of counters (BENCHMARKS N1, L2): the contacts page, the campaign's
 * progress and the dialer read it instead of counting the campaign's contacts, which on a 100k campaign held SQLite's
 * one connection (and PostgreSQL's CPU) long enough to stall every other tenant. Kept in the transaction of every
 * write that adds, deletes or moves a contact; filled here from the contacts already there.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('campaign_contact_totals', (t) => {
    t.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.string('campaign_id', 36).notNullable().references('id').inTable('campaigns').onDelete('CASCADE');
    t.integer('pending').notNullable().defaultTo(0);
    t.integer('in_progress').notNullable().defaultTo(0);
    t.integer('completed').notNullable().defaultTo(0);
    t.integer('failed').notNullable().defaultTo(0);
    t.primary(['tenant_id', 'campaign_id']);
  });
  const countOf = (status: string) => `sum(case when status = '${status}' then 1 else 0 end)`;
  await knex.raw(
    `insert into campaign_contact_totals (tenant_id, campaign_id, pending, in_progress, completed, failed)
     select tenant_id, campaign_id, ${countOf('pending')}, ${countOf('in_progress')}, ${countOf('completed')},
            ${countOf('failed')}
     from outbound_contacts group by tenant_id, campaign_id`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('campaign_contact_totals');
}
