import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES } from '@shared/api/billing.types';
import { adoptsSubscription, billingStatusFor } from './subscription-rules';

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
});
