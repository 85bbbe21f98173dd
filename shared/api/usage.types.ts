import type { UsageStatus } from '../domain/usage-projection';

/** Minutes, overage and projections as the API returns them (spec 001 §3). Amounts are integer cents of `currency`. */

export interface PlanLimits {
  minutesIncluded: number;
  /** Cents per minute beyond the included ones: the tenant's own rate where it has one, else the plan's. */
  overageRatePerMinute: number;
  maxAgents: number;
  maxPhoneNumbers: number;
  maxCampaigns: number;
}

/** GET usage/limits. */
export interface UsageLimitsResponse {
  limits: PlanLimits;
  currency: string;
}

/** One tenant month. */
export interface UsageRecord {
  id: string;
  /** YYYY-MM, UTC. */
  monthYyyyMm: string;
  minutesUsed: number;
  minutesIncluded: number;
  minutesBillable: number;
  /** Overage cost in cents. */
  billingCost: number;
}

/** End-of-month projection (spec 001 §9): the daily average over days elapsed, over the whole calendar month. */
export interface CostProjection {
  /** Minutes per day so far, to two decimals. */
  dailyAverage: number;
  projectedMonthlyUsage: number;
  projectedOverage: number;
  /** Cents. */
  projectedOverageCost: number;
}

/** GET usage/current. */
export interface CurrentUsageResponse {
  usage: UsageRecord;
  projection: CostProjection;
  usageStatus: UsageStatus;
  /** Whole percent of the included minutes used (may pass 100). */
  percentUsed: number;
  overageRatePerMinute: number;
  currency: string;
  /** Days of the month elapsed (today counted) and in all. */
  daysElapsed: number;
  daysInMonth: number;
}

/** GET usage/history?limit=12: newest month first, months without calls left out. */
export interface UsageHistoryResponse {
  usageHistory: UsageRecord[];
  currency: string;
}
