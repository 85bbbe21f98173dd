/**
 * Usage status and the end-of-month projection (spec 001 §4 and §9): used over included, 80 % or more is near the
 * limit and 100 % or more over it; the projection extrapolates the daily average over the days elapsed (today
 * counted) to the whole calendar month. Pure, so the billing page and the server say the same thing.
 */
export const USAGE_STATUSES = ['within_limit', 'near_limit', 'over_limit'] as const;
export type UsageStatus = (typeof USAGE_STATUSES)[number];

export const USAGE_STATUS_LABELS: Record<UsageStatus, string> = {
  within_limit: 'Within Limit',
  near_limit: 'Near Limit',
  over_limit: 'Over Limit',
};

/** In whole-number arithmetic, so 80 % of 5 minutes is exactly 4. */
export function usageStatus(minutesUsed: number, minutesIncluded: number): UsageStatus {
  if (minutesIncluded <= 0) return minutesUsed > 0 ? 'over_limit' : 'within_limit';
  if (minutesUsed >= minutesIncluded) return 'over_limit';
  if (minutesUsed * 5 >= minutesIncluded * 4) return 'near_limit';
  return 'within_limit';
}

export function percentUsed(minutesUsed: number, minutesIncluded: number): number {
  if (minutesIncluded <= 0) return minutesUsed > 0 ? 100 : 0;
  return Math.floor((minutesUsed * 100) / minutesIncluded);
}

export interface Projection {
  dailyAverage: number;
  projectedMonthlyUsage: number;
  projectedOverage: number;
  projectedOverageCost: number;
}

/**
 * `daysElapsed` counts today (1 on the 1st); the projected minutes are rounded to the nearest whole minute from
 * the exact ratio, not from the rounded daily average.
 */
export function projectMonth(
  minutesUsed: number,
  minutesIncluded: number,
  ratePerMinuteCents: number,
  daysElapsed: number,
  daysInMonth: number,
): Projection {
  if (!Number.isInteger(daysElapsed) || daysElapsed < 1 || daysElapsed > daysInMonth) {
    throw new RangeError('daysElapsed must be a day of the month');
  }
  const projectedMonthlyUsage = Math.round((minutesUsed * daysInMonth) / daysElapsed);
  const projectedOverage = Math.max(0, projectedMonthlyUsage - minutesIncluded);
  return {
    dailyAverage: Math.round((minutesUsed * 100) / daysElapsed) / 100,
    projectedMonthlyUsage,
    projectedOverage,
    projectedOverageCost: projectedOverage * ratePerMinuteCents,
  };
}
