import { object, type InferType } from 'yup';
import { lowercaseText, text, trimmedText } from './strict-text.schema';

/** Password rules shared by every form and request that sets or checks a password (spec 001 §5). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 256;
const password = () =>
  text()
    .required('Password is required')
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const email = () =>
  lowercaseText().required('Email is required').email('Invalid email address').max(254, 'Email is too long');

export const loginSchema = object({
  email: email(),
  password: text().required('Password is required').max(PASSWORD_MAX, 'Password is too long'),
}).noUnknown('Unknown field: ${unknown}');
export type LoginRequest = InferType<typeof loginSchema>;

export const USERNAME_MIN = 3;
export const registerSchema = object({
  name: trimmedText()
    .optional()
    .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters long`)
    .max(120, 'Name is too long'),
  email: email(),
  password: password(),
  tenantName: trimmedText().optional().min(1, 'Company name is required').max(255, 'Company name is too long'),
  invitationToken: trimmedText().optional().max(200, 'Invitation token is invalid'),
}).noUnknown('Unknown field: ${unknown}');
export type RegisterRequest = InferType<typeof registerSchema>;

/** The standalone /register form: a company is required unless the user accepts an invitation. */
export const standaloneRegisterSchema = object({
  name: trimmedText()
    .required('Full name must be at least 3 characters long')
    .min(USERNAME_MIN, `Full name must be at least ${USERNAME_MIN} characters long`)
    .max(120, 'Name is too long'),
  email: email(),
  password: password(),
  tenantName: trimmedText()
    .max(255, 'Company name is too long')
    .when('invitationToken', {
      is: (token: string | undefined) => !token,
      then: (schema) => schema.required('Company name is required'),
      otherwise: (schema) => schema.optional(),
    }),
  invitationToken: trimmedText().optional(),
});
export type StandaloneRegisterForm = InferType<typeof standaloneRegisterSchema>;

export const refreshSchema = object({
  refreshToken: trimmedText().required('Refresh token is required').max(512, 'Refresh token is invalid'),
}).noUnknown('Unknown field: ${unknown}');
export type RefreshRequest = InferType<typeof refreshSchema>;

export const forgotPasswordSchema = object({
  email: email(),
}).noUnknown('Unknown field: ${unknown}');
export type ForgotPasswordRequest = InferType<typeof forgotPasswordSchema>;

export const resetPasswordSchema = object({
  token: trimmedText().required('Reset token is missing. Please use the link from your email.').max(512),
  password: password(),
}).noUnknown('Unknown field: ${unknown}');
export type ResetPasswordRequest = InferType<typeof resetPasswordSchema>;

/** The reset form adds a confirmation that never leaves the browser. */
export const resetPasswordFormSchema = object({
  password: password(),
  confirmPassword: text()
    .required('Please confirm your password')
    .min(PASSWORD_MIN, 'Please confirm your password')
    .test('matches', "Passwords don't match", function matches(value) {
      return value === this.parent.password;
    }),
});
export type ResetPasswordForm = InferType<typeof resetPasswordFormSchema>;

export const verifyEmailSchema = object({
  token: trimmedText().required('Verification token is missing. Please use the link from your email.').max(512),
}).noUnknown('Unknown field: ${unknown}');
export type VerifyEmailRequest = InferType<typeof verifyEmailSchema>;

export const logoutSchema = object({
  refreshToken: trimmedText().optional().max(512),
}).noUnknown('Unknown field: ${unknown}');
