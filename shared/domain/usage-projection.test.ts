import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billedMinutes, usageTotals } from './call-minutes';
import { percentUsed, projectMonth, usageStatus } from './usage-projection';

/** Plain references: minute by minute, and in exact fractions, with no cleverness to share a bug with. */
function referenceMonth(durations: number[], included: number, rate: number) {
  let minutes = 0;
  for (const seconds of durations) {
    let left = Math.max(0, seconds);
    while (left > 0) {
      minutes += 1;
      left -= 60;
    }
  }
  // Graduated tiers as the payment provider bills them: the first `included` minutes at 0, the rest at `rate`.
  let billable = 0;
  let cost = 0;
  for (let minute = 1; minute <= minutes; minute += 1) {
    if (minute > included) {
      billable += 1;
      cost += rate;
    }
  }
  return { minutes, billable, cost };
}

function referenceStatus(used: number, included: number) {
  if (included === 0) return used > 0 ? 'over_limit' : 'within_limit';
  const share = used / included;
  if (share >= 1) return 'over_limit';
  if (used * 100 >= included * 80) return 'near_limit';
  return 'within_limit';
}

const month = fc
  .integer({ min: 28, max: 31 })
  .chain((days) => fc.tuple(fc.constant(days), fc.integer({ min: 1, max: days })));

describe('usage and overage', () => {
  it('adds calls up to the same minutes, overage and cost as billing minute by minute', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -10, max: 7200 }), { maxLength: 60 }),
        fc.nat(3000),
        fc.nat(500),
        (durations, included, rate) => {
          const minutes = durations.reduce((sum, seconds) => sum + billedMinutes(seconds), 0);
          const totals = usageTotals(minutes, included, rate);
          const reference = referenceMonth(durations, included, rate);
          expect(minutes).toBe(reference.minutes);
          expect(totals).toEqual({ minutesBillable: reference.billable, billingCost: reference.cost });
        },
      ),
    );
  });

  it('calls the month within, near (80 %) or over (100 %) the limit as the percentages do', () => {
    fc.assert(
      fc.property(fc.nat(20_000), fc.nat(20_000), (used, included) => {
        expect(usageStatus(used, included)).toBe(referenceStatus(used, included));
      }),
    );
    expect(usageStatus(79, 100)).toBe('within_limit');
    expect(usageStatus(80, 100)).toBe('near_limit');
    expect(usageStatus(4, 5)).toBe('near_limit');
    expect(usageStatus(100, 100)).toBe('over_limit');
    expect(percentUsed(150, 100)).toBe(150);
  });

  it('projects the daily average over the days elapsed across the calendar month', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(5000), fc.nat(500), month, (used, included, rate, [days, elapsed]) => {
        const projection = projectMonth(used, included, rate, elapsed, days);
        // Rounded half up in whole numbers: (2·used·days + elapsed) / (2·elapsed).
        const projected = Math.floor((2 * used * days + elapsed) / (2 * elapsed));
        expect(projection.projectedMonthlyUsage).toBe(projected);
        expect(projection.projectedMonthlyUsage).toBeGreaterThanOrEqual(used);
        expect(projection.projectedOverage).toBe(Math.max(0, projected - included));
        expect(projection.projectedOverageCost).toBe(projection.projectedOverage * rate);
        expect(Math.abs(projection.dailyAverage - used / elapsed)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
    expect(projectMonth(100, 300, 10, 10, 30)).toEqual({
      dailyAverage: 10,
      projectedMonthlyUsage: 300,
      projectedOverage: 0,
      projectedOverageCost: 0,
    });
    expect(() => projectMonth(1, 1, 1, 0, 30)).toThrow(RangeError);
  });
});
