import type { Knex } from 'knex';
import type { AgentStats, AgentStatsResponse } from '@shared/api/agents.types';
import type { AppDeps } from '../../app-deps';
import type { TenantsService } from '../tenants/tenants.service';
import type { Queryable } from '../../db/dialect';
import type { CallsAnalyticsResponse } from '@shared/api/calls.types';
import { reachFigures } from '@shared/domain/call-outcomes';
import { PERIOD_DAYS, type CallsPeriod } from '@shared/schemas/calls.schema';
import {
  addCallToDay,
  agentTotals,
  agentTotalsByAgentQuery,
  dailyTotals,
  dailyOutcomeTotals,
  TOTAL_COLUMNS,
  totalsOf,
  type CallTotals,
} from './stats.store';

export type { CallTotals };

export type StatsService = ReturnType<typeof createStatsService>;

type AgentTotals = Omit<AgentStatsResponse, 'recentCalls'>;

/** Rollup totals as the API gives them; amounts in minor units of the tenant's currency, averages rounded. */
function toAgentTotals(totals: CallTotals | undefined, currency: string): AgentTotals {
  const calls = totals?.calls ?? 0;
  if (!totals || calls === 0) {
    return { totalCalls: 0, averageDuration: 0, totalCostCents: 0, averageCostCents: 0, currency };
  }
  return {
    totalCalls: calls,
    averageDuration: Math.round(totals.durationSec / calls),
    totalCostCents: totals.costCents,
    averageCostCents: Math.round(totals.costCents / calls),
    currency,
  };
}

/** An agent's stats as agent lists show them (no average cost). */
export function listedAgentStats(totals: CallTotals, currency: string): AgentStats {
  const { averageCostCents: _averageCost, ...stats } = toAgentTotals(totals, currency);
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
const DAY_MS = 24 * 3600 * 1000;

/**
 * The rollups sum each call's cost as recorded, in the tenant's currency (its plan's); they are read in the tenant's
 * currency of today.
 */
export function createStatsService(deps: Pick<AppDeps, 'db' | 'clock'>, tenants: TenantsService) {
  return {
    /** Adds a recorded call to its agent's and its tenant's day in `trx`, the transaction that records the call. */
    recordCall: (
      trx: Knex.Transaction,
      tenantId: string,
      agentId: string,
      call: {
        startedAt: string;
        durationSec: number;
        costCents: number;
        callSuccessful: string | null;
        outcome: string;
      },
    ) =>
      addCallToDay(trx, tenantId, agentId, {
        day: call.startedAt.slice(0, 10),
        durationSec: call.durationSec,
        costCents: call.costCents,
        successful: call.callSuccessful === 'success',
        outcome: call.outcome,
      }),

    /**
     * The dashboard's calls panel over the last `period` (UTC days, today included), for the tenant or one agent:
     * two reads of the daily rollups, whatever the number of calls (BENCHMARKS S1, S2).
     */
    async callsAnalytics(tenantId: string, period: CallsPeriod, agentId?: string): Promise<CallsAnalyticsResponse> {
      const today = deps.clock.now();
      const days = Array.from({ length: PERIOD_DAYS[period] }, (_, index) =>
        new Date(today.getTime() - (PERIOD_DAYS[period] - 1 - index) * DAY_MS).toISOString().slice(0, 10),
      );
      const from = days[0]!;
      const to = days.at(-1)!;
      const [daily, dayOutcomes, currency] = await Promise.all([
        dailyTotals(deps.db, tenantId, from, to, agentId),
        dailyOutcomeTotals(deps.db, tenantId, from, to, agentId),
        tenants.currency(tenantId),
      ]);
      const byDay = new Map(daily.map((row) => [row.day, row]));
      const series = days.map((day) => {
        const row = byDay.get(day);
        const reach = reachFigures(dayOutcomes.filter((entry) => entry.day === day));
        return {
          day,
          calls: row?.calls ?? 0,
          successful: row?.successful ?? 0,
          durationSec: row?.durationSec ?? 0,
          costCents: row?.costCents ?? 0,
          person: reach.person,
          machine: reach.machine,
          voicemailLeft: reach.voicemailLeft,
          transferred: reach.transferred,
        };
      });
      const outcomes = [...new Set(dayOutcomes.map((entry) => entry.outcome))].sort().map((outcome) => ({
        outcome,
        calls: dayOutcomes.filter((entry) => entry.outcome === outcome).reduce((sum, entry) => sum + entry.calls, 0),
      }));
      const reach = reachFigures(outcomes);
      const sum = daily.reduce(
        (acc, row) => ({
          calls: acc.calls + row.calls,
          durationSec: acc.durationSec + row.durationSec,
          costCents: acc.costCents + row.costCents,
          successful: acc.successful + row.successful,
        }),
        { calls: 0, durationSec: 0, costCents: 0, successful: 0 },
      );
      const { totalCalls, averageDuration, totalCostCents, averageCostCents } = toAgentTotals(sum, currency);
      return {
        from,
        to,
        totals: {
          totalCalls,
          successfulCalls: sum.successful,
          successRate: sum.calls ? Math.round((sum.successful / sum.calls) * 1000) / 1000 : 0,
          averageDuration,
          totalCostCents,
          averageCostCents,
        },
        series,
        outcomes,
        reach: {
          person: reach.person,
          machine: reach.machine,
          voicemailLeft: reach.voicemailLeft,
          personRate: reach.calls ? reach.person / reach.calls : null,
          machineRate: reach.calls ? reach.machine / reach.calls : null,
        },
        transfers: {
          transferred: reach.transferred,
          transferMissed: reach.transferMissed,
          // Filled by the route, which reads the callbacks.
          callbacksDue: 0,
        },
        currency,
      };
    },

    async agentTotals(tenantId: string, agentId: string): Promise<AgentTotals> {
      const [totals, currency] = await Promise.all([
        agentTotals(deps.db, tenantId, agentId),
        tenants.currency(tenantId),
      ]);
      return toAgentTotals(totals, currency);
    },
  };
}
