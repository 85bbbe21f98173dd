import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES } from '@shared/api/billing.types';
import type { SubscriptionView } from '../../providers/payments/payments.types';
import {
  adoptsSubscription,
  billingStatusFor,
  snapshotOf,
  subscribeIdempotencyKey,
  subscribeStep,
  subscriptionResponseOf,
  usagePeriodOf,
} from './subscription-rules';

const view: SubscriptionView = {
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  currentPeriodStart: 1_700_000_000,
  currentPeriodEnd: 1_702_592_000,
  cancelAtPeriodEnd: false,
  planId: 'pro',
  tenantId: 'tenant-1',
  items: [
    { id: 'si_1', priceId: 'price_month', kind: 'flat', quantity: 1, amount: 2900, currency: 'nzd', interval: 'month' },
    {
      id: 'si_2',
      priceId: 'price_metered',
      kind: 'metered',
      quantity: 1,
      amount: null,
      currency: 'nzd',
      interval: 'month',
    },
  ],
};

describe('subscription rules', () => {
  it('maps every subscription status to the billing status of spec 001 §4', () => {
    expect(Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, billingStatusFor(status)]))).toEqual({
      incomplete: 'inactive',
      incomplete_expired: 'canceled',
      trialing: 'trialing',
      active: 'active',
      past_due: 'delinquent',
      canceled: 'canceled',
      unpaid: 'delinquent',
      paused: 'delinquent',
    });
  });

  it('never lets the end of an old subscription replace the one that followed it', () => {
    expect(adoptsSubscription(null, { id: 'sub_1', status: 'canceled' })).toBe(true);
    expect(adoptsSubscription('sub_1', { id: 'sub_1', status: 'canceled' })).toBe(true);
    expect(adoptsSubscription('sub_2', { id: 'sub_1', status: 'canceled' })).toBe(false);
    expect(adoptsSubscription('sub_1', { id: 'sub_2', status: 'active' })).toBe(true);
  });

  it("keeps the provider's view without its ids, and shows it on the tenant's plan when it names none", () => {
    const snapshot = snapshotOf(view);
    expect(snapshot.items).toEqual([
      { amount: 2900, currency: 'nzd', interval: 'month', kind: 'flat' },
      { amount: null, currency: 'nzd', interval: 'month', kind: 'metered' },
    ]);
    const tenant = { plan: 'starter', billingStatus: 'active' as const };
    expect(subscriptionResponseOf(snapshot, tenant)).toEqual({
      hasSubscription: true,
      subscription: {
        id: 'sub_1',
        status: 'active',
        currentPeriodStart: 1_700_000_000,
        currentPeriodEnd: 1_702_592_000,
        cancelAtPeriodEnd: false,
        planId: 'pro',
        items: snapshot.items,
      },
      billingStatus: 'active',
    });
    expect(subscriptionResponseOf({ ...snapshot, planId: null }, tenant).subscription?.planId).toBe('starter');
    expect(subscriptionResponseOf({ ...snapshot, status: 'canceled' }, tenant).hasSubscription).toBe(false);
    expect(subscriptionResponseOf(undefined, tenant)).toEqual({
      hasSubscription: false,
      subscription: null,
      billingStatus: 'active',
    });
  });

  it('keeps a live subscription already on the plan and price, changes a live one, and replaces an ended one', () => {
    const target = { planId: 'pro', flatPriceId: 'price_month' };
    expect(subscribeStep(view, target)).toBe('keep');
    expect(subscribeStep(view, { ...target, flatPriceId: 'price_year' })).toBe('change');
    expect(subscribeStep(view, { ...target, planId: 'max' })).toBe('change');
    expect(subscribeStep({ ...view, status: 'past_due' }, target)).toBe('keep');
    expect(subscribeStep({ ...view, status: 'canceled' }, target)).toBe('create');
    expect(subscribeStep({ ...view, status: 'incomplete_expired' }, target)).toBe('create');
    expect(subscribeStep(null, target)).toBe('create');
  });

  it('gives a repeated subscribe the same key, and a subscribe after an ended subscription a new one', () => {
    expect(subscribeIdempotencyKey('t1', null, 'pro', 'month')).toBe('tenant-t1-subscribe-first-pro-month');
    expect(subscribeIdempotencyKey('t1', 'sub_1', 'pro', 'year')).toBe('tenant-t1-subscribe-sub_1-pro-year');
  });

  it("meters the subscription's period, stretched to now, or the calendar month without one", () => {
    const now = new Date('2026-02-14T10:00:00.500Z');
    const nowSeconds = Math.ceil(now.getTime() / 1000);
    expect(usagePeriodOf(undefined, now)).toEqual({
      start: Date.parse('2026-02-01T00:00:00Z') / 1000,
      end: Date.parse('2026-03-01T00:00:00Z') / 1000,
    });
    expect(usagePeriodOf(undefined, new Date('2026-12-31T23:59:59Z')).end).toBe(
      Date.parse('2027-01-01T00:00:00Z') / 1000,
    );
    expect(usagePeriodOf({ currentPeriodStart: 100, currentPeriodEnd: nowSeconds + 60 }, now)).toEqual({
      start: 100,
      end: nowSeconds + 60,
    });
    expect(usagePeriodOf({ currentPeriodStart: 100, currentPeriodEnd: 200 }, now)).toEqual({
      start: 100,
      end: nowSeconds,
    });
  });
});
