import type { Knex } from 'knex';
import { dropColumnInPlace, dropIndexIfExists } from './schema-helpers';

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });

/**
 * Calls and live events (issue 12):
 * - `event_log`: every published event, numbered, so a reconnecting stream replays what it missed (Last-Event-ID)
 *   over a short window; pruned by a job.
 * - `analysis_runs`: an admin's re-analysis of one call, an agent's or a campaign's calls, and its progress.
 * - `agent_call_daily.successful_count` and `call_outcome_daily`: the dashboard's success rate and outcomes from
 *   rollups, never from raw calls (BENCHMARKS S1, S2); filled from the calls already recorded.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_log', (t) => {
    t.bigIncrements('seq').primary();
    t.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.string('type', 40).notNullable();
    /** 'all' members of the tenant, or its 'admin's only. */
    t.string('audience', 8).notNullable();
    t.text('data').notNullable();
    ts(t, 'created_at').notNullable();
    t.index(['tenant_id', 'seq']);
    t.index(['created_at']);
  });

  await knex.schema.createTable('analysis_runs', (t) => {
    t.string('id', 36).primary();
    t.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.string('scope', 16).notNullable();
    t.string('scope_id', 64).notNullable();
    t.string('status', 16).notNullable();
    t.integer('total').notNullable();
    t.integer('succeeded').notNullable().defaultTo(0);
    t.integer('failed').notNullable().defaultTo(0);
    t.string('requested_by', 36).nullable();
    ts(t, 'created_at').notNullable();
    ts(t, 'finished_at').nullable();
    t.index(['tenant_id', 'created_at']);
    t.check(`scope in ('call', 'agent', 'campaign')`);
    t.check(`status in ('running', 'finished')`);
  });

  await knex.schema.alterTable('agent_call_daily', (t) => {
    t.integer('successful_count').notNullable().defaultTo(0);
    // The panel reads a period of all the tenant's agents: a day range, whatever the tenant's history.
    t.index(['tenant_id', 'day'], 'agent_call_daily_tenant_day');
  });
  await knex.schema.createTable('call_outcome_daily', (t) => {
    t.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.string('agent_id', 36).notNullable().references('id').inTable('agents').onDelete('CASCADE');
    t.string('day', 10).notNullable();
    t.string('outcome', 32).notNullable();
    t.integer('call_count').notNullable().defaultTo(0);
    t.primary(['tenant_id', 'agent_id', 'day', 'outcome']);
    t.index(['tenant_id', 'day'], 'call_outcome_daily_tenant_day');
  });

  // Calls recorded before this migration, in the new rollups.
  const day =
    knex.client.driverName === 'pg'
      ? `to_char(started_at at time zone 'UTC', 'YYYY-MM-DD')`
      : `substr(started_at, 1, 10)`;
  await knex.raw(
    `update agent_call_daily set successful_count = (
       select count(*) from calls c
       where c.tenant_id = agent_call_daily.tenant_id and c.agent_id = agent_call_daily.agent_id
         and ${day.replace(/started_at/g, 'c.started_at')} = agent_call_daily.day and c.call_successful = 'success')`,
  );
  await knex.raw(
    `insert into call_outcome_daily (tenant_id, agent_id, day, outcome, call_count)
     select tenant_id, agent_id, ${day}, status, count(*) from calls where agent_id is not null
     group by tenant_id, agent_id, ${day}, status`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('call_outcome_daily');
  await dropIndexIfExists(knex, 'agent_call_daily_tenant_day');
  await dropColumnInPlace(knex, 'agent_call_daily', 'successful_count');
  await knex.schema.dropTableIfExists('analysis_runs');
  await knex.schema.dropTableIfExists('event_log');
}
