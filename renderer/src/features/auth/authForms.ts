import { string, type InferType } from 'yup';
import { loginSchema, PASSWORD_MAX, PASSWORD_MIN, registerSchema } from '@shared/schemas/auth.schema';

/** The login form adds the 6-character password rule of spec 001 §5 to the shared request schema. */
export const loginFormSchema = loginSchema.shape({
  password: string()
    .required('Password is required')
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, 'Password is too long'),
});
export type LoginFormValues = InferType<typeof loginFormSchema>;

export const registerFormSchema = registerSchema;
export type RegisterFormValues = InferType<typeof registerFormSchema>;

/** Spec 000 §5: without a name, the part of the e-mail before the @ is used. */
export function nameOrEmailLocalPart(name: string | undefined, email: string): string {
  return name?.trim() || email.split('@')[0] || email;
}
