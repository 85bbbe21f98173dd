import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertProperty } from './property-runs';

const busyFor = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end);
};

describe('assertProperty', () => {
  it('runs the minimum whatever the budget, and stops after it once the budget is spent', async () => {
    let runs = 0;
    const slow = fc.property(fc.nat(), () => {
      runs += 1;
      busyFor(50);
    });
    await assertProperty(slow, { minRuns: 5, numRuns: 1_000, budgetMs: 270 });
    expect(runs).toBeGreaterThanOrEqual(5);
    expect(runs).toBeLessThan(10);
  });

  it('runs every example while the budget lasts', async () => {
    let runs = 0;
    await assertProperty(
      fc.property(fc.nat(), () => void (runs += 1)),
      { minRuns: 5, numRuns: 300, budgetMs: 60_000 },
    );
    expect(runs).toBe(300);
  });

  it('fails on a counterexample found after the minimum, sync or async', async () => {
    const runs = { minRuns: 1, numRuns: 500, budgetMs: 60_000, seed: 7 };
    await expect(
      assertProperty(
        fc.property(fc.nat({ max: 100 }), (n) => n !== 42),
        runs,
      ),
    ).rejects.toThrow(/Counterexample: \[42\]/);
    const async = fc.asyncProperty(fc.nat({ max: 100 }), async (n) => {
      expect(n).not.toBe(42);
    });
    await expect(assertProperty(async, runs)).rejects.toThrow(/Counterexample: \[42\]/);
  });
});
