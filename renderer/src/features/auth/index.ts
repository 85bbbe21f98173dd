/** What other features and the app frame may use of sign-in and the session. */
export {
  useGetAuthStatusQuery,
  useResendVerificationMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
} from './authApi';
export { logout, startSession } from './sessionActions';
export { CheckYourEmail } from './CheckYourEmail';
export { useRegistration } from './useRegistration';
