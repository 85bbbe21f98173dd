import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { SUPPORT_EMAIL } from '../../core/config';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { navigateTo } from '../../core/navigation';
import { paymentDialogClosed, selectPaymentRequired } from '../../components/billing/paymentRequiredSlice';
import { useOpenCustomerPortalMutation } from './billingPortalApi';

export const DEFAULT_PAYMENT_MESSAGE = 'Please update your payment method to continue using the service.';

export function billingStatusText(billingStatus: string | null): string {
  if (billingStatus === 'delinquent') return 'Your payment method has failed or your account is past due.';
  if (billingStatus === 'canceled') return 'Your subscription has been canceled.';
  return 'There is an issue with your billing status.';
}

/** Opened by any 402 carrying requiresPayment (spec 000 §2). */
export function PaymentRequiredDialog() {
  const dispatch = useAppDispatch();
  const { open, billingStatus, message } = useAppSelector(selectPaymentRequired);
  const [openPortal, { isLoading }] = useOpenCustomerPortalMutation();
  const close = () => dispatch(paymentDialogClosed());

  const updatePaymentMethod = async () => {
    let url: string | undefined;
    try {
      url = (await openPortal({ returnUrl: window.location.href }).unwrap()).url;
    } catch {
      url = undefined;
    }
    close();
    if (url) window.location.assign(url);
    else navigateTo('/billing');
  };

  const mailto = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Billing support')}`;

  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby="payment-required-title">
      <DialogTitle id="payment-required-title">
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <CreditCardIcon color="error" />
          <span>Payment Required</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ color: 'text.primary', mb: 1.5 }}>
          {billingStatusText(billingStatus)}
        </DialogContentText>
        <DialogContentText>{message || DEFAULT_PAYMENT_MESSAGE}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} color="inherit">
          Close
        </Button>
        <Button component="a" href={mailto} variant="outlined">
          Contact Support
        </Button>
        <Button variant="contained" onClick={() => void updatePaymentMethod()} loading={isLoading}>
          Update Payment Method
        </Button>
      </DialogActions>
    </Dialog>
  );
}
