import type { Knex } from 'knex';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/dialect';

/**
 * The per-agent daily rollup (agent_call_daily), maintained as calls are recorded, so agent stats cost the
 * same however many calls a tenant has (BENCHMARKS S1, S2).
 */
export interface CallTotals {
  calls: number;
  durationSec: number;
  costCents: number;
}

export async function addCallToAgentDay(
  trx: Knex.Transaction,
  tenantId: string,
  agentId: string,
  day: string,
  durationSec: number,
  costCents: number,
): Promise<void> {
  await trx('agent_call_daily')
    .insert({
      tenant_id: tenantId,
      agent_id: agentId,
      day,
      call_count: 1,
      duration_sec: durationSec,
      cost_cents: costCents,
    })
    .onConflict(['tenant_id', 'agent_id', 'day'])
    .merge({
      call_count: trx.raw('?? + excluded.call_count', ['agent_call_daily.call_count']),
      duration_sec: trx.raw('?? + excluded.duration_sec', ['agent_call_daily.duration_sec']),
      cost_cents: trx.raw('?? + excluded.cost_cents', ['agent_call_daily.cost_cents']),
    });
}

export const TOTAL_COLUMNS = {
  calls: 'sum(call_count)',
  durationSec: 'sum(duration_sec)',
  costCents: 'sum(cost_cents)',
};

function totalColumns(db: Queryable) {
  return Object.entries(TOTAL_COLUMNS).map(([alias, expr]) => db.raw(`${expr} as ??`, [alias]));
}

export function totalsOf(row: Record<string, unknown> | undefined): CallTotals {
  return {
    calls: Number(row?.calls ?? 0),
    durationSec: Number(row?.durationSec ?? 0),
    costCents: Number(row?.costCents ?? 0),
  };
}

/**
 * Totals of every agent of the tenant, one row per agent (`agent_id`, `calls`, `durationSec`, `costCents`), for
 * reads that join them to their agents. `tenantId` is bound, so the query can be compiled once.
 */
export function agentTotalsByAgentQuery(db: Queryable, tenantId: string): Knex.QueryBuilder {
  return db('agent_call_daily')
    .where({ tenant_id: tenantId })
    .groupBy('agent_id')
    .select('agent_id', ...totalColumns(db));
}

export async function agentTotals(db: Db, tenantId: string, agentId: string): Promise<CallTotals> {
  const row: Record<string, unknown> | undefined = await db('agent_call_daily')
    .where({ tenant_id: tenantId, agent_id: agentId })
    .first(...totalColumns(db));
  return totalsOf(row);
}
