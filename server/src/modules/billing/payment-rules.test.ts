import { describe, expect, it } from 'vitest';
import type { InvoiceSummary } from '@shared/api/billing.types';
import { DomainError } from '../../domain/domain-error';
import { paymentEventWork, portalReturnUrl, unpaidInvoiceOf } from './payment-rules';

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

describe('unpaidInvoiceOf', () => {
  const invoice = (overrides: Partial<InvoiceSummary>): InvoiceSummary => ({
    id: 'in_1',
    number: 'A-0001',
    status: 'open',
    amountDue: 2900,
    amountPaid: 0,
    currency: 'nzd',
    createdAt: '2026-10-01T00:00:00.000Z',
    periodStart: '2026-10-01T00:00:00.000Z',
    periodEnd: '2026-10-01T00:00:00.000Z',
    attemptCount: 1,
    hostedInvoiceUrl: null,
    ...overrides,
  });

  it('is the oldest open invoice whose payment was refused', () => {
    expect(
      unpaidInvoiceOf([
        invoice({ id: 'in_3', createdAt: '2026-11-01T00:00:00.000Z', amountDue: 3100 }),
        invoice({ id: 'in_2' }),
        invoice({ id: 'in_1', status: 'paid', createdAt: '2026-09-01T00:00:00.000Z' }),
      ]),
    ).toEqual({ amountDue: 2900, currency: 'nzd', dueSince: '2026-10-01T00:00:00.000Z' });
  });

  it('is none when nothing open was tried, or nothing is owed', () => {
    expect(
      unpaidInvoiceOf([invoice({ attemptCount: 0 }), invoice({ amountDue: 0 }), invoice({ status: 'paid' })]),
    ).toBe(null);
  });
});
