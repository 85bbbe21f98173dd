import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { forgotPasswordSchema, type ForgotPasswordRequest } from '@shared/schemas/auth.schema';
import { FormDialog, FormDialogBody } from '../../components/forms/FormDialog';
import { FormTextField } from '../../components/forms/FormTextField';
import { useDelayedAction } from '../../components/forms/useDelayedAction';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
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
    <FormDialog open={open} onClose={onClose} maxWidth="xs">
      <ForgotPasswordForm defaultEmail={defaultEmail} onClose={onClose} />
    </FormDialog>
  );
}

function ForgotPasswordForm({ defaultEmail, onClose }: { defaultEmail: string; onClose: () => void }) {
  const { toast } = useToast();
  const [sendResetEmail] = useForgotPasswordMutation();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const later = useDelayedAction();
  const { control, handleSubmit, formState, reportServerError } = useSchemaForm<ForgotPasswordRequest>(
    forgotPasswordSchema,
    { email: defaultEmail },
  );

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
        description: reportServerError(error, 'Failed to send reset email') ?? 'Failed to send reset email',
        variant: 'destructive',
      });
    }
  };

  return (
    <FormDialogBody
      title="Reset your password"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
      onSubmit={handleSubmit(onSubmit)}
      submitting={formState.isSubmitting}
      submitLabel="Send Reset Link"
      submitDisabled={sent}
      error={failure}
      onCancel={onClose}
    >
      {sent && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Check your email for password reset instructions.
        </Alert>
      )}
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        disabled={sent}
      />
    </FormDialogBody>
  );
}
