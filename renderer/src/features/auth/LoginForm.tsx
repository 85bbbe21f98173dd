import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { classifyError } from '@shared/domain/error-classifier';
import { useAppDispatch } from '../../core/hooks';
import { FormTextField } from '../../components/forms/FormTextField';
import { serverMessageOr, useSchemaForm } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import type { LoginFormValues } from './authForms';

export const LOGIN_FAILED_TEXT = 'Login failed. Please check your credentials.';

/** /auth is the first screen of most visits: its schema, and yup with it, load when the form is first checked. */
const loadLoginSchema = async () => (await import('./authForms')).loginFormSchema;

export function LoginForm({
  defaultEmail,
  onForgotPassword,
}: {
  defaultEmail: string;
  onForgotPassword: (email: string) => void;
}) {
  const dispatch = useAppDispatch();
  const { toast } = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, getValues, formState, reportServerError } = useSchemaForm<LoginFormValues>(
    loadLoginSchema,
    { email: defaultEmail, password: '' },
  );

  const onSubmit = async (values: LoginFormValues) => {
    setFailure(null);
    try {
      // The API arrives with the first sign-in, not with the form (see installApi).
      const [{ authApi }, { startSession }] = await Promise.all([import('./authApi'), import('./sessionActions')]);
      const response = await dispatch(authApi.endpoints.login.initiate(values, { track: false })).unwrap();
      if (!response.user.emailVerified) {
        toast({ title: 'Email not verified', description: 'Please check your email to verify your account.' });
      }
      dispatch(startSession(response));
    } catch (error) {
      const message = reportServerError(error, 'Invalid credentials') ?? 'Invalid credentials';
      toast({ title: 'Login failed', description: message, variant: 'destructive' });
      setFailure(
        classifyError(error).code === 'AUTH_INVALID_CREDENTIALS'
          ? LOGIN_FAILED_TEXT
          : serverMessageOr(error, LOGIN_FAILED_TEXT),
      );
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Login">
      <Stack spacing={2.5}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" autoFocus />
        <FormTextField
          control={control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => onForgotPassword(getValues('email') ?? '')}
          >
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
          Sign In
        </Button>
      </Stack>
    </Box>
  );
}
