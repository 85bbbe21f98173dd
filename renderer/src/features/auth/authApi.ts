import type { AuthResponse, AuthStatusResponse } from '@shared/api/auth.types';
import type {
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
} from '@shared/schemas/auth.schema';
import { injectEndpoints } from '../../app/baseApi';

interface MessageResponse {
  message: string;
}

/** Sign-in, registration, the account e-mails and the profile (spec 000 §7, spec 001 §7). */
export const authApi = injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, LoginRequest>({
      query: (body) => ({ url: 'auth/custom/login', method: 'POST', body }),
    }),
    register: build.mutation<AuthResponse, RegisterRequest>({
      query: (body) => ({ url: 'auth/custom/register', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordRequest>({
      query: (body) => ({ url: 'auth/custom/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordRequest>({
      query: (body) => ({ url: 'auth/custom/reset-password', method: 'POST', body }),
    }),
    verifyEmail: build.mutation<MessageResponse, VerifyEmailRequest>({
      query: (body) => ({ url: 'auth/verify-email', method: 'POST', body }),
    }),
    resendVerification: build.mutation<MessageResponse, void>({
      query: () => ({ url: 'auth/resend-verification', method: 'POST' }),
    }),
    logout: build.mutation<MessageResponse, { refreshToken?: string }>({
      query: (body) => ({ url: 'auth/logout', method: 'POST', body }),
    }),
    getAuthStatus: build.query<AuthStatusResponse, void>({
      query: () => 'auth/status',
      providesTags: ['Profile'],
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useLogoutMutation,
  useGetAuthStatusQuery,
} = authApi;
