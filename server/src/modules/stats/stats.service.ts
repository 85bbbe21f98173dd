import type { Knex } from 'knex';
import type { AgentStats, AgentStatsResponse } from '@shared/api/agents.types';
import { centsToDollars } from '@shared/domain/call-minutes';
import type { AppDeps } from '../../app-deps';
import { addCallToAgentDay, agentTotals, agentTotalsByAgent, type CallTotals } from './stats.store';

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

    /** The stats of each agent of the tenant, as agent lists show them (no average cost). */
    async statsByAgent(tenantId: string): Promise<(agentId: string) => AgentStats> {
      const totals = await agentTotalsByAgent(deps.db, tenantId);
      return (agentId) => {
        const { averageCost: _averageCost, ...stats } = toAgentTotals(totals.get(agentId));
        return stats;
      };
    },
  };
}
