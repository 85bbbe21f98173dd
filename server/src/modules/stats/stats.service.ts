import type { Knex } from 'knex';
import type { AgentStats, AgentStatsResponse } from '@shared/api/agents.types';
import { centsToDollars } from '@shared/domain/call-minutes';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../db/dialect';
import {
  addCallToAgentDay,
  agentTotals,
  agentTotalsByAgentQuery,
  TOTAL_COLUMNS,
  totalsOf,
  type CallTotals,
} from './stats.store';

export type { CallTotals };

export type StatsService = ReturnType<typeof createStatsService>;

type AgentTotals = Omit<AgentStatsResponse, 'recentCalls'>;

/** The spec gives agent costs in NZD dollars; the rollup keeps cents. */
function toAgentTotals(totals: CallTotals | undefined): AgentTotals {
  const calls = totals?.calls ?? 0;
  if (!totals || calls === 0) return { totalCalls: 0, averageDuration: 0, totalCost: 0, averageCost: 0 };
  return {
    totalCalls: calls,
    averageDuration: Math.round(totals.durationSec / calls),
    totalCost: centsToDollars(totals.costCents),
    averageCost: centsToDollars(Math.round(totals.costCents / calls)),
  };
}

/** An agent's stats as agent lists show them (no average cost). */
export function listedAgentStats(totals: CallTotals): AgentStats {
  const { averageCost: _averageCost, ...stats } = toAgentTotals(totals);
  return stats;
}

/**
 * Per-agent totals for a read that joins them to its agents: a query to join (one row per `agent_id`), its
 * columns, and how to read them.
 */
export interface AgentTotalsJoin {
  query(db: Queryable, tenantId: string): Knex.QueryBuilder;
  columns: readonly string[];
  read(row: Record<string, unknown>): CallTotals;
}

/** The agents list reads its agents' totals through this, in the same round trip. */
export const agentTotalsJoin: AgentTotalsJoin = {
  query: agentTotalsByAgentQuery,
  columns: Object.keys(TOTAL_COLUMNS),
  read: totalsOf,
};

/** Per-agent call statistics, read from the daily rollup that recording a call maintains. */
export function createStatsService(deps: Pick<AppDeps, 'db'>) {
  return {
    /** Adds a recorded call to its agent's day in `trx`, the transaction that records the call. */
    recordCall: (
      trx: Knex.Transaction,
      tenantId: string,
      agentId: string,
      call: { startedAt: string; durationSec: number; costCents: number },
    ) => addCallToAgentDay(trx, tenantId, agentId, call.startedAt.slice(0, 10), call.durationSec, call.costCents),

    async agentTotals(tenantId: string, agentId: string): Promise<AgentTotals> {
      return toAgentTotals(await agentTotals(deps.db, tenantId, agentId));
    },
  };
}
