import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { forgotPasswordSchema, type ForgotPasswordRequest } from '@shared/schemas/auth.schema';
import { FormTextField } from '../../components/forms/FormTextField';
import { serverMessageOr, sharedSchemaResolver } from '../../components/forms/formHelpers';
import { useDelayedAction } from '../../components/forms/useDelayedAction';
import { useToast } from '../../components/toasts/useToast';
import { useForgotPasswordMutation } from './authApi';

/** Spec 001 §9: the dialog closes 2 s after the e-mail is sent. */
export const FORGOT_PASSWORD_CLOSE_DELAY_MS = 2_000;

export function ForgotPasswordDialog({
  open,
  defaultEmail,
  onClose,
}: {
  open: boolean;
  defaultEmail: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="forgot-password-title">
      {open && <ForgotPasswordContent defaultEmail={defaultEmail} onClose={onClose} />}
    </Dialog>
  );
}

function ForgotPasswordContent({ defaultEmail, onClose }: { defaultEmail: string; onClose: () => void }) {
  const { toast } = useToast();
  const [sendResetEmail] = useForgotPasswordMutation();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const later = useDelayedAction();
  const { control, handleSubmit, formState } = useForm<ForgotPasswordRequest>({
    resolver: sharedSchemaResolver(forgotPasswordSchema),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = async (values: ForgotPasswordRequest) => {
    setFailure(null);
    try {
      await sendResetEmail(values).unwrap();
      setSent(true);
      toast({ title: 'Reset email sent', description: 'Check your email for password reset instructions' });
      later(onClose, FORGOT_PASSWORD_CLOSE_DELAY_MS);
    } catch (error) {
      setFailure('Failed to send password reset email. Please try again.');
      toast({
        title: 'Reset failed',
        description: serverMessageOr(error, 'Failed to send reset email'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <DialogTitle id="forgot-password-title">Reset your password</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            Enter the e-mail address of your account and we will send you a link to choose a new password.
          </DialogContentText>
          {sent && <Alert severity="success">Check your email for password reset instructions.</Alert>}
          {failure && <Alert severity="error">{failure}</Alert>}
          <FormTextField
            control={control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            disabled={sent}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={formState.isSubmitting} disabled={sent}>
          Send Reset Link
        </Button>
      </DialogActions>
    </form>
  );
}
