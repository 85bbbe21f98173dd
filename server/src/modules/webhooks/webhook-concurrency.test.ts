import { describe, expect, it } from 'vitest';
import { createDeliverySlots } from './webhook-concurrency';

describe('delivery slots', () => {
  it('bounds deliveries per endpoint and per tenant, and a freed slot goes to a waiter that fits', async () => {
    const slots = createDeliverySlots({ perEndpoint: 1, perTenant: 2 });
    expect(await slots.take('t1', 'e1', 0)).toBe(true);
    expect(await slots.take('t1', 'e1', 0)).toBe(false);
    expect(await slots.take('t1', 'e2', 0)).toBe(true);
    expect(await slots.take('t1', 'e3', 0)).toBe(false);
    // Another tenant is not held up by the first one's bound.
    expect(await slots.take('t2', 'e4', 0)).toBe(true);

    const waiting = slots.take('t1', 'e3', 60_000);
    slots.give('t1', 'e2');
    expect(await waiting).toBe(true);
  });
});
