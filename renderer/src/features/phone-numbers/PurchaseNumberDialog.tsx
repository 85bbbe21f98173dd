import type { AvailablePhoneNumber, PhoneBillingResponse } from '@shared/api/phone-numbers.types';
import { formatMoney } from '@shared/domain/format';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { DialogConfirmActions } from '../../components/DialogConfirmActions';
import { NumberBadges, placeOf } from './NumberBadges';

interface PurchaseNumberDialogProps {
  /** The number chosen from the search; the dialog is open while there is one. */
  number: AvailablePhoneNumber | null;
  /** The tenant's number billing: eligibility for the purchase and the currency of its cost. */
  billing: PhoneBillingResponse | undefined;
  purchasing: boolean;
  error: string | null;
  onConfirm: (number: AvailablePhoneNumber) => void;
  onCancel: () => void;
}

/** The confirmation before a number is bought (spec 000 §4): what it is and what it adds to the bill. */
export function PurchaseNumberDialog({
  number,
  billing,
  purchasing,
  error,
  onConfirm,
  onCancel,
}: PurchaseNumberDialogProps) {
  const eligibility = billing?.eligibility;
  const included = eligibility ? eligibility.nextNumberCost === 0 : false;
  return (
    <Dialog
      open={Boolean(number)}
      onClose={purchasing ? undefined : onCancel}
      fullWidth
      maxWidth="xs"
      aria-labelledby="purchase-number-title"
    >
      <DialogTitle id="purchase-number-title">Confirm Phone Number</DialogTitle>
      {number && (
        <DialogContent>
          <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover', mb: 2 }}>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
              {formatPhoneNumber(number.phoneNumber)}
            </Typography>
            <Typography color="text.secondary">{number.friendlyName}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {placeOf(number)}
            </Typography>
            <NumberBadges number={number} />
          </Box>
          {eligibility && (
            <Typography sx={{ mb: 1 }} data-testid="purchase-cost">
              {included
                ? 'This number is included in your plan at no extra monthly cost.'
                : `This number adds ${formatMoney(eligibility.nextNumberCost, billing.currency)} per month to your bill.`}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            It is yours as soon as you confirm, ready to assign to an agent.
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
      )}
      <DialogConfirmActions
        confirmLabel={included ? 'Confirm Selection' : 'Confirm Purchase'}
        onConfirm={() => number && onConfirm(number)}
        onCancel={onCancel}
        busy={purchasing}
      />
    </Dialog>
  );
}
