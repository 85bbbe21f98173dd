/** Stripe's tiered pricing: graduated (each tier prices the units inside it) and volume (one tier prices them all). */

export interface PriceTier {
  /** The last unit of the tier, or null for the open-ended final tier (`up_to: 'inf'`). */
  upTo: number | null;
  unitAmount: number;
  flatAmount: number;
}

export interface TierCharge {
  /** 1-based, as Stripe names them on invoices ("Tier 1"). */
  tier: number;
  /** The first and last unit the tier covers (`lastUnit` null for the open tier). */
  firstUnit: number;
  lastUnit: number | null;
  quantity: number;
  unitAmount: number;
  flatAmount: number;
  amount: number;
}

/**
 * What `quantity` units cost under graduated tiers, tier by tier: the first tier always appears (a period without
 * usage still shows it, at zero), later tiers only when units reach them; a tier's flat amount is charged once it is
 * reached.
 */
export function graduatedCharges(quantity: number, tiers: readonly PriceTier[]): TierCharge[] {
  const charges: TierCharge[] = [];
  let previousUpTo = 0;
  tiers.forEach((tier, index) => {
    const ceiling = tier.upTo ?? Infinity;
    const units = Math.max(Math.min(quantity, ceiling) - previousUpTo, 0);
    if (index === 0 || units > 0) {
      const flatAmount = units > 0 ? tier.flatAmount : 0;
      charges.push({
        tier: index + 1,
        firstUnit: previousUpTo + 1,
        lastUnit: tier.upTo,
        quantity: units,
        unitAmount: tier.unitAmount,
        flatAmount,
        amount: units * tier.unitAmount + flatAmount,
      });
    }
    previousUpTo = ceiling;
  });
  return charges;
}

/**
 * What `quantity` units cost under volume tiers: every unit at the rate of the tier the whole quantity falls in,
 * plus that tier's flat amount.
 */
export function volumeCharge(quantity: number, tiers: readonly PriceTier[]): TierCharge {
  let firstUnit = 1;
  for (const [index, tier] of tiers.entries()) {
    if (tier.upTo === null || quantity <= tier.upTo) {
      return {
        tier: index + 1,
        firstUnit,
        lastUnit: tier.upTo,
        quantity,
        unitAmount: tier.unitAmount,
        flatAmount: tier.flatAmount,
        amount: quantity * tier.unitAmount + tier.flatAmount,
      };
    }
    firstUnit = tier.upTo + 1;
  }
  throw new Error('tiers must end with an open tier');
}

/** Tiers as a price is created: ascending `up_to`, the last one open-ended. Returns the problem, or null. */
export function tiersProblem(tiers: readonly PriceTier[]): string | null {
  if (tiers.length === 0) return 'Tiers must have at least one tier.';
  for (let index = 0; index < tiers.length; index += 1) {
    const tier = tiers[index]!;
    const last = index === tiers.length - 1;
    if (last !== (tier.upTo === null)) return "Only the last tier may have an `up_to` of 'inf', and it must.";
    const previous = index > 0 ? tiers[index - 1]!.upTo! : 0;
    if (tier.upTo !== null && tier.upTo <= previous) return 'Tier `up_to` values must be strictly increasing.';
  }
  return null;
}
