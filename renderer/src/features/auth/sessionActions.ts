import type { AuthResponse } from '@shared/api/auth.types';
import { baseApi } from '../../core/baseApi';
import { navigateTo } from '../../core/navigation';
import { sessionEnded, signedIn } from '../../core/sessionSlice';
import type { AppDispatch, RootState } from '../../core/store';
import { showToast } from '../../components/toasts/toastSlice';
import { logError } from '../../platform';
import { authApi } from './authApi';

type GetState = () => RootState;

/** Starts a session from a login or registration answer; nothing cached for a previous user survives it. */
export function startSession(response: AuthResponse) {
  return (dispatch: AppDispatch) => {
    dispatch(baseApi.util.resetApiState());
    dispatch(
      signedIn({
        accessToken: response.tokens?.accessToken ?? response.accessToken,
        refreshToken: response.tokens?.refreshToken ?? response.refreshToken,
        user: response.user,
      }),
    );
  };
}

/** Logout (spec 000 §4): tokens and user cleared, off to /auth with its toast; a failed call is only logged. */
export function logout() {
  return async (dispatch: AppDispatch, getState: GetState) => {
    const refreshToken = getState().session.refreshToken ?? undefined;
    try {
      await dispatch(authApi.endpoints.logout.initiate({ refreshToken })).unwrap();
    } catch (error) {
      logError('logout failed', error);
    }
    dispatch(sessionEnded('logout'));
    navigateTo('/auth', { replace: true });
    dispatch(showToast({ title: 'Logged out', description: 'You have been successfully logged out.' }));
    dispatch(baseApi.util.resetApiState());
  };
}
