/** The shares of a plan's included minutes whose crossing is announced (the usage.threshold_reached webhook). */
export const USAGE_THRESHOLDS = [80, 100] as const;
export type UsageThreshold = (typeof USAGE_THRESHOLDS)[number];

/** The thresholds a month's minutes crossed going from `before` to `after` minutes used; none without an allowance. */
export function thresholdsCrossed(before: number, after: number, minutesIncluded: number): UsageThreshold[] {
  if (minutesIncluded <= 0) return [];
  return USAGE_THRESHOLDS.filter(
    (percent) => before * 100 < percent * minutesIncluded && after * 100 >= percent * minutesIncluded,
  );
}
