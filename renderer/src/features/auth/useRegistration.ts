import type { RegisterRequest } from '@shared/schemas/auth.schema';
import type { SchemaForm } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { useRegisterMutation } from './authApi';

/** The server answers a new and a taken address alike, with no session: the user signs in after the mailed link. */
export type RegistrationOutcome = { sent: true } | { error: unknown };

/**
 * Registration as both registration forms report it (spec 001 §5): a toast either way, and the server's messages
 * beside the fields of the form they name. `registered` stays true once an account has been made.
 */
export function useRegistration(reportServerError: SchemaForm<RegisterRequest>['reportServerError']) {
  const [register, { isSuccess }] = useRegisterMutation();
  const { toast } = useToast();

  const registerAccount = async (request: RegisterRequest): Promise<RegistrationOutcome> => {
    try {
      await register(request).unwrap();
      toast({ title: 'Registration successful', description: 'Please check your email to verify your account.' });
      return { sent: true };
    } catch (error) {
      toast({
        title: 'Registration failed',
        description: reportServerError(error, 'Registration failed') ?? 'Registration failed',
        variant: 'destructive',
      });
      return { error };
    }
  };

  return { registerAccount, registered: isSuccess };
}
