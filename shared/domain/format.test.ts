import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatCount,
  formatDayOfMonth,
  formatShare,
  formatDate,
  formatQuantity,
  formatNzDateTime,
  formatDateTime,
  formatMinutes,
  formatMinutesSeconds,
  formatMoney,
} from './format';
import { formatPhoneNumber } from './phone-format';

/** Intl separates the currency code from the amount with a no-break space. */
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

describe('format', () => {
  it('names the currency of every amount, two decimals, en-NZ grouping', () => {
    expect(spaced(formatMoney(1000, 'NZD'))).toBe('NZD 10.00');
    expect(spaced(formatMoney(26, 'nzd'))).toBe('NZD 0.26');
    expect(spaced(formatMoney(123456789, 'usd'))).toBe('USD 1,234,567.89');
    expect(spaced(formatMoney(1250, 'aud'))).toBe('AUD 12.50');
    expect(spaced(formatMoney(1000, 'jpy'))).toBe('JPY 1,000');
    expect(spaced(formatMoney(Number.NaN, 'nzd'))).toBe('NZD 0.00');
  });

  it('shows dates as the spec does', () => {
    expect(formatDate('2025-01-05T12:00:00Z')).toBe('Jan 5, 2025');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('2025-01-05T12:00:00Z')).toMatch(
      /^Jan 5, 2025, \d{1,2}:\d{2}\s?[AP]M (UTC|GMT[+-]\d{1,2}(:\d{2})?)$/,
    );
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

  it('labels a chart’s days alike everywhere, whatever the viewer’s zone, and shares with nothing to share as a dash', () => {
    expect(formatDayOfMonth('2026-11-27')).toBe('Nov 27');
    expect(formatDayOfMonth('2026-01-05')).toBe('Jan 5');
    expect(formatDayOfMonth('not a day')).toBe('not a day');
    expect(formatShare(1, 3)).toBe('33%');
    expect(formatShare(0, 0)).toBe('—');
  });

  it('groups counts', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(0)).toBe('0');
  });

  it('shows stored E.164 numbers in international format', () => {
    expect(formatPhoneNumber('+6495550879')).toBe('+64 9 555 0879');
    expect(formatPhoneNumber('+6421123456')).toBe('+64 21 123 456');
    expect(formatPhoneNumber('+61291234567')).toBe('+61 2 9123 4567');
    expect(formatPhoneNumber('+14155550123')).toBe('+1 415 555 0123');
    expect(formatPhoneNumber('not a number')).toBe('not a number');
  });
});

describe('formatNzDateTime', () => {
  it('shows the time in New Zealand, daylight saving included', () => {
    expect(formatNzDateTime('2025-01-05T02:04:00Z')).toBe('Jan 5, 2025, 3:04 PM GMT+13');
    expect(formatNzDateTime('2025-07-05T02:04:00Z')).toBe('Jul 5, 2025, 2:04 PM GMT+12');
    expect(formatNzDateTime('not a date')).toBe('');
  });
});

describe('formatQuantity', () => {
  it('groups the count and puts the noun in the right number', () => {
    expect(formatQuantity(1, 'agent')).toBe('1 agent');
    expect(formatQuantity(0, 'agent')).toBe('0 agents');
    expect(formatQuantity(2000, 'minute')).toBe('2,000 minutes');
    expect(formatQuantity(3, 'person', 'people')).toBe('3 people');
    expect(formatQuantity(Number.NaN, 'number')).toBe('0 numbers');
  });
});
