import type { AgentStats, RecentCall } from '@shared/api/agents.types';
import { centsToDollars } from '@shared/domain/call-minutes';
import { toIso, type Db } from '../../db/database';

/**
 * Reads of the rollups that recording a call maintains (agent_call_daily per agent and day, usage per
 * month), so stats cost the same however many calls a tenant has (BENCHMARKS S1, S2).
 */
interface Totals {
  calls: number;
  durationSec: number;
  costCents: number;
}

export function toAgentStats(totals: Totals | undefined): AgentStats & { averageCost: number } {
  const calls = totals?.calls ?? 0;
  if (!totals || calls === 0) return { totalCalls: 0, averageDuration: 0, totalCost: 0, averageCost: 0 };
  return {
    totalCalls: calls,
    averageDuration: Math.round(totals.durationSec / calls),
    totalCost: centsToDollars(totals.costCents),
    averageCost: centsToDollars(Math.round(totals.costCents / calls)),
  };
}

const TOTAL_COLUMNS = {
  calls: 'sum(call_count)',
  durationSec: 'sum(duration_sec)',
  costCents: 'sum(cost_cents)',
};

function totalsOf(row: Record<string, unknown> | undefined): Totals {
  return {
    calls: Number(row?.calls ?? 0),
    durationSec: Number(row?.durationSec ?? 0),
    costCents: Number(row?.costCents ?? 0),
  };
}

/** Totals of every agent of the tenant, keyed by agent id. */
export async function agentTotalsByAgent(db: Db, tenantId: string): Promise<Map<string, Totals>> {
  const rows: Array<Record<string, unknown>> = await db('agent_call_daily')
    .where({ tenant_id: tenantId })
    .groupBy('agent_id')
    .select('agent_id', ...Object.entries(TOTAL_COLUMNS).map(([alias, expr]) => db.raw(`${expr} as ??`, [alias])));
  return new Map(rows.map((row) => [String(row.agent_id), totalsOf(row)]));
}

export async function agentTotals(db: Db, tenantId: string, agentId: string): Promise<Totals> {
  const row: Record<string, unknown> | undefined = await db('agent_call_daily')
    .where({ tenant_id: tenantId, agent_id: agentId })
    .first(...Object.entries(TOTAL_COLUMNS).map(([alias, expr]) => db.raw(`${expr} as ??`, [alias])));
  return totalsOf(row);
}

/** The newest calls of an agent; the (tenant_id, agent_id, started_at) index makes this a short range read. */
export async function recentAgentCalls(
  db: Db,
  tenantId: string,
  agentId: string,
  limit: number,
): Promise<RecentCall[]> {
  const rows = await db('calls')
    .where({ tenant_id: tenantId, agent_id: agentId })
    .orderBy([
      { column: 'started_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select('id', 'started_at', 'duration_sec', 'cost_cents');
  return rows.map((row) => ({
    id: String(row.id),
    startedAt: toIso(row.started_at),
    durationSec: Number(row.duration_sec),
    costNzd: centsToDollars(Number(row.cost_cents)),
  }));
}

export async function minutesUsedInMonth(db: Db, tenantId: string, month: string): Promise<number> {
  const row = await db('usage').where({ tenant_id: tenantId, month_yyyy_mm: month }).first('minutes_used');
  return Number(row?.minutes_used ?? 0);
}

/** All calls the tenant ever had, including those of deleted agents (usage rows outlive agents). */
export async function totalCalls(db: Db, tenantId: string): Promise<number> {
  const row = await db('usage').where({ tenant_id: tenantId }).sum({ n: 'calls_count' }).first();
  return Number(row?.n ?? 0);
}
