import type { Knex } from 'knex';

/**
 * Webhooks:
 * - `webhook_endpoints`: a tenant's receivers, the events each wants, its signing secret and, for 24 h after a
 *   rotation, the previous one; why it is disabled, and since when its attempts have all failed.
 * - `webhook_messages`: one row per event sent out, its id the webhook-id every attempt carries.
 * - `webhook_deliveries`: one event to one endpoint, with its last attempt's outcome (the delivery log); an attempt is
 *   recorded only where `attempts` still holds the number it started from, so a repeated job records it once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_endpoints', (t) => {
    t.string('id', 36).primary();
    t.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.string('url', 2048).notNullable();
    t.string('description', 500).nullable();
    t.text('event_types').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.string('disabled_reason', 16).nullable();
    t.string('secret', 128).notNullable();
    t.string('previous_secret', 128).nullable();
    t.timestamp('previous_secret_expires_at', { useTz: true }).nullable();
    t.timestamp('failing_since', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['tenant_id', 'enabled']);
  });
  await knex.schema.createTable('webhook_messages', (t) => {
    t.string('id', 64).primary();
    t.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.string('event_type', 64).notNullable();
    t.text('payload').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.string('id', 36).primary();
    t.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.string('endpoint_id', 36).notNullable().references('id').inTable('webhook_endpoints').onDelete('CASCADE');
    t.string('message_id', 64).notNullable().references('id').inTable('webhook_messages').onDelete('CASCADE');
    t.string('event_type', 64).notNullable();
    t.string('status', 16).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).nullable();
    t.timestamp('last_attempt_at', { useTz: true }).nullable();
    t.integer('response_status').nullable();
    t.integer('latency_ms').nullable();
    t.text('response_body').nullable();
    t.string('error', 500).nullable();
    t.string('redelivery_of', 36).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['endpoint_id', 'id']);
    t.index(['endpoint_id', 'last_attempt_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('webhook_deliveries');
  await knex.schema.dropTableIfExists('webhook_messages');
  await knex.schema.dropTableIfExists('webhook_endpoints');
}
