import type Stripe from 'stripe';
import type { PaymentsProvider, SetupIntentView } from '../payments.types';
import { callStripe } from './stripe-errors';
import { idOf } from './stripe-ids';

export function toSetupIntentView(intent: Stripe.SetupIntent): SetupIntentView {
  return {
    id: intent.id,
    customerId: idOf(intent.customer),
    clientSecret: intent.client_secret ?? '',
    status: intent.status,
    paymentMethodId: idOf(intent.payment_method),
    lastError: intent.last_setup_error?.message ?? null,
  };
}

/** Setup intents: how a card is saved for charges made later, without the customer present. */
export function stripeSetupIntents(
  stripe: Stripe,
): Pick<PaymentsProvider, 'createSetupIntent' | 'retrieveSetupIntent' | 'confirmSetupIntent'> {
  return {
    createSetupIntent: (customerId) =>
      callStripe(async () =>
        toSetupIntentView(
          await stripe.setupIntents.create({
            customer: customerId,
            usage: 'off_session',
            allowed_payment_method_types: ['card'],
          }),
        ),
      ),

    retrieveSetupIntent: (setupIntentId) =>
      callStripe(async () => toSetupIntentView(await stripe.setupIntents.retrieve(setupIntentId))),

    confirmSetupIntent: (setupIntentId, paymentMethodId) =>
      callStripe(async () =>
        toSetupIntentView(await stripe.setupIntents.confirm(setupIntentId, { payment_method: paymentMethodId })),
      ),
  };
}
