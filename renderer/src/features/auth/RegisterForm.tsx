import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormTextField } from '../../components/forms/FormTextField';
import { applyServerFieldErrors, serverMessageOr, sharedSchemaResolver } from '../../components/forms/formHelpers';
import { useToast } from '../../components/toasts/useToast';
import { useRegisterMutation } from './authApi';
import { nameOrEmailLocalPart, registerFormSchema, type RegisterFormValues } from './authForms';

/** Spec 001 §9: the auth page switches to the login tab 1.5 s after registering. */
export const SWITCH_TO_LOGIN_DELAY_MS = 1_500;

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { toast } = useToast();
  const [register, { isSuccess }] = useRegisterMutation();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<RegisterFormValues>({
    resolver: sharedSchemaResolver(registerFormSchema),
    defaultValues: { name: '', email: '', password: '', tenantName: '' },
  });

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onSubmit = async (values: RegisterFormValues) => {
    try {
      await register({ ...values, name: nameOrEmailLocalPart(values.name, values.email) }).unwrap();
      toast({ title: 'Registration successful', description: 'Please check your email to verify your account.' });
      timer.current = setTimeout(() => onRegistered(values.email), SWITCH_TO_LOGIN_DELAY_MS);
    } catch (error) {
      applyServerFieldErrors(error, setError, ['name', 'email', 'password', 'tenantName']);
      toast({
        title: 'Registration failed',
        description: serverMessageOr(error, 'Registration failed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Register">
      <Stack spacing={2.5}>
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
        <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting} disabled={isSuccess}>
          Create Account
        </Button>
      </Stack>
    </Box>
  );
}
