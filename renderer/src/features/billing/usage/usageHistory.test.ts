import { describe, expect, it } from 'vitest';
import type { UsageRecord } from '@shared/api/usage.types';
import { chartMonths, monthLabel } from './usageHistory';

const record = (monthYyyyMm: string): UsageRecord => ({
  id: monthYyyyMm,
  monthYyyyMm,
  minutesUsed: 1,
  minutesIncluded: 1,
  minutesBillable: 0,
  billingCost: 0,
});

describe('usage history for the charts', () => {
  it('keeps the last 6 months, oldest first, whatever order the server sent', () => {
    const months = ['2025-03', '2024-12', '2025-01', '2024-10', '2025-02', '2024-11', '2024-09', '2025-04'];
    expect(chartMonths(months.map(record)).map((r) => r.monthYyyyMm)).toEqual([
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
      '2025-04',
    ]);
  });

  it('labels a month in English with its year, in UTC', () => {
    expect(monthLabel('2025-01')).toBe('Jan 2025');
    expect(monthLabel('2024-12')).toBe('Dec 2024');
  });
});
