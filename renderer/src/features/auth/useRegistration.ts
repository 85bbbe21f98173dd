import type { UseFormSetError } from 'react-hook-form';
import type { AuthResponse } from '@shared/api/auth.types';
import type { RegisterRequest } from '@shared/schemas/auth.schema';
import { applyServerFieldErrors, serverMessageOr } from '../../components/forms/formHelpers';
import { useToast } from '../../components/toasts/useToast';
import { useRegisterMutation } from './authApi';

/** The fields of both registration forms; the server's 400 may name any of them. */
interface RegistrationFields {
  name?: string;
  email: string;
  password: string;
  tenantName?: string;
}

export type RegistrationOutcome = { session: AuthResponse } | { error: unknown };

/**
 * Registration as both registration forms report it (spec 001 §5): a toast either way, and the server's messages
 * beside the fields they name. `registered` stays true once an account has been made.
 */
export function useRegistration(setError: UseFormSetError<RegistrationFields>) {
  const [register, { isSuccess }] = useRegisterMutation();
  const { toast } = useToast();

  const registerAccount = async (request: RegisterRequest): Promise<RegistrationOutcome> => {
    try {
      const session = await register(request).unwrap();
      toast({ title: 'Registration successful', description: 'Please check your email to verify your account.' });
      return { session };
    } catch (error) {
      applyServerFieldErrors(error, setError, ['name', 'email', 'password', 'tenantName']);
      toast({
        title: 'Registration failed',
        description: serverMessageOr(error, 'Registration failed'),
        variant: 'destructive',
      });
      return { error };
    }
  };

  return { registerAccount, registered: isSuccess };
}
