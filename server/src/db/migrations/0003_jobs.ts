import type { Knex } from 'knex';
import { dialectOf } from '../dialect';

/**
 * The queue of the in-process job runner, so that a restart of a SQLite deployment loses no queued job. On
 * PostgreSQL, pg-boss keeps its jobs in its own `pgboss` schema and migrates it itself when it starts; this table is
 * not created there.
 */
const STATES = ['created', 'retry', 'active', 'completed', 'failed'];

export async function up(knex: Knex): Promise<void> {
  if (dialectOf(knex).name === 'postgres' || (await knex.schema.hasTable('jobs'))) return;
  await knex.schema.createTable('jobs', (t) => {
    t.string('id', 36).primary();
    t.string('name', 64).notNullable();
    t.text('data').notNullable();
    t.string('state', 16).notNullable().defaultTo('created');
    t.string('singleton_key', 255).nullable();
    t.integer('retry_limit').notNullable();
    t.integer('retry_count').notNullable().defaultTo(0);
    t.integer('retry_delay_sec').notNullable();
    t.boolean('retry_backoff').notNullable();
    t.integer('expire_in_sec').notNullable();
    t.timestamp('start_after', { useTz: true }).notNullable();
    t.timestamp('started_on', { useTz: true }).nullable();
    t.timestamp('completed_on', { useTz: true }).nullable();
    t.timestamp('created_on', { useTz: true }).notNullable();
    t.text('output').nullable();
    t.index(['name', 'state', 'start_after'], 'jobs_due');
    t.check(`state in (${STATES.map((state) => `'${state}'`).join(', ')})`);
  });
  // As pg-boss's "short" queue policy: at most one waiting job per name and singleton key.
  await knex.raw(`create unique index jobs_waiting_singleton on jobs (name, singleton_key) where state = 'created'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('jobs');
}
