import { combineSlices, configureStore, createDynamicMiddleware, type WithSlice } from '@reduxjs/toolkit';
import { paymentRequiredSlice } from '../components/billing/paymentRequiredSlice';
import { connectivitySlice } from '../components/connectivity/connectivitySlice';
import { notificationsSlice } from '../components/notifications/notificationsSlice';
import { toastSlice } from '../components/toasts/toastSlice';
import { platform, type SessionStore } from '../platform';
import type { baseApi } from './baseApi';
import { rememberSessionEnd } from './sessionEndNotice';
import { sessionSlice, sessionSynced } from './sessionSlice';

type ApiSlice = typeof baseApi;

const rootReducer = combineSlices(
  sessionSlice,
  toastSlice,
  connectivitySlice,
  paymentRequiredSlice,
  notificationsSlice,
).withLazyLoadedSlices<WithSlice<ApiSlice>>();
const apiMiddleware = createDynamicMiddleware();

/**
 * Puts the API slice (RTK Query) into the store when its module first loads. A visitor's first screen needs none of
 * it — only signing in, a stored session or a signed-in page does — so it stays out of the first load.
 */
export function installApi(api: ApiSlice): void {
  rootReducer.inject(api);
  apiMiddleware.addMiddleware(api.middleware);
}

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(apiMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/**
 * Keeps the stored session in step with the store: every change of tokens or user is saved, sign-out clears it, and
 * changes made by another tab or window come back in.
 */
export function persistSession(store: AppStore, sessionStore: SessionStore = platform.sessionStore): () => void {
  let last = store.getState().session;
  const unsubscribeStore = store.subscribe(() => {
    const session = store.getState().session;
    if (session.endedReason !== last.endedReason) rememberSessionEnd(session.endedReason);
    if (
      session.accessToken === last.accessToken &&
      session.refreshToken === last.refreshToken &&
      session.user === last.user
    ) {
      last = session;
      return;
    }
    last = session;
    if (session.accessToken && session.refreshToken) {
      void sessionStore.save({
        accessToken: session.accessToken,
        refreshToken: session.refreshToken,
        user: session.user,
      });
    } else if (session.status !== 'restoring') {
      void sessionStore.clear();
    }
  });
  const unsubscribeStorage = sessionStore.subscribe((stored) => store.dispatch(sessionSynced(stored)));
  return () => {
    unsubscribeStore();
    unsubscribeStorage();
  };
}
