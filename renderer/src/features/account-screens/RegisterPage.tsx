import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { standaloneRegisterSchema, type StandaloneRegisterForm } from '@shared/schemas/auth.schema';
import { CenteredLayout } from '../../components/CenteredLayout';
import { InlineSpinner } from '../../components/FullPageSpinner';
import { FormTextField } from '../../components/forms/FormTextField';
import { useDelayedAction } from '../../components/forms/useDelayedAction';
import { serverMessageOr, useSchemaForm } from '../../components/forms/useSchemaForm';
import { CheckYourEmail, useRegistration } from '../auth';
import { useGetInvitationQuery } from './invitationsApi';

/** Spec 001 §9: the standalone registration redirects 2 s after success, to sign-in once the mail is opened. */
export const REGISTER_REDIRECT_DELAY_MS = 2_000;

/** /register: 'Create an Account', or 'Accept Invitation' with ?invitation=token (spec 001 §2 and §4). */
export function RegisterPage() {
  const [params] = useSearchParams();
  const invitationToken = params.get('invitation')?.trim() || '';
  const invitation = useGetInvitationQuery(invitationToken, { skip: !invitationToken });
  const navigate = useNavigate();
  const later = useDelayedAction();
  const [failure, setFailure] = useState<string | null>(null);

  const { control, handleSubmit, setValue, getValues, formState, reportServerError } =
    useSchemaForm<StandaloneRegisterForm>(standaloneRegisterSchema, {
      name: '',
      email: '',
      password: '',
      tenantName: '',
      invitationToken,
    });
  const { registerAccount, registered } = useRegistration(reportServerError);

  const inviteeEmail = invitation.data?.inviteeEmail;
  useEffect(() => {
    if (inviteeEmail) setValue('email', inviteeEmail);
  }, [inviteeEmail, setValue]);

  const onSubmit = async (values: StandaloneRegisterForm) => {
    setFailure(null);
    const outcome = await registerAccount({
      name: values.name,
      email: values.email,
      password: values.password,
      ...(invitationToken ? { invitationToken } : { tenantName: values.tenantName }),
    });
    if ('error' in outcome) {
      setFailure(serverMessageOr(outcome.error, 'Registration failed. Please try again.'));
      return;
    }
    later(
      () =>
        void navigate('/auth', {
          replace: true,
          state: { registeredEmail: values.email, invited: Boolean(invitationToken) },
        }),
      REGISTER_REDIRECT_DELAY_MS,
    );
  };

  const title = invitationToken ? 'Accept Invitation' : 'Create an Account';
  const inviter = invitation.data?.inviter;
  const subtitle = invitation.data
    ? `${inviter ? inviter.username || inviter.email : 'An administrator'} has invited you to join ${invitation.data.tenant.name} on Parley.`
    : invitationToken
      ? undefined
      : 'Start taking calls with AI voice agents.';

  if (invitationToken && invitation.isLoading) {
    return (
      <CenteredLayout title={title}>
        <InlineSpinner label="Loading invitation details..." />
      </CenteredLayout>
    );
  }

  // Once accepted, the invitation reads as used: the page keeps its success rather than showing that.
  if (invitationToken && invitation.isError && !registered) {
    return (
      <CenteredLayout title={title}>
        <Alert severity="error" sx={{ mb: 3 }}>
          <AlertTitle>Failed to load invitation details</AlertTitle>
          {serverMessageOr(invitation.error, 'The link may have expired or already been used.')} Please ask the person
          who invited you to send a new invitation link.
        </Alert>
        <Button component={RouterLink} to="/auth" variant="outlined" fullWidth>
          Back to login
        </Button>
      </CenteredLayout>
    );
  }

  return (
    <CenteredLayout title={title} subtitle={subtitle}>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={title}>
        <Stack spacing={2.5}>
          {registered && <CheckYourEmail email={getValues('email')} invited={Boolean(invitationToken)} />}
          {failure && <Alert severity="error">{failure}</Alert>}
          <FormTextField control={control} name="name" label="Full Name" autoComplete="name" autoFocus />
          <FormTextField
            control={control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            disabled={Boolean(invitationToken)}
          />
          <FormTextField
            control={control}
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
          />
          {!invitationToken && (
            <FormTextField control={control} name="tenantName" label="Company Name" autoComplete="organization" />
          )}
          <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting} disabled={registered}>
            {invitationToken ? 'Accept Invitation' : 'Create Account'}
          </Button>
          <Typography variant="body2" color="textSecondary" align="center">
            Already have an account?{' '}
            <Link component={RouterLink} to="/auth">
              Sign in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </CenteredLayout>
  );
}
