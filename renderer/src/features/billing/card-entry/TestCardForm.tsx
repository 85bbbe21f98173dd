import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { testCardSchema } from '@shared/schemas/test-card.schema';
import { FormDialogBody } from '../../../components/forms/FormDialog';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useSchemaForm } from '../../../components/forms/useSchemaForm';
import type { CardEntryProps } from './cardSetup';
import { confirmWithSandbox } from './sandboxConfirm';

/** The sandbox's card entry: a plain form for test card numbers, confirmed against the payment emulator. */
export function TestCardForm({ intent, complete, onCancel }: CardEntryProps) {
  const { control, handleSubmit, formState } = useSchemaForm(testCardSchema, { cardNumber: '', expiry: '', cvc: '' });
  const [error, setError] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (card) => {
    setError(null);
    setError(await complete(await confirmWithSandbox(intent, card)));
  });

  return (
    <FormDialogBody
      title="Add Payment Method"
      intro="Sandbox mode: use a test card such as 4242 4242 4242 4242 with any future expiry and any CVC."
      onSubmit={onSubmit}
      submitting={formState.isSubmitting}
      submitLabel="Add Card"
      error={error}
      onCancel={onCancel}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="cardNumber"
          label="Card number"
          autoComplete="cc-number"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          required
          autoFocus
        />
        <Stack direction="row" spacing={2}>
          <FormTextField control={control} name="expiry" label="Expiry (MM / YY)" autoComplete="cc-exp" required />
          <FormTextField
            control={control}
            name="cvc"
            label="CVC"
            autoComplete="cc-csc"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            required
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          No real card is charged in the sandbox.
        </Typography>
      </Stack>
    </FormDialogBody>
  );
}
