import type { AuthResponse, AuthStatusResponse } from '@shared/api/auth.types';
import { apiRoutes } from '@shared/api/routes';
import type {
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
} from '@shared/schemas/auth.schema';
import { injectEndpoints } from '../../core/baseApi';

interface MessageResponse {
  message: string;
}

/** Sign-in, registration, the account e-mails and the profile (spec 000 §7, spec 001 §7). */
export const authApi = injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, LoginRequest>({
      query: (body) => ({ url: apiRoutes.auth.login.relative(), method: 'POST', body }),
    }),
    register: build.mutation<MessageResponse, RegisterRequest>({
      query: (body) => ({ url: apiRoutes.auth.register.relative(), method: 'POST', body }),
    }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordRequest>({
      query: (body) => ({ url: apiRoutes.auth.forgotPassword.relative(), method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordRequest>({
      query: (body) => ({ url: apiRoutes.auth.resetPassword.relative(), method: 'POST', body }),
    }),
    verifyEmail: build.mutation<MessageResponse, VerifyEmailRequest>({
      query: (body) => ({ url: apiRoutes.auth.verifyEmail.relative(), method: 'POST', body }),
    }),
    resendVerification: build.mutation<MessageResponse, void>({
      query: () => ({ url: apiRoutes.auth.resendVerification.relative(), method: 'POST' }),
    }),
    logout: build.mutation<MessageResponse, { refreshToken?: string }>({
      query: (body) => ({ url: apiRoutes.auth.logout.relative(), method: 'POST', body }),
    }),
    getAuthStatus: build.query<AuthStatusResponse, void>({
      query: () => apiRoutes.auth.status.relative(),
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
