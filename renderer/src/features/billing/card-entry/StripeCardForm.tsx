import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { FormDialogBody } from '../../../components/forms/FormDialog';
import { CARD_ELEMENT_NOT_FOUND, type CardEntryProps } from './cardSetup';

/** Stripe.js Elements with live keys (loaded only here, in this lazy chunk: it cannot load offline). */
export function StripeCardForm(props: CardEntryProps) {
  const stripe = useMemo(() => loadStripe(props.intent.publishableKey), [props.intent.publishableKey]);
  return (
    <Elements stripe={stripe}>
      <CardFields {...props} />
    </Elements>
  );
}

function CardFields({ intent, complete, onCancel }: CardEntryProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) {
      setError(CARD_ELEMENT_NOT_FOUND);
      return;
    }
    setSubmitting(true);
    setError(null);
    const { setupIntent, error: providerError } = await stripe.confirmCardSetup(intent.clientSecret, {
      payment_method: { card },
    });
    setError(await complete({ status: setupIntent?.status ?? null, errorMessage: providerError?.message ?? null }));
    setSubmitting(false);
  };

  return (
    <FormDialogBody
      title="Add Payment Method"
      onSubmit={onSubmit}
      submitting={submitting}
      submitLabel="Add Card"
      submitDisabled={!stripe}
      error={error}
      onCancel={onCancel}
    >
      <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }} aria-label="Card details">
        <CardElement options={{ hidePostalCode: true }} />
      </Box>
    </FormDialogBody>
  );
}
