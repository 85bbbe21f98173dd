import { readExpiry, type TestCard } from '@shared/schemas/test-card.schema';
import type { SetupIntentResponse } from '@shared/api/billing.types';
import { PAYMENT_SETUP_FAILED, type ProviderSetupResult } from './cardSetup';

/**
 * Confirms the SetupIntent with the payment emulator as Stripe.js confirms it with the provider: the publishable key,
 * the client secret and the card, form-encoded, to the intent's confirm endpoint.
 */
export async function confirmWithSandbox(intent: SetupIntentResponse, card: TestCard): Promise<ProviderSetupResult> {
  const { month, year } = readExpiry(card.expiry);
  const body = new URLSearchParams({
    key: intent.publishableKey,
    client_secret: intent.clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': card.cardNumber,
    'payment_method_data[card][exp_month]': String(month),
    'payment_method_data[card][exp_year]': String(year),
    'payment_method_data[card][cvc]': card.cvc,
  });
  const url = `${intent.sandboxApiBase ?? ''}/v1/setup_intents/${encodeURIComponent(intent.setupIntentId)}/confirm`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${intent.publishableKey}` },
      body,
    });
    const answer = (await response.json()) as { status?: string; error?: { message?: string } };
    if (answer.error) return { status: null, errorMessage: answer.error.message ?? PAYMENT_SETUP_FAILED };
    return { status: answer.status ?? null, errorMessage: null };
  } catch {
    return { status: null, errorMessage: PAYMENT_SETUP_FAILED };
  }
}
