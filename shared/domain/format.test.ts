import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDate,
  formatDateTime,
  formatMinutes,
  formatMinutesSeconds,
  formatNzd,
  formatNzdCents,
} from './format';

describe('format', () => {
  it('shows NZD with two decimals', () => {
    expect(formatNzd(12.5)).toBe('$12.50');
    expect(formatNzd(0)).toBe('$0.00');
    expect(formatNzd(1234.567)).toBe('$1,234.57');
    expect(formatNzd(Number.NaN)).toBe('$0.00');
    expect(formatNzdCents(1000)).toBe('$10.00');
  });

  it('shows dates as the spec does', () => {
    expect(formatDate('2025-01-05T12:00:00Z')).toBe('Jan 5, 2025');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('2025-01-05T12:00:00Z')).toMatch(/^Jan 5, 2025, \d{1,2}:\d{2}\s?[AP]M$/);
  });

  it('shows durations in minutes and seconds', () => {
    expect(formatMinutesSeconds(125)).toBe('2m 5s');
    expect(formatMinutesSeconds(40.4)).toBe('0m 40s');
    expect(formatMinutesSeconds(-3)).toBe('0m 0s');
    expect(formatClock(125)).toBe('2:05');
    expect(formatClock(3600)).toBe('60:00');
    expect(formatMinutes(125)).toBe('2.1 min');
    expect(formatMinutes(0)).toBe('0.0 min');
  });
});
