import Stripe from 'stripe';
import type { ProviderErrorCode } from '@shared/api/error-codes';
import { DomainError } from '../../../domain/domain-error';

/** Stripe's decline codes read as words: insufficient_funds → insufficient funds. */
const words = (code: string) => code.replace(/_/g, ' ');

const failures: Record<string, { code: ProviderErrorCode; message: string }> = {
  StripeAuthenticationError: { code: 'PROVIDER_UNAVAILABLE', message: 'Payment provider rejected our credentials' },
  StripePermissionError: { code: 'PROVIDER_UNAVAILABLE', message: 'Payment provider rejected our credentials' },
  StripeRateLimitError: { code: 'PROVIDER_BUSY', message: 'Payment provider is busy; please try again shortly' },
  StripeConnectionError: { code: 'PROVIDER_UNAVAILABLE', message: 'Payment provider is unavailable; please try again' },
  StripeAPIError: { code: 'PROVIDER_UNAVAILABLE', message: 'Payment provider is unavailable; please try again' },
  StripeIdempotencyError: {
    code: 'PROVIDER_CONFLICT',
    message: 'Payment provider saw this request before with other details; please try again',
  },
};

/** Turns what the SDK throws into a DomainError with a clear message; a declined card says so, with the reason. */
export function mapStripeError(error: unknown): never {
  if (!(error instanceof Stripe.errors.StripeError)) throw error;
  if (error.type === 'StripeCardError') {
    const reason = error.decline_code ?? (error.code && error.code !== 'card_declined' ? error.code : undefined);
    const message = reason ? `${error.message} Reason: ${words(reason)}.` : error.message;
    throw new DomainError('PAYMENT_DECLINED', message);
  }
  const known = failures[error.type];
  if (known) throw new DomainError(known.code, known.message);
  if (error.type === 'StripeInvalidRequestError') {
    if (error.statusCode === 404 || error.code === 'resource_missing') {
      throw new DomainError('PROVIDER_NOT_FOUND', 'The payment provider could not find that item.');
    }
    throw new DomainError('PROVIDER_REJECTED', `Payment provider rejected the request: ${error.message}`);
  }
  throw new DomainError('PROVIDER_UNAVAILABLE', 'Payment provider is unavailable; please try again');
}

/** Runs SDK work with its failures mapped. */
export async function callStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    return mapStripeError(error);
  }
}
