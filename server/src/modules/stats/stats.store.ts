import type { Knex } from 'knex';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/dialect';

/**
 * The daily call rollups, maintained in the transaction that records a call, so stats cost the same however many
 * calls a tenant has (BENCHMARKS S1, S2): per agent (agent_call_daily, call_outcome_daily) for agent stats and the
 * panel's agent filter, and per tenant (tenant_call_daily, tenant_outcome_daily) for the panel over all agents, which
 * then reads one row per day whatever the number of agents.
 */
export interface CallTotals {
  calls: number;
  durationSec: number;
  costCents: number;
}

export interface RolledUpCall {
  day: string;
  durationSec: number;
  costCents: number;
  /** The provider's call_successful was "success" (spec 001 §9). */
  successful: boolean;
  /** answered, voicemail, busy, no_answer or failed. */
  outcome: string;
}

/** Adds `counts` to the rollup row with this key, creating it at `counts` when there is none. */
async function addToRollupRow(
  trx: Knex.Transaction,
  table: string,
  key: Record<string, string>,
  counts: Record<string, number>,
): Promise<void> {
  const sums = Object.keys(counts).map((column) => [
    column,
    trx.raw('?? + excluded.??', [`${table}.${column}`, column]),
  ]);
  await trx(table)
    .insert({ ...key, ...counts })
    .onConflict(Object.keys(key))
    .merge(Object.fromEntries(sums));
}

/** Adds one recorded call to its agent's day and its tenant's day, and to their outcome counts. */
export async function addCallToDay(
  trx: Knex.Transaction,
  tenantId: string,
  agentId: string,
  call: RolledUpCall,
): Promise<void> {
  const totals = {
    call_count: 1,
    duration_sec: call.durationSec,
    cost_cents: call.costCents,
    successful_count: call.successful ? 1 : 0,
  };
  const tenantDay = { tenant_id: tenantId, day: call.day };
  const agentDay = { tenant_id: tenantId, agent_id: agentId, day: call.day };
  await addToRollupRow(trx, 'agent_call_daily', agentDay, totals);
  await addToRollupRow(trx, 'call_outcome_daily', { ...agentDay, outcome: call.outcome }, { call_count: 1 });
  await addToRollupRow(trx, 'tenant_call_daily', tenantDay, totals);
  await addToRollupRow(trx, 'tenant_outcome_daily', { ...tenantDay, outcome: call.outcome }, { call_count: 1 });
}

export interface DayTotals extends CallTotals {
  day: string;
  successful: number;
}

/**
 * A rollup's rows of the tenant (from its tenant rollup) or of one agent (from the agent's) over [fromDay, toDay]:
 * a range of the rollup's primary key either way.
 */
function rollupRange(
  db: Queryable,
  rollup: 'calls' | 'outcomes',
  tenantId: string,
  fromDay: string,
  toDay: string,
  agentId?: string,
): Knex.QueryBuilder {
  const tables = {
    calls: agentId ? 'agent_call_daily' : 'tenant_call_daily',
    outcomes: agentId ? 'call_outcome_daily' : 'tenant_outcome_daily',
  };
  return db(tables[rollup])
    .where({ tenant_id: tenantId, ...(agentId ? { agent_id: agentId } : {}) })
    .andWhere('day', '>=', fromDay)
    .andWhere('day', '<=', toDay);
}

/** A tenant's (or one agent's) calls per day over [fromDay, toDay]. */
export async function dailyTotals(
  db: Queryable,
  tenantId: string,
  fromDay: string,
  toDay: string,
  agentId?: string,
): Promise<DayTotals[]> {
  const rows: Array<Record<string, unknown>> = await rollupRange(db, 'calls', tenantId, fromDay, toDay, agentId)
    .groupBy('day')
    .orderBy('day')
    .select('day', ...totalColumns(db), db.raw('sum(successful_count) as ??', ['successful']));
  return rows.map((row) => ({ ...totalsOf(row), day: String(row.day), successful: Number(row.successful ?? 0) }));
}

/** Calls per day and outcome over [fromDay, toDay]. */
export async function dailyOutcomeTotals(
  db: Queryable,
  tenantId: string,
  fromDay: string,
  toDay: string,
  agentId?: string,
): Promise<Array<{ day: string; outcome: string; calls: number }>> {
  const rows: Array<Record<string, unknown>> = await rollupRange(db, 'outcomes', tenantId, fromDay, toDay, agentId)
    .groupBy('day', 'outcome')
    .orderBy(['day', 'outcome'])
    .select('day', 'outcome', db.raw('sum(call_count) as ??', ['calls']));
  return rows.map((row) => ({ day: String(row.day), outcome: String(row.outcome), calls: Number(row.calls ?? 0) }));
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
