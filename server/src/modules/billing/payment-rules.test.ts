import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/domain-error';
import { paymentEventWork, portalReturnUrl } from './payment-rules';

describe('payment rules', () => {
  it("applies a subscription's and an invoice's subscription again, and refreshes cards on card events", () => {
    const ids = { subscriptionId: 'sub_1', customerId: 'cus_1' };
    for (const type of ['customer.subscription.updated', 'customer.subscription.deleted', 'invoice.paid']) {
      expect(paymentEventWork({ type, ...ids }), type).toEqual({ subscriptionId: 'sub_1' });
    }
    for (const type of ['setup_intent.succeeded', 'payment_method.attached', 'customer.updated']) {
      expect(paymentEventWork({ type, ...ids }), type).toEqual({ customerId: 'cus_1' });
    }
    expect(paymentEventWork({ type: 'invoice.paid', subscriptionId: null, customerId: 'cus_1' })).toBeNull();
    expect(paymentEventWork({ type: 'payment_method.attached', subscriptionId: null, customerId: null })).toBeNull();
    for (const type of ['customer.updated.extra', 'customer.created', 'charge.succeeded', 'xinvoice.paid']) {
      expect(paymentEventWork({ type, ...ids }), type).toBeNull();
    }
  });

  it("sends the portal's customer back only to our own pages, the billing page by default", () => {
    const origins = new Set(['https://app.example.com']);
    expect(portalReturnUrl(undefined, 'https://app.example.com//', origins)).toBe('https://app.example.com/billing');
    expect(portalReturnUrl('https://app.example.com/x?y=1', 'https://app.example.com', origins)).toBe(
      'https://app.example.com/x?y=1',
    );
    for (const returnUrl of ['https://evil.example.com/billing', 'not a url', 'https://app.example.com.evil.io/']) {
      expect(() => portalReturnUrl(returnUrl, 'https://app.example.com', origins), returnUrl).toThrow(
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          details: { fields: { returnUrl: 'Invalid return URL' } },
        }),
      );
    }
    expect(() => portalReturnUrl('javascript:alert(1)', 'https://app.example.com', origins)).toThrow(DomainError);
  });
});
