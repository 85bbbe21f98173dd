import type { Plan } from '@shared/api/plans.types';
import type { BillingInterval, PlanConfig } from '@shared/schemas/billing.schema';
import { DomainError } from '../../domain/domain-error';
import type { PlanPricing } from '../tenants/tenants.service';

/** A plan the tenant may subscribe to: an active one it can see, or its own plan even when hidden. */
export function offeredPlan(plan: Plan | undefined, tenantPlanId: string): Plan {
  if (!plan || !plan.active || (!plan.visible && plan.id !== tenantPlanId)) {
    throw new DomainError('NOT_FOUND', 'No plan has this id.');
  }
  return plan;
}

/**
 * A tenant stays in its currency: its rollups and charges are labelled with its plan's currency, so a plan in
 * another one would relabel every amount already counted.
 */
export function assertSameCurrency(tenantCurrency: string, plan: Pick<Plan, 'name' | 'currency'>): void {
  if (plan.currency !== tenantCurrency) {
    throw new DomainError(
      'PLAN_CURRENCY_MISMATCH',
      `The ${plan.name} plan is billed in ${plan.currency.toUpperCase()}; your account is billed in ${tenantCurrency.toUpperCase()}.`,
    );
  }
}

/**
 * The interval a tenant subscribes at (monthly unless it asks for yearly), refusing a plan without that price and
 * a price that changed since the client showed it.
 */
export function subscriptionInterval(
  plan: Pick<Plan, 'basePriceMonthly' | 'basePriceYearly' | 'currency'>,
  planConfig: PlanConfig | undefined,
): BillingInterval {
  const interval = planConfig?.interval ?? 'month';
  const price = interval === 'year' ? plan.basePriceYearly : plan.basePriceMonthly;
  if (price === null) throw new DomainError('PLAN_PRICE_MISSING', 'This plan has no yearly price.');
  if (planConfig && (planConfig.amount !== price || planConfig.currency !== plan.currency)) {
    throw new DomainError('PLAN_PRICE_CHANGED');
  }
  return interval;
}

/** The provider's flat price for the interval; null when the plan has none there. */
export const flatPriceIdOf = (pricing: PlanPricing, interval: BillingInterval): string | null =>
  interval === 'year' ? pricing.yearlyPriceId : pricing.monthlyPriceId;

/** Whether the plan has everything a subscription needs at the provider; else it is synced first. */
export const isPricingComplete = (pricing: PlanPricing | undefined): pricing is PlanPricing =>
  !!(pricing?.productId && pricing.monthlyPriceId && pricing.meteredPriceId && pricing.meterId);

/** The subscription's per-number item: the tenant's numbers beyond the plan's included ones. */
export const extraPhoneNumbersItem = (
  priceId: string,
  ownedNumbers: number,
  plan: Pick<Plan, 'phoneNumbersIncluded'>,
): { priceId: string; quantity: number } => ({
  priceId,
  quantity: Math.max(0, ownedNumbers - plan.phoneNumbersIncluded),
});
