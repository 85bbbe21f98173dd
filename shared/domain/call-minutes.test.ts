import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billedMinutes, usageTotals } from './call-minutes';

describe('call minutes', () => {
  it.each([
    [0, 0],
    [1, 1],
    [59, 1],
    [60, 1],
    [61, 2],
    [3600, 60],
    [-5, 0],
  ])('a %i-second call is %i billed minutes', (seconds, minutes) => {
    expect(billedMinutes(seconds)).toBe(minutes);
  });

  it('never bills fewer minutes than were talked, nor a minute more per call', () => {
    fc.assert(
      fc.property(fc.nat(100_000), (seconds) => {
        const minutes = billedMinutes(seconds);
        expect(minutes * 60).toBeGreaterThanOrEqual(seconds);
        expect(minutes * 60 - seconds).toBeLessThan(60);
      }),
    );
  });

  it('bills only the minutes over the included ones', () => {
    expect(usageTotals(90, 100, 10)).toEqual({ minutesBillable: 0, billingCost: 0 });
    expect(usageTotals(130, 100, 12)).toEqual({ minutesBillable: 30, billingCost: 360 });
  });
});
