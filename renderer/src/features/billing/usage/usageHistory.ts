import type { UsageRecord } from '@shared/api/usage.types';

/** The usage trend chart shows the last 6 months (spec 001 §9). */
export const TREND_MONTHS = 6;

const MONTH_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2025-01" → "Jan 2025". */
export function monthLabel(monthYyyyMm: string): string {
  const [year, month] = monthYyyyMm.split('-').map(Number);
  if (!year || !month) return monthYyyyMm;
  return MONTH_LABEL.format(new Date(Date.UTC(year, month - 1, 1)));
}

/** The last `months` months of the history, oldest first, as the charts read left to right. */
export function chartMonths(history: UsageRecord[], months = TREND_MONTHS): UsageRecord[] {
  return [...history].sort((a, b) => a.monthYyyyMm.localeCompare(b.monthYyyyMm)).slice(-months);
}
