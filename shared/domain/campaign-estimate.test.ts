import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAYS_OF_WEEK, isCallAllowed, type CampaignWindow } from './calling-window';
import { estimateFinish } from './campaign-estimate';

const weekdays: CampaignWindow = {
  callingHoursType: 'specific_hours',
  callingStartTime: '09:00',
  callingEndTime: '17:00',
  timezone: 'Pacific/Auckland',
  daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
};

describe('estimated finish', () => {
  it('fills each weekday up to the daily cap, one call per interval', () => {
    // Monday 2 June 2025, 09:00 NZST = 21:00 UTC the day before. 250 calls at 100 a day: Wed's 50th call.
    const from = new Date('2025-06-01T21:00:00Z');
    const finish = estimateFinish(250, weekdays, { maxCallsPerDay: 100, callIntervalMinutes: 1 }, from);
    expect(finish?.toISOString()).toBe('2025-06-03T21:49:00.000Z');
    // 5-minute interval over 8 hours fits 96 calls a day, under the cap.
    const slower = estimateFinish(96 * 2 + 1, weekdays, { maxCallsPerDay: 100, callIntervalMinutes: 5 }, from);
    expect(slower?.toISOString()).toBe('2025-06-03T21:00:00.000Z');
  });

  it('finishes inside the window, no earlier than the cap allows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.subarray([...DAYS_OF_WEEK], { minLength: 1 }),
        fc.integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2026-01-01T00:00:00Z') }),
        (contacts, maxCallsPerDay, callIntervalMinutes, daysOfWeek, fromMs) => {
          fc.pre(contacts <= Math.min(maxCallsPerDay, Math.floor(480 / callIntervalMinutes)) * 50);
          const window = { ...weekdays, daysOfWeek };
          const from = new Date(fromMs);
          const finish = estimateFinish(contacts, window, { maxCallsPerDay, callIntervalMinutes }, from);
          expect(finish).not.toBeNull();
          expect(isCallAllowed(finish!, window, { country: null })).toBe(true);
          const minDays = Math.ceil(contacts / maxCallsPerDay) - 1;
          expect(finish!.getTime() - from.getTime()).toBeGreaterThanOrEqual(minDays * 86_400_000 - 86_400_000);
        },
      ),
      { numRuns: 60 },
    );
  });
});
