import { recallSessionEnd } from '../../core/sessionEndNotice';
import { profileLoaded, profileUnavailable, sessionEnded, storedSessionLoaded } from '../../core/sessionSlice';
import type { AppDispatch, RootState } from '../../core/store';
import { logError, platform } from '../../platform';

/**
 * On start: read the stored session and load the profile; a 401 there goes through the refresh (spec 000 §4). Only
 * a stored session needs the API now, so a visitor's first screen loads without it.
 */
export function restoreSession() {
  return async (dispatch: AppDispatch, getState: () => RootState) => {
    const stored = await platform.sessionStore.load().catch((error: unknown) => {
      logError('reading the stored session failed', error);
      return null;
    });
    dispatch(storedSessionLoaded(stored));
    if (!stored) {
      const endedReason = recallSessionEnd();
      if (endedReason) dispatch(sessionEnded(endedReason));
      return;
    }
    try {
      const { authApi } = await import('./authApi');
      const result = await dispatch(
        authApi.endpoints.getAuthStatus.initiate(undefined, { subscribe: false, forceRefetch: true }),
      );
      if (result.data) {
        dispatch(profileLoaded({ user: result.data.user, billingStatus: result.data.billingStatus }));
        return;
      }
    } catch (error) {
      logError('loading the API failed', error);
    }
    if (getState().session.accessToken) dispatch(profileUnavailable());
  };
}
