import type { Knex } from 'knex';
import { dropColumnInPlace } from './schema-helpers';

/**
 * Billing with the payments provider:
 * - plans.stripe_meter_id: the meter the plan's metered overage price counts (one per environment, shared);
 * - plans.stripe_price_id_phone_number: the monthly price of each phone number beyond the plan's included ones;
 * - billing_subscriptions: the tenant's subscription as the provider last described it (status, period, items),
 *   so billing pages and the gate read it without a provider round trip; the provider stays the truth;
 * - stripe_events: webhook events already processed, so a duplicate delivery has no second effect;
 * - usage_meter_reports: one meter event per call, committed with the call and sent by a job until the provider
 *   has it (the call's conversation id is the provider's dedup identifier, so a resend after a crash is harmless).
 */
export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('plans', 'stripe_meter_id'))) {
    await knex.schema.alterTable('plans', (t) => t.string('stripe_meter_id', 255).nullable());
  }
  if (!(await knex.schema.hasColumn('plans', 'stripe_price_id_phone_number'))) {
    await knex.schema.alterTable('plans', (t) => t.string('stripe_price_id_phone_number', 255).nullable());
  }

  if (!(await knex.schema.hasTable('billing_subscriptions'))) {
    await knex.schema.createTable('billing_subscriptions', (t) => {
      t.string('tenant_id', 36).primary().references('id').inTable('tenants').onDelete('CASCADE');
      t.string('subscription_id', 255).notNullable().unique();
      t.string('customer_id', 255).notNullable();
      t.string('status', 32).notNullable();
      t.string('plan_id', 64).nullable();
      t.bigInteger('current_period_start').notNullable();
      t.bigInteger('current_period_end').notNullable();
      t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
      t.text('items').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
  }

  if (!(await knex.schema.hasTable('stripe_events'))) {
    await knex.schema.createTable('stripe_events', (t) => {
      t.string('event_id', 255).primary();
      t.string('type', 128).notNullable();
      t.timestamp('processed_at', { useTz: true }).notNullable();
    });
  }

  if (!(await knex.schema.hasTable('usage_meter_reports'))) {
    await knex.schema.createTable('usage_meter_reports', (t) => {
      t.string('id', 36).primary();
      t.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
      /** The provider's dedup identifier: the call's conversation id. */
      t.string('identifier', 255).notNullable().unique();
      t.string('customer_id', 255).notNullable();
      t.integer('minutes').notNullable();
      /** When the call started: the meter event's timestamp and the period it counts in. */
      t.timestamp('occurred_at', { useTz: true }).notNullable();
      t.string('state', 8).notNullable().defaultTo('pending');
      t.integer('attempts').notNullable().defaultTo(0);
      t.text('last_error').nullable();
      t.timestamp('sent_at', { useTz: true }).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.check(`state in ('pending', 'sent')`);
      t.check('minutes >= 0');
      t.index(['tenant_id', 'occurred_at']);
      t.index(['state', 'created_at']);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('usage_meter_reports');
  await knex.schema.dropTableIfExists('stripe_events');
  await knex.schema.dropTableIfExists('billing_subscriptions');
  await dropColumnInPlace(knex, 'plans', 'stripe_price_id_phone_number');
  await dropColumnInPlace(knex, 'plans', 'stripe_meter_id');
}
