import type { Knex } from 'knex';
import { dropColumnInPlace, dropIndexIfExists } from './schema-helpers';

const CONTACTS_BY_STATUS = 'outbound_contacts_campaign_status_id';

/**
 * Campaigns and their contacts grow what the API needs: a pause with its reason (by hand or by the dialer's safety
 * brakes), a version per contact for clients that keep a copy, keyset paging and totals by status, the tenant's
 * do-not-call list and CSV imports that run as jobs.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaigns', (t) => {
    t.text('paused_reason').nullable();
    t.timestamp('paused_at', { useTz: true }).nullable();
  });
  await knex.schema.alterTable('outbound_contacts', (t) => {
    t.integer('version').notNullable().defaultTo(1);
  });
  // Keyset pages of one status, and the totals by status, read this index alone.
  await knex.schema.raw(`create index ${CONTACTS_BY_STATUS} on outbound_contacts (campaign_id, status, id)`);

  await knex.schema.createTable('do_not_call', (t) => {
    t.string('id', 36).primary();
    t.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.string('phone_number', 32).notNullable();
    t.string('source', 16).notNullable();
    t.text('reason').nullable();
    /** The call in which the person asked to be left alone (source 'call'), as evidence. */
    t.string('call_id', 36).nullable().references('id').inTable('calls').onDelete('SET NULL');
    t.string('created_by_user_id', 36).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['tenant_id', 'phone_number']);
    t.index(['tenant_id', 'id']);
    t.check(`source in ('manual', 'import', 'call')`);
  });

  await knex.schema.createTable('contact_imports', (t) => {
    t.string('id', 36).primary();
    t.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.string('campaign_id', 36).notNullable().references('id').inTable('campaigns').onDelete('CASCADE');
    t.string('status', 16).notNullable();
    /** The uploaded file until the import has run; cleared then. */
    t.text('csv').nullable();
    t.integer('total_rows').notNullable().defaultTo(0);
    t.integer('processed_rows').notNullable().defaultTo(0);
    t.text('report').nullable();
    t.text('error').nullable();
    t.string('created_by_user_id', 36).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.index(['tenant_id', 'campaign_id', 'created_at']);
    t.check(`status in ('queued', 'running', 'finished', 'failed')`);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('contact_imports');
  await knex.schema.dropTableIfExists('do_not_call');
  await dropIndexIfExists(knex, CONTACTS_BY_STATUS);
  await dropColumnInPlace(knex, 'outbound_contacts', 'version');
  await dropColumnInPlace(knex, 'campaigns', 'paused_at');
  await dropColumnInPlace(knex, 'campaigns', 'paused_reason');
}
