import type { Knex } from 'knex';

/**
 * The tenant's own daily call rollups (BENCHMARKS S2): the dashboard's calls panel over a period reads one row per
 * day (and per outcome), however many agents the tenant has had. The per-agent rollups stay for the agent filter.
 * Kept in the transaction that records a call; filled here from the calls already recorded, including those of
 * agents since deleted (whose per-agent rows went with them).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tenant_call_daily', (t) => {
    t.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.string('day', 10).notNullable();
    t.integer('call_count').notNullable().defaultTo(0);
    t.integer('duration_sec').notNullable().defaultTo(0);
    t.integer('cost_cents').notNullable().defaultTo(0);
    t.integer('successful_count').notNullable().defaultTo(0);
    t.primary(['tenant_id', 'day']);
  });
  await knex.schema.createTable('tenant_outcome_daily', (t) => {
    t.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.string('day', 10).notNullable();
    t.string('outcome', 32).notNullable();
    t.integer('call_count').notNullable().defaultTo(0);
    t.primary(['tenant_id', 'day', 'outcome']);
  });

  const day =
    knex.client.driverName === 'pg'
      ? `to_char(started_at at time zone 'UTC', 'YYYY-MM-DD')`
      : `substr(started_at, 1, 10)`;
  await knex.raw(
    `insert into tenant_call_daily (tenant_id, day, call_count, duration_sec, cost_cents, successful_count)
     select tenant_id, ${day}, count(*), sum(duration_sec), sum(cost_cents),
            sum(case when call_successful = 'success' then 1 else 0 end)
     from calls group by tenant_id, ${day}`,
  );
  await knex.raw(
    `insert into tenant_outcome_daily (tenant_id, day, outcome, call_count)
     select tenant_id, ${day}, status, count(*) from calls group by tenant_id, ${day}, status`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tenant_outcome_daily');
  await knex.schema.dropTableIfExists('tenant_call_daily');
}
