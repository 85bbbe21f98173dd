import { describe, expect, it } from 'vitest';
import type { Plan } from '@shared/api/plans.types';
import { DomainError } from '../../domain/domain-error';
import type { PlanPricing } from '../tenants/tenants.service';
import {
  assertSameCurrency,
  extraPhoneNumbersItem,
  flatPriceIdOf,
  isPricingComplete,
  offeredPlan,
  subscriptionInterval,
} from './plan-rules';

const plan: Plan = {
  id: 'pro',
  name: 'Pro',
  description: '',
  basePriceMonthly: 2900,
  basePriceYearly: null,
  currency: 'nzd',
  minutesIncluded: 100,
  overageRatePerMinute: 5,
  maxAgents: 4,
  maxPhoneNumbers: 4,
  maxCampaigns: 4,
  supportLevel: 'basic',
  phoneNumbersIncluded: 2,
  phoneNumberCostMonthly: 500,
  multiUserEnabled: false,
  active: true,
  visible: true,
  sortOrder: 0,
  stripeProductId: null,
};

const pricing: PlanPricing = {
  productId: 'prod_1',
  monthlyPriceId: 'price_month',
  yearlyPriceId: null,
  meteredPriceId: 'price_metered',
  meterId: 'meter_1',
  phoneNumberPriceId: null,
};

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return null;
};

describe('plan rules', () => {
  it('offers active visible plans, and a hidden plan only to the tenant already on it', () => {
    expect(offeredPlan(plan, 'other')).toBe(plan);
    const hidden = { ...plan, visible: false };
    expect(offeredPlan(hidden, 'pro')).toBe(hidden);
    expect(codeOf(() => offeredPlan(hidden, 'other'))).toBe('NOT_FOUND');
    expect(codeOf(() => offeredPlan({ ...plan, active: false }, 'pro'))).toBe('NOT_FOUND');
    expect(codeOf(() => offeredPlan(undefined, 'pro'))).toBe('NOT_FOUND');
  });

  it("refuses a plan in another currency than the tenant's, naming both", () => {
    expect(codeOf(() => assertSameCurrency('nzd', plan))).toBeNull();
    expect(codeOf(() => assertSameCurrency('usd', plan))).toBe('PLAN_CURRENCY_MISMATCH');
    expect(() => assertSameCurrency('usd', plan)).toThrow(
      'The Pro plan is billed in NZD; your account is billed in USD.',
    );
  });

  it('subscribes monthly by default, refuses a missing yearly price and a price the client saw change', () => {
    expect(subscriptionInterval(plan, undefined)).toBe('month');
    const shown = { amount: 2900, currency: 'nzd', interval: 'month' as const, name: 'Pro' };
    expect(subscriptionInterval(plan, shown)).toBe('month');
    expect(codeOf(() => subscriptionInterval(plan, { ...shown, interval: 'year' }))).toBe('PLAN_PRICE_MISSING');
    expect(
      subscriptionInterval({ ...plan, basePriceYearly: 29000 }, { ...shown, amount: 29000, interval: 'year' }),
    ).toBe('year');
    expect(codeOf(() => subscriptionInterval(plan, { ...shown, amount: 2500 }))).toBe('PLAN_PRICE_CHANGED');
    expect(codeOf(() => subscriptionInterval(plan, { ...shown, currency: 'usd' }))).toBe('PLAN_PRICE_CHANGED');
  });

  it("takes the interval's flat price, and syncs a plan missing any price the subscription needs", () => {
    expect(flatPriceIdOf(pricing, 'month')).toBe('price_month');
    expect(flatPriceIdOf(pricing, 'year')).toBeNull();
    expect(isPricingComplete(pricing)).toBe(true);
    expect(isPricingComplete(undefined)).toBe(false);
    for (const missing of ['productId', 'monthlyPriceId', 'meteredPriceId', 'meterId'] as const) {
      expect(isPricingComplete({ ...pricing, [missing]: null }), missing).toBe(false);
    }
  });

  it("bills only the phone numbers beyond the plan's included ones", () => {
    expect(extraPhoneNumbersItem('price_n', 0, plan)).toEqual({ priceId: 'price_n', quantity: 0 });
    expect(extraPhoneNumbersItem('price_n', 2, plan)).toEqual({ priceId: 'price_n', quantity: 0 });
    expect(extraPhoneNumbersItem('price_n', 5, plan)).toEqual({ priceId: 'price_n', quantity: 3 });
  });
});
