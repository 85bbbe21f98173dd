import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormTextField } from '../../components/forms/FormTextField';
import { useDelayedAction } from '../../components/forms/useDelayedAction';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { nameOrEmailLocalPart, registerFormSchema, type RegisterFormValues } from './authForms';
import { CheckYourEmail } from './CheckYourEmail';
import { useRegistration } from './useRegistration';

/** Spec 001 §9: the auth page switches to the login tab 1.5 s after registering. */
export const SWITCH_TO_LOGIN_DELAY_MS = 1_500;

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const later = useDelayedAction();
  const { control, handleSubmit, formState, reportServerError, getValues } = useSchemaForm<RegisterFormValues>(
    registerFormSchema,
    {
      name: '',
      email: '',
      password: '',
      tenantName: '',
    },
  );
  const { registerAccount, registered } = useRegistration(reportServerError);

  const onSubmit = async (values: RegisterFormValues) => {
    const outcome = await registerAccount({ ...values, name: nameOrEmailLocalPart(values.name, values.email) });
    if ('sent' in outcome) later(() => onRegistered(values.email), SWITCH_TO_LOGIN_DELAY_MS);
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Register">
      <Stack spacing={2.5}>
        {registered && <CheckYourEmail email={getValues('email')} />}
        <FormTextField control={control} name="name" label="Full Name" autoComplete="name" autoFocus />
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
        <FormTextField
          control={control}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          helperText="At least 6 characters"
        />
        <FormTextField
          control={control}
          name="tenantName"
          label="Company Name"
          autoComplete="organization"
          helperText="Optional: the name of your business"
        />
        <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting} disabled={registered}>
          Create Account
        </Button>
      </Stack>
    </Box>
  );
}
