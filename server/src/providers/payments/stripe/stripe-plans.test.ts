import { describe, expect, it } from 'vitest';
import type { PlanToSync } from '../payments.types';
import { flatPriceParams, meteredPriceParams, phoneNumberPriceParams } from './stripe-plans';

const plan: PlanToSync = {
  id: 'pro',
  name: 'Pro',
  description: '',
  currency: 'usd',
  basePriceMonthly: 9900,
  basePriceYearly: 99000,
  minutesIncluded: 500,
  overageRatePerMinute: 12,
  phoneNumberCostMonthly: 300,
};

describe('meteredPriceParams', () => {
  it('gives the included minutes free, then the overage rate, over the meter', () => {
    expect(meteredPriceParams(plan, 'prod_1', 'mtr_1')).toMatchObject({
      recurring: { interval: 'month', usage_type: 'metered', meter: 'mtr_1' },
      billing_scheme: 'tiered',
      tiers_mode: 'graduated',
      tiers: [
        { up_to: 500, unit_amount: 0 },
        { up_to: 'inf', unit_amount: 12 },
      ],
    });
  });

  it('bills every minute flat when none is included (tiers need a bound above 0)', () => {
    const params = meteredPriceParams({ ...plan, minutesIncluded: 0 }, 'prod_1', 'mtr_1');
    expect(params).not.toHaveProperty('tiers');
    expect(params).toMatchObject({ unit_amount: 12 });
  });
});

describe('flatPriceParams and phoneNumberPriceParams', () => {
  it('key each price by plan and interval', () => {
    expect(flatPriceParams(plan, 'prod_1', 'year', 99000)).toMatchObject({
      unit_amount: 99000,
      recurring: { interval: 'year' },
      lookup_key: 'pro_yearly',
    });
    expect(phoneNumberPriceParams(plan, 'prod_1')).toMatchObject({
      unit_amount: 300,
      lookup_key: 'pro_phone_number',
      metadata: { planId: 'pro', kind: 'phone_numbers' },
    });
  });

  it('makes no phone-number price when numbers cost nothing', () => {
    expect(phoneNumberPriceParams({ ...plan, phoneNumberCostMonthly: 0 }, 'prod_1')).toBeNull();
  });
});
