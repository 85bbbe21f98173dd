import type { Knex } from 'knex';
import { dropColumnInPlace } from './schema-helpers';

/**
 * Warm transfer with a fallback (issue 23 part 2): an agent's transfer targets (JSON, at most five), what a call's
 * transfer did (to whom, how long it rang, answered or not), and the callbacks a missed transfer leaves for the
 * contact — who, when they asked to be called, the call's summary, its status and the member who took it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('agents', (t) => {
    t.text('transfer_targets').nullable();
  });
  await knex.schema.alterTable('calls', (t) => {
    t.string('transfer_target_name', 100).nullable();
    t.string('transfer_target_number', 32).nullable();
    t.integer('transfer_ring_secs').nullable();
    t.boolean('transfer_answered').nullable();
  });
  await knex.schema.createTable('callbacks', (t) => {
    t.string('id', 36).primary();
    t.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.string('campaign_id', 36).nullable();
    t.string('contact_id', 36).nullable();
    t.string('agent_id', 36).nullable();
    /** The conversation whose transfer was missed: one callback per conversation. */
    t.string('conversation_id', 128).nullable().unique();
    t.string('phone_number', 32).notNullable();
    t.string('contact_name', 200).nullable();
    t.string('target_name', 100).nullable();
    t.string('target_number', 32).nullable();
    t.string('reason', 32).notNullable();
    t.text('summary').nullable();
    t.timestamp('requested_at', { useTz: true }).notNullable();
    t.string('status', 16).notNullable().defaultTo('open');
    t.string('assigned_user_id', 36).nullable();
    t.timestamp('dialled_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['tenant_id', 'status', 'id']);
    t.index(['status', 'requested_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('callbacks');
  for (const column of ['transfer_answered', 'transfer_ring_secs', 'transfer_target_number', 'transfer_target_name'])
    await dropColumnInPlace(knex, 'calls', column);
  await dropColumnInPlace(knex, 'agents', 'transfer_targets');
}
