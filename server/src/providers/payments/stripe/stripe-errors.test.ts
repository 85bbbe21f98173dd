import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { mapStripeError } from './stripe-errors';

const thrown = (error: unknown): unknown => {
  try {
    mapStripeError(error);
  } catch (caught) {
    return caught;
  }
  throw new Error('mapStripeError returned');
};

describe('mapStripeError', () => {
  it('says a card was declined, with the reason in words', () => {
    const declined = new Stripe.errors.StripeCardError({
      message: 'Your card was declined.',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
    expect(thrown(declined)).toMatchObject({
      code: 'PAYMENT_DECLINED',
      message: 'Your card was declined. Reason: insufficient funds.',
    });
    const plain = new Stripe.errors.StripeCardError({ message: 'Your card was declined.', code: 'card_declined' });
    expect(thrown(plain)).toMatchObject({ message: 'Your card was declined.' });
  });

  it('tells a missing item from a rejected request', () => {
    const missing = new Stripe.errors.StripeInvalidRequestError({ message: 'No such price', code: 'resource_missing' });
    expect(thrown(missing)).toMatchObject({ code: 'PROVIDER_NOT_FOUND' });
    const rejected = new Stripe.errors.StripeInvalidRequestError({ message: 'Bad currency' });
    expect(thrown(rejected)).toMatchObject({
      code: 'PROVIDER_REJECTED',
      message: 'Payment provider rejected the request: Bad currency',
    });
  });

  it('maps the busy, credential and replay failures', () => {
    expect(thrown(new Stripe.errors.StripeRateLimitError({ message: 'slow down' }))).toMatchObject({
      code: 'PROVIDER_BUSY',
    });
    expect(thrown(new Stripe.errors.StripeAuthenticationError({ message: 'bad key' }))).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      message: 'Payment provider rejected our credentials',
    });
    expect(thrown(new Stripe.errors.StripeIdempotencyError({ message: 'replayed' }))).toMatchObject({
      code: 'PROVIDER_CONFLICT',
    });
  });

  it('lets our own bugs through unchanged', () => {
    const bug = new TypeError('oops');
    expect(thrown(bug)).toBe(bug);
  });
});
