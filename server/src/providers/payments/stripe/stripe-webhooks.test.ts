import { describe, expect, it } from 'vitest';
import { eventSubjects } from './stripe-webhooks';

describe('eventSubjects', () => {
  it('finds the subscription and customer of each kind of object', () => {
    expect(eventSubjects({ object: 'subscription', id: 'sub_1', customer: 'cus_1' })).toEqual({
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
    });
    expect(
      eventSubjects({
        object: 'invoice',
        id: 'in_1',
        customer: { id: 'cus_1' },
        parent: { subscription_details: { subscription: 'sub_1' } },
      }),
    ).toEqual({ subscriptionId: 'sub_1', customerId: 'cus_1' });
    expect(eventSubjects({ object: 'invoice', id: 'in_2', customer: 'cus_1', parent: null })).toEqual({
      subscriptionId: null,
      customerId: 'cus_1',
    });
    expect(eventSubjects({ object: 'customer', id: 'cus_9' })).toEqual({ subscriptionId: null, customerId: 'cus_9' });
    expect(eventSubjects({ object: 'payment_method', id: 'pm_1', customer: null })).toEqual({
      subscriptionId: null,
      customerId: null,
    });
  });
});
