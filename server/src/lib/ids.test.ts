import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newSequentialId } from './ids';

describe('newSequentialId', () => {
  it('sorts in the order it was made, also many within one millisecond and across a clock step back', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 6000 }), (steps) => {
        let now = 1_800_000_000_000;
        const ids = steps.map((step) => newSequentialId((now += step - 1)));
        expect([...ids].sort()).toEqual(ids);
        expect(new Set(ids).size).toBe(ids.length);
      }),
      { numRuns: 30 },
    );
  });

  it('is a version 7, variant 1 UUID', () => {
    expect(newSequentialId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
