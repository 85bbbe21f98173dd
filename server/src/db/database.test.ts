import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertProperty } from '../../../tests/support/property-runs';
import { toIso } from './database';

describe('toIso', () => {
  it('answers the UTC ISO form of dates, epoch milliseconds and stored strings', () => {
    expect(toIso(new Date('2026-11-23T12:00:00Z'))).toBe('2026-11-23T12:00:00.000Z');
    expect(toIso(Date.UTC(2026, 10, 23, 12))).toBe('2026-11-23T12:00:00.000Z');
    expect(toIso('2026-11-23 12:00:00+00')).toBe('2026-11-23T12:00:00.000Z');
    expect(toIso('2026-11-24T01:00:00+13:00')).toBe('2026-11-23T12:00:00.000Z');
    expect(() => toIso('not a time')).toThrow(RangeError);
    expect(() => toIso(null)).toThrow(TypeError);
  });

  it('gives every string the same answer as parsing it would', async () => {
    const moment = fc.date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    await assertProperty(
      fc.property(moment, (date) => {
        const iso = date.toISOString();
        expect(toIso(iso)).toBe(new Date(iso).toISOString());
        expect(toIso(iso.replace('T', ' ').replace('Z', '+00:00'))).toBe(iso);
      }),
      { minRuns: 50, numRuns: 500, budgetMs: 3_000 },
    );
  });
});
