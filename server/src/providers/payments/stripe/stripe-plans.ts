import type Stripe from 'stripe';
import type { PaymentsProvider, PlanPrices, PlanToSync } from '../payments.types';
import { callStripe } from './stripe-errors';
import { contentKey } from './stripe-ids';

/** Marks the per-number price among a plan's prices (price metadata `kind`). */
export const PHONE_NUMBERS_KIND = 'phone_numbers';

/** The plan's flat price for one billing interval, found again by its lookup key. */
export function flatPriceParams(plan: PlanToSync, productId: string, interval: 'month' | 'year', amount: number) {
  return {
    product: productId,
    currency: plan.currency,
    unit_amount: amount,
    recurring: { interval },
    lookup_key: `${plan.id}_${interval}ly`,
    transfer_lookup_key: true,
    metadata: { planId: plan.id },
  };
}

/**
 * The plan's minutes over the meter: the included minutes free, then the overage rate. Stripe's tiers need an
 * upper bound above 0, so a plan without included minutes bills every minute flat.
 */
export function meteredPriceParams(plan: PlanToSync, productId: string, meterId: string) {
  const recurring = { interval: 'month' as const, usage_type: 'metered' as const, meter: meterId };
  return plan.minutesIncluded > 0
    ? {
        product: productId,
        currency: plan.currency,
        recurring,
        billing_scheme: 'tiered' as const,
        tiers_mode: 'graduated' as const,
        tiers: [
          { up_to: plan.minutesIncluded, unit_amount: 0 },
          { up_to: 'inf' as const, unit_amount: plan.overageRatePerMinute },
        ],
        metadata: { planId: plan.id },
      }
    : {
        product: productId,
        currency: plan.currency,
        recurring,
        unit_amount: plan.overageRatePerMinute,
        metadata: { planId: plan.id },
      };
}

/** The monthly price of each phone number beyond the plan's included ones; none when they cost nothing. */
export function phoneNumberPriceParams(plan: PlanToSync, productId: string) {
  if (plan.phoneNumberCostMonthly <= 0) return null;
  return {
    product: productId,
    currency: plan.currency,
    unit_amount: plan.phoneNumberCostMonthly,
    recurring: { interval: 'month' as const },
    lookup_key: `${plan.id}_phone_number`,
    transfer_lookup_key: true,
    metadata: { planId: plan.id, kind: PHONE_NUMBERS_KIND },
  };
}

/** Plans as products with their prices; each create is keyed by its content, so a sync run twice makes nothing new. */
export function stripePlans(stripe: Stripe): Pick<PaymentsProvider, 'syncPlan'> {
  return {
    syncPlan: (plan: PlanToSync, meterId: string) =>
      callStripe(async (): Promise<PlanPrices> => {
        const productParams = {
          name: plan.name,
          ...(plan.description ? { description: plan.description } : {}),
          metadata: { planId: plan.id },
        };
        const product = await stripe.products.create(productParams, {
          idempotencyKey: contentKey(`plan-${plan.id}-product`, productParams),
        });
        const flatPrice = async (interval: 'month' | 'year', amount: number) => {
          const params = flatPriceParams(plan, product.id, interval, amount);
          return (
            await stripe.prices.create(params, { idempotencyKey: contentKey(`plan-${plan.id}-${interval}`, params) })
          ).id;
        };
        const meteredParams = meteredPriceParams(plan, product.id, meterId);
        const metered = await stripe.prices.create(meteredParams, {
          idempotencyKey: contentKey(`plan-${plan.id}-metered`, meteredParams),
        });
        const phoneParams = phoneNumberPriceParams(plan, product.id);
        const phoneNumberPriceId = phoneParams
          ? (
              await stripe.prices.create(phoneParams, {
                idempotencyKey: contentKey(`plan-${plan.id}-phone`, phoneParams),
              })
            ).id
          : null;
        return {
          productId: product.id,
          phoneNumberPriceId,
          monthlyPriceId: await flatPrice('month', plan.basePriceMonthly),
          yearlyPriceId: plan.basePriceYearly === null ? null : await flatPrice('year', plan.basePriceYearly),
          meteredPriceId: metered.id,
          meterId,
        };
      }),
  };
}
