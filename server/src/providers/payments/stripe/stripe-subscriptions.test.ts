import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { SubscriptionItemView, SubscriptionView } from '../payments.types';
import { phoneNumberItems, toSubscriptionView } from './stripe-subscriptions';

const view = (items: SubscriptionItemView[]): SubscriptionView => ({
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  currentPeriodStart: 0,
  currentPeriodEnd: 1,
  cancelAtPeriodEnd: false,
  planId: 'pro',
  tenantId: 't1',
  items,
});
const phoneItem: SubscriptionItemView = {
  id: 'si_phone',
  priceId: 'price_phone',
  kind: 'phone_numbers',
  quantity: 2,
  amount: 600,
  currency: 'usd',
  interval: 'month',
};

describe('phoneNumberItems', () => {
  it('adds, changes, removes or leaves the phone-number item', () => {
    expect(phoneNumberItems(view([]), { priceId: 'price_phone', quantity: 3 })).toEqual([
      { price: 'price_phone', quantity: 3 },
    ]);
    expect(phoneNumberItems(view([]), null)).toEqual([]);
    expect(phoneNumberItems(view([phoneItem]), { priceId: 'price_phone', quantity: 3 })).toEqual([
      { id: 'si_phone', price: 'price_phone', quantity: 3 },
    ]);
    expect(phoneNumberItems(view([phoneItem]), null)).toEqual([{ id: 'si_phone', deleted: true }]);
    expect(phoneNumberItems(view([phoneItem]), { priceId: 'price_phone', quantity: 2 })).toEqual([]);
  });
});

describe('toSubscriptionView', () => {
  const item = (id: string, price: Partial<Stripe.Price>, extra: Partial<Stripe.SubscriptionItem> = {}) => ({
    id,
    price: { id: `price_${id}`, currency: 'usd', metadata: {}, ...price },
    current_period_start: 100,
    current_period_end: 200,
    ...extra,
  });

  it('tells the items apart and takes the period of the flat one', () => {
    const subscription = {
      id: 'sub_1',
      customer: { id: 'cus_1' },
      status: 'past_due',
      start_date: 50,
      cancel_at_period_end: true,
      metadata: { planId: 'pro', tenantId: 't1' },
      items: {
        data: [
          item(
            'metered',
            { recurring: { usage_type: 'metered', interval: 'month' } as Stripe.Price.Recurring },
            {
              current_period_start: 1,
              current_period_end: 2,
            },
          ),
          item('phone', { unit_amount: 300, metadata: { kind: 'phone_numbers' } }, { quantity: 2 }),
          item('flat', { unit_amount: 9900, recurring: { interval: 'year' } as Stripe.Price.Recurring }),
        ],
      },
    } as unknown as Stripe.Subscription;
    const mapped = toSubscriptionView(subscription);
    expect(mapped).toMatchObject({
      customerId: 'cus_1',
      status: 'past_due',
      currentPeriodStart: 100,
      currentPeriodEnd: 200,
      cancelAtPeriodEnd: true,
      planId: 'pro',
      tenantId: 't1',
    });
    expect(mapped.items.map(({ kind, amount, quantity, interval }) => ({ kind, amount, quantity, interval }))).toEqual([
      { kind: 'metered', amount: null, quantity: 1, interval: 'month' },
      { kind: 'phone_numbers', amount: 600, quantity: 2, interval: 'month' },
      { kind: 'flat', amount: 9900, quantity: 1, interval: 'year' },
    ]);
  });

  it('reads an unknown status as incomplete', () => {
    const subscription = {
      id: 'sub_2',
      customer: 'cus_2',
      status: 'paused_forever',
      start_date: 50,
      cancel_at_period_end: false,
      metadata: {},
      items: { data: [] },
    } as unknown as Stripe.Subscription;
    expect(toSubscriptionView(subscription)).toMatchObject({
      status: 'incomplete',
      customerId: 'cus_2',
      currentPeriodStart: 50,
      planId: null,
    });
  });
});
