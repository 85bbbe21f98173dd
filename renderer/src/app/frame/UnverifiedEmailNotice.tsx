import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useToast } from '../../components/toasts/useToast';
import { useResendVerificationMutation } from '../../features/auth';
import { useAppSelector } from '../../core/hooks';
import { selectCurrentUser } from '../../core/sessionSlice';

/** A user with an unverified e-mail is let in, with this notice (spec 000 §4). */
export function UnverifiedEmailNotice() {
  const user = useAppSelector(selectCurrentUser);
  const [dismissed, setDismissed] = useState(false);
  const [resend, { isLoading, isSuccess }] = useResendVerificationMutation();
  const { toast, toastError } = useToast();
  if (!user || user.emailVerified || dismissed) return null;

  const onResend = async () => {
    try {
      await resend().unwrap();
      toast({ title: 'Verification email sent', description: 'Please check your email to verify your account.' });
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Alert
      severity="info"
      square
      onClose={() => setDismissed(true)}
      sx={{ borderRadius: 0, borderBottom: 1, borderColor: 'divider', alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" disabled={isLoading || isSuccess} onClick={() => void onResend()}>
          {isSuccess ? 'Email sent' : 'Resend email'}
        </Button>
      }
    >
      Email not verified: Please check your email to verify your account.
    </Alert>
  );
}
