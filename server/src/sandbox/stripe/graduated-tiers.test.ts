import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { graduatedCharges, tiersProblem, volumeCharge, type PriceTier } from './graduated-tiers';

/** The reference: price every unit one by one at the tier it falls in, plus each reached tier's flat amount. */
function unitByUnit(quantity: number, tiers: readonly PriceTier[]): number {
  let total = 0;
  const reached = new Set<number>();
  for (let unit = 1; unit <= quantity; unit += 1) {
    const index = tiers.findIndex((tier) => tier.upTo === null || unit <= tier.upTo);
    total += tiers[index]!.unitAmount;
    reached.add(index);
  }
  for (const index of reached) total += tiers[index]!.flatAmount;
  return total;
}

const tiersArbitrary = fc
  .uniqueArray(fc.integer({ min: 1, max: 300 }), { minLength: 0, maxLength: 4 })
  .chain((bounds) =>
    fc.tuple(
      fc.constant([...bounds].sort((a, b) => a - b)),
      fc.array(fc.integer({ min: 0, max: 50 }), { minLength: bounds.length + 1, maxLength: bounds.length + 1 }),
      fc.array(fc.integer({ min: 0, max: 500 }), { minLength: bounds.length + 1, maxLength: bounds.length + 1 }),
    ),
  )
  .map(([bounds, unitAmounts, flatAmounts]) =>
    unitAmounts.map((unitAmount, index) => ({
      upTo: bounds[index] ?? null,
      unitAmount,
      flatAmount: flatAmounts[index]!,
    })),
  );

describe('graduated tier pricing', () => {
  it('bills included minutes at zero and the rest at the overage rate', () => {
    const plan = [
      { upTo: 1000, unitAmount: 0, flatAmount: 0 },
      { upTo: null, unitAmount: 5, flatAmount: 0 },
    ];
    expect(graduatedCharges(1350, plan)).toEqual([
      { tier: 1, firstUnit: 1, lastUnit: 1000, quantity: 1000, unitAmount: 0, flatAmount: 0, amount: 0 },
      { tier: 2, firstUnit: 1001, lastUnit: null, quantity: 350, unitAmount: 5, flatAmount: 0, amount: 1750 },
    ]);
    expect(graduatedCharges(0, plan).map((charge) => [charge.tier, charge.quantity, charge.amount])).toEqual([
      [1, 0, 0],
    ]);
    expect(graduatedCharges(1000, plan)).toHaveLength(1);
  });

  it('matches pricing unit by unit, and splits the quantity over the tiers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), tiersArbitrary, (quantity, tiers) => {
        const charges = graduatedCharges(quantity, tiers);
        expect(charges.reduce((sum, charge) => sum + charge.amount, 0)).toBe(unitByUnit(quantity, tiers));
        expect(charges.reduce((sum, charge) => sum + charge.quantity, 0)).toBe(quantity);
        expect(charges[0]?.tier).toBe(1);
      }),
    );
  });

  it('prices every unit at the volume tier the whole quantity falls in', () => {
    const tiers = [
      { upTo: 100, unitAmount: 10, flatAmount: 0 },
      { upTo: 500, unitAmount: 8, flatAmount: 200 },
      { upTo: null, unitAmount: 5, flatAmount: 0 },
    ];
    expect(
      [0, 100, 101, 500, 501].map((quantity) => [
        volumeCharge(quantity, tiers).tier,
        volumeCharge(quantity, tiers).amount,
      ]),
    ).toEqual([
      [1, 0],
      [1, 1000],
      [2, 101 * 8 + 200],
      [2, 500 * 8 + 200],
      [3, 501 * 5],
    ]);
  });

  it('accepts ascending tiers ending open, and nothing else', () => {
    expect(tiersProblem([{ upTo: null, unitAmount: 1, flatAmount: 0 }])).toBeNull();
    expect(tiersProblem([])).not.toBeNull();
    expect(tiersProblem([{ upTo: 10, unitAmount: 1, flatAmount: 0 }])).not.toBeNull();
    expect(
      tiersProblem([
        { upTo: 10, unitAmount: 1, flatAmount: 0 },
        { upTo: 10, unitAmount: 1, flatAmount: 0 },
        { upTo: null, unitAmount: 1, flatAmount: 0 },
      ]),
    ).not.toBeNull();
    expect(
      tiersProblem([
        { upTo: null, unitAmount: 1, flatAmount: 0 },
        { upTo: null, unitAmount: 1, flatAmount: 0 },
      ]),
    ).not.toBeNull();
  });
});
