import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { classifyError } from '@shared/domain/error-classifier';
import { resetPasswordFormSchema, type ResetPasswordForm } from '@shared/schemas/auth.schema';
import { CenteredLayout } from '../../components/CenteredLayout';
import { FormTextField } from '../../components/forms/FormTextField';
import { useDelayedAction } from '../../components/forms/useDelayedAction';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useResetPasswordMutation } from '../auth';

/** Spec 001 §9: back to sign-in 3 s after a reset. */
export const RESET_REDIRECT_DELAY_MS = 3_000;
export const MISSING_RESET_TOKEN = 'Reset token is missing. Please use the link from your email.';

/** /reset-password?token=… (spec 001 §2 and §4). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || '';
  const navigate = useNavigate();
  const [resetPassword] = useResetPasswordMutation();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const later = useDelayedAction();
  const { control, handleSubmit, formState, reportServerError } = useSchemaForm<ResetPasswordForm>(
    resetPasswordFormSchema,
    {
      password: '',
      confirmPassword: '',
    },
  );

  const onSubmit = async (values: ResetPasswordForm) => {
    setFailure(null);
    try {
      await resetPassword({ token, password: values.password }).unwrap();
      setDone(true);
      later(() => void navigate('/auth', { replace: true }), RESET_REDIRECT_DELAY_MS);
    } catch (error) {
      const message = reportServerError(error, 'Failed to reset password. Please try again.');
      const { kind } = classifyError(error);
      setFailure(kind === 'network' || kind === 'timeout' ? 'Network error. Please try again.' : message);
    }
  };

  const disabled = !token || done;
  return (
    <CenteredLayout title="Reset your password" subtitle="Choose a new password for your Parley account.">
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Reset password">
        <Stack spacing={2.5}>
          {!token && <Alert severity="error">{MISSING_RESET_TOKEN}</Alert>}
          {done && <Alert severity="success">Your password has been reset. Taking you to the sign-in page...</Alert>}
          {failure && <Alert severity="error">{failure}</Alert>}
          <FormTextField
            control={control}
            name="password"
            label="New Password"
            type="password"
            autoComplete="new-password"
            disabled={disabled}
            autoFocus
          />
          <FormTextField
            control={control}
            name="confirmPassword"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            disabled={disabled}
          />
          <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting} disabled={disabled}>
            Reset Password
          </Button>
          <Typography variant="body2" align="center">
            <Link component={RouterLink} to="/auth">
              Back to login
            </Link>
          </Typography>
        </Stack>
      </Box>
    </CenteredLayout>
  );
}
