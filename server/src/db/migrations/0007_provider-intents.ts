import type { Knex } from 'knex';
import { dropIndexIfExists } from './schema-helpers';

const ONE_OPEN_INTENT_PER_SUBJECT = 'provider_intents_one_open_per_subject';

/**
 * Provider side effects in flight: an intent is committed before the first provider call, collects the
 * provider's ids as each call returns, and is closed (done or undone) in the same transaction as our rows, or
 * by the reconciler after a crash. At most one open intent per subject (a phone number, an agent), so two
 * requests never work on the same thing at the providers at once.
 */
export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable('provider_intents'))) {
    await knex.schema.createTable('provider_intents', (t) => {
      t.string('id', 36).primary();
      // No cascade: a tenant's unsettled side effects must be settled before the tenant can go.
      t.string('tenant_id', 36).notNullable().references('id').inTable('tenants');
      t.string('kind', 32).notNullable();
      /** Our row the intent makes or removes. */
      t.string('subject_id', 36).notNullable();
      /** What finds the thing again at the provider and keeps intents apart: the phone number, the agent id. */
      t.string('subject_key', 64).notNullable();
      t.string('state', 8).notNullable();
      t.text('input').notNullable();
      t.text('refs').notNullable();
      /** Who may work on the open intent, and until when: the request that began it, then a reconciler. */
      t.string('lease_token', 36).notNullable();
      t.timestamp('lease_until', { useTz: true }).notNullable();
      t.integer('attempts').notNullable().defaultTo(0);
      t.text('last_error').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.check(`state in ('open', 'done', 'undone')`);
      t.index(['tenant_id', 'created_at']);
      t.index(['state', 'lease_until']);
    });
  }
  await dropIndexIfExists(knex, ONE_OPEN_INTENT_PER_SUBJECT);
  await knex.schema.alterTable('provider_intents', (t) => {
    t.unique(['kind', 'subject_key'], {
      indexName: ONE_OPEN_INTENT_PER_SUBJECT,
      predicate: knex.whereRaw("state = 'open'"),
    });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('provider_intents');
}
