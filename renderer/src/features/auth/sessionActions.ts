import type { AuthResponse } from '@shared/api/auth.types';
import { baseApi } from '../../app/baseApi';
import { navigateTo } from '../../app/navigation';
import { profileLoaded, profileUnavailable, sessionEnded, signedIn, storedSessionLoaded } from '../../app/sessionSlice';
import type { AppDispatch, RootState } from '../../app/store';
import { showToast } from '../../components/toasts/toastSlice';
import { logError, platform } from '../../platform';
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

/** On start: read the stored session and load the profile; a 401 there goes through the refresh (spec 000 §4). */
export function restoreSession() {
  return async (dispatch: AppDispatch, getState: GetState) => {
    const stored = await platform.sessionStore.load().catch((error: unknown) => {
      logError('reading the stored session failed', error);
      return null;
    });
    dispatch(storedSessionLoaded(stored));
    if (!stored) return;
    const result = await dispatch(
      authApi.endpoints.getAuthStatus.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    if (result.data) {
      dispatch(profileLoaded({ user: result.data.user, billingStatus: result.data.billingStatus }));
    } else if (getState().session.accessToken) {
      dispatch(profileUnavailable());
    }
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
