import { useCallback, useEffect, useState } from 'react';
import type { SetupIntentResponse } from '@shared/api/billing.types';
import { serverMessageOr } from '../../../components/forms/useSchemaForm';
import { useToast } from '../../../components/toasts/useToast';
import { useAppDispatch } from '../../../core/hooks';
import { billingChanged, useConfirmPaymentMethodMutation, useCreateSetupIntentMutation } from '../billingApi';

export const PAYMENT_SETUP_FAILED = 'Payment method setup failed';
export const CARD_ELEMENT_NOT_FOUND = 'Card element not found';

/** What the payment provider said to the card confirmation (step 2 of spec 001 §4). */
export interface ProviderSetupResult {
  /** The SetupIntent's status; only 'succeeded' lets the card through. */
  status: string | null;
  /** The provider's own message (a declined card says why); shown as it is. */
  errorMessage: string | null;
}

/** The intent the card is confirmed against, and how a form hands its confirmation back. */
export interface CardEntryProps {
  intent: SetupIntentResponse;
  /** Completes the setup after the provider's answer; resolves to the message to show, or null when the card is on file. */
  complete: (result: ProviderSetupResult) => Promise<string | null>;
  onCancel: () => void;
}

/**
 * Adding a card (spec 001 §4): (1) a setup intent when the form opens; then, after the form confirmed the card with
 * the provider (2), (3) confirm-payment-method on our server, (4) a new access token and (5) billing refetched; the
 * user hears of it by toast.
 */
export function useCardSetup(onAdded: () => void) {
  const [createSetupIntent, setupIntent] = useCreateSetupIntentMutation();
  const [confirmPaymentMethod] = useConfirmPaymentMethodMutation();
  const { toast } = useToast();
  const dispatch = useAppDispatch();
  const [intent, setIntent] = useState<SetupIntentResponse | null>(null);
  const [intentError, setIntentError] = useState<string | null>(null);

  useEffect(() => {
    createSetupIntent()
      .unwrap()
      .then(setIntent, (error: unknown) => setIntentError(serverMessageOr(error, PAYMENT_SETUP_FAILED)));
  }, [createSetupIntent]);

  const complete = useCallback(
    async ({ status, errorMessage }: ProviderSetupResult): Promise<string | null> => {
      const failed = (message: string) => {
        toast({ title: 'Payment setup failed', description: message, variant: 'destructive' });
        return message;
      };
      if (errorMessage) return failed(errorMessage);
      if (status !== 'succeeded' || !intent) return failed(PAYMENT_SETUP_FAILED);
      try {
        await confirmPaymentMethod({ setupIntentId: intent.setupIntentId }).unwrap();
        await dispatch(billingChanged());
      } catch (error) {
        return failed(serverMessageOr(error, PAYMENT_SETUP_FAILED));
      }
      toast({ title: 'Payment method added', description: 'Your card is on file.' });
      onAdded();
      return null;
    },
    [confirmPaymentMethod, dispatch, intent, onAdded, toast],
  );

  return { intent, intentError, loadingIntent: setupIntent.isLoading, complete };
}
