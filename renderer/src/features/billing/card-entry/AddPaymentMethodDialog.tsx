import { Suspense } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazyComponent } from '../../../core/lazyComponent';
import { FormDialog, FormDialogBody } from '../../../components/forms/FormDialog';
import { useCardSetup } from './cardSetup';
import { TestCardForm } from './TestCardForm';

const StripeCardForm = lazyComponent(() => import('./StripeCardForm'), 'StripeCardForm');

interface AddPaymentMethodDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the card is on file, the token refreshed and billing refetched. */
  onAdded?: () => void;
}

/** Card entry (spec 001 §2 and §4): Stripe Elements with live keys, a plain test-card form in the sandbox. */
export function AddPaymentMethodDialog({ open, onClose, onAdded }: AddPaymentMethodDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} maxWidth="xs">
      <CardEntry
        onCancel={onClose}
        onAdded={() => {
          onClose();
          onAdded?.();
        }}
      />
    </FormDialog>
  );
}

function Waiting() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
      <CircularProgress aria-label="Preparing card entry" />
    </Box>
  );
}

function CardEntry({ onCancel, onAdded }: { onCancel: () => void; onAdded: () => void }) {
  const { intent, intentError, complete } = useCardSetup(onAdded);
  if (intentError || !intent) {
    // Until the setup intent is there (or when it could not be made), the card cannot be entered.
    return (
      <FormDialogBody
        title="Add Payment Method"
        onSubmit={async () => {}}
        submitting={false}
        submitLabel="Add Card"
        submitDisabled
        error={intentError}
        onCancel={onCancel}
      >
        {!intentError && <Waiting />}
      </FormDialogBody>
    );
  }
  const props = { intent, complete, onCancel };
  if (intent.sandboxApiBase) return <TestCardForm {...props} />;
  return (
    <Suspense fallback={<Waiting />}>
      <StripeCardForm {...props} />
    </Suspense>
  );
}
