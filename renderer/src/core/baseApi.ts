import {
  createApi,
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import type { TokenPair } from '@shared/api/auth.types';
import { apiRoutes } from '@shared/api/routes';
import { classifyError, SESSION_EXPIRED_MESSAGE } from '@shared/domain/error-classifier';
import { retryDelayMs, shouldRetry } from '@shared/domain/retry-policy';
import { paymentRequired } from '../components/billing/paymentRequiredSlice';
import { networkFailureObserved } from '../components/connectivity/connectivitySlice';
import { platform } from '../platform';
import { QUERY_FRESHNESS_SEC, REQUEST_TIMEOUT_MS } from './config';
import { navigateTo } from './navigation';
import { selectAccessToken, sessionEnded, tokensRefreshed, type SessionState } from './sessionSlice';
import { installApi } from './store';

type Args = string | FetchArgs;
type Result = Awaited<ReturnType<BaseQueryFn<Args, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>>>;
type WithSession = { session: SessionState };

const rawBaseQuery = fetchBaseQuery({
  baseUrl: platform.apiBaseUrl,
  credentials: 'same-origin',
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders(headers, { getState }) {
    const token = selectAccessToken(getState() as WithSession);
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Calls that never trade a 401 for a token refresh: signing in and the account e-mails. */
const { login, register, refresh, forgotPassword, resetPassword, verifyEmail } = apiRoutes.auth;
const NO_REFRESH = new Set(
  [login, register, refresh, forgotPassword, resetPassword, verifyEmail].map((route) => route.relative()),
);

function urlOf(args: Args): string {
  return typeof args === 'string' ? args : args.url;
}

/** Reads either shape the refresh call may answer with (spec 000 §7). */
function readTokenPair(data: unknown): TokenPair | null {
  if (!data || typeof data !== 'object') return null;
  const body = data as Partial<TokenPair> & { tokens?: Partial<TokenPair> };
  const accessToken = body.accessToken ?? body.tokens?.accessToken;
  const refreshToken = body.refreshToken ?? body.tokens?.refreshToken;
  return accessToken && refreshToken ? { accessToken, refreshToken } : null;
}

type RefreshOutcome = { ok: true } | { ok: false; fatal: boolean; error: FetchBaseQueryError };

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * One refresh at a time, shared by every request that met a 401 meanwhile, and serialised across tabs: a tab that
 * finds the pair already rotated by another tab adopts it instead of spending the old refresh token.
 */
function refreshTokens(api: BaseQueryApi, extraOptions: object): Promise<RefreshOutcome> {
  refreshing ??= platform
    .withLock('token-refresh', async (): Promise<RefreshOutcome> => {
      const session = (api.getState() as WithSession).session;
      const stored = await platform.sessionStore.load();
      if (stored && stored.refreshToken !== session.refreshToken && stored.accessToken !== session.accessToken) {
        api.dispatch(tokensRefreshed({ accessToken: stored.accessToken, refreshToken: stored.refreshToken }));
        return { ok: true };
      }
      if (!session.refreshToken) {
        return { ok: false, fatal: true, error: { status: 401, data: { message: SESSION_EXPIRED_MESSAGE } } };
      }
      // The refresh belongs to every waiting request, so it must not die with the one that started it.
      const detached = { ...api, signal: new AbortController().signal };
      const result = await rawBaseQuery(
        { url: apiRoutes.auth.refresh.relative(), method: 'POST', body: { refreshToken: session.refreshToken } },
        detached,
        extraOptions,
      );
      const pair = readTokenPair(result.data);
      if (pair) {
        api.dispatch(tokensRefreshed(pair));
        await platform.sessionStore.save({ ...pair, user: (api.getState() as WithSession).session.user });
        return { ok: true };
      }
      const error: FetchBaseQueryError = result.error ?? { status: 'CUSTOM_ERROR', error: 'Invalid refresh response' };
      // Only the server's refusal ends the session; an unreachable server leaves it for another try.
      const fatal =
        typeof error.status === 'number' && error.status >= 400 && error.status < 500 && error.status !== 429;
      return { ok: false, fatal, error };
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * Trades the refresh token for a new access token now, so that the token carries billing the server just changed
 * (spec 001 §4); the billing gate reads the billing status from it. True when the session has its new token.
 */
export function refreshAccessToken() {
  return async (dispatch: BaseQueryApi['dispatch'], getState: BaseQueryApi['getState']): Promise<boolean> => {
    const controller = new AbortController();
    const api: BaseQueryApi = {
      dispatch,
      getState,
      extra: undefined,
      signal: controller.signal,
      abort: (reason) => controller.abort(reason),
      endpoint: 'refreshAccessToken',
      type: 'mutation',
    };
    const outcome = await refreshTokens(api, {});
    if (!outcome.ok && outcome.fatal) expireSession(api);
    return outcome.ok;
  };
}

/** The session is over: /auth says so (spec 000 §8) until the user signs in again. */
function expireSession(api: BaseQueryApi): void {
  if (!(api.getState() as WithSession).session.accessToken) return;
  api.dispatch(sessionEnded('expired'));
  void platform.sessionStore.clear();
  navigateTo('/auth', { replace: true });
}

/** One request with the session rules of spec 000 §4: a 401 earns one refresh and one retry, a 402 the dialog. */
async function sessionAwareQuery(args: Args, api: BaseQueryApi, extraOptions: object): Promise<Result> {
  const usedToken = selectAccessToken(api.getState() as WithSession);
  let result = await rawBaseQuery(args, api, extraOptions);

  if (result.error?.status === 401 && usedToken && !NO_REFRESH.has(urlOf(args))) {
    const current = selectAccessToken(api.getState() as WithSession);
    // Someone else refreshed while this request was under way: just retry with the new token.
    const outcome: RefreshOutcome =
      current && current !== usedToken ? { ok: true } : await refreshTokens(api, extraOptions);
    if (outcome.ok) {
      result = await rawBaseQuery(args, api, extraOptions);
      if (result.error?.status === 401) expireSession(api);
    } else if (outcome.fatal) {
      expireSession(api);
    } else {
      result = { error: outcome.error, meta: result.meta };
    }
  }

  if (result.error?.status === 402) {
    const classified = classifyError(result.error);
    if (classified.requiresPayment) {
      api.dispatch(paymentRequired({ billingStatus: classified.billingStatus, message: classified.serverMessage }));
    }
  }
  if (result.error?.status === 'FETCH_ERROR') {
    api.dispatch(networkFailureObserved());
  }
  return result;
}

function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Queries retry at most twice on retryable errors, 1 s doubling to 30 s; mutations never retry (spec 000 §9). */
const baseQuery: BaseQueryFn<Args, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta> = async (
  args,
  api,
  extraOptions,
) => {
  for (let failures = 1; ; failures += 1) {
    const result = await sessionAwareQuery(args, api, extraOptions);
    if (!result.error) return result;
    if (!shouldRetry(api.type, failures, classifyError(result.error))) return result;
    if (!(await wait(retryDelayMs(failures), api.signal))) return result;
  }
};

/** The one API slice; features add their endpoints with `injectEndpoints` below. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  // Every cache tag of every feature, declared here once: a tag used but not declared does not compile.
  tagTypes: [
    'Profile',
    'Tenant',
    'PlatformOverview',
    'DashboardStats',
    'Agent',
    'AgentStats',
    'Voice',
    'AgentTemplate',
    'PhoneNumber',
    'PhoneBilling',
    'Billing',
    'Usage',
    'Plan',
    'AdminTenantBilling',
    'Campaign',
    'CampaignContact',
    'ContactImport',
    'DoNotCall',
    'Callback',
    'Team',
    'ApiKey',
    'Call',
    'CallsAnalytics',
    'AnalysisRun',
    'Operations',
    'WebhookEndpoint',
    'WebhookDelivery',
  ],
  keepUnusedDataFor: QUERY_FRESHNESS_SEC,
  refetchOnMountOrArgChange: QUERY_FRESHNESS_SEC,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});

installApi(baseApi);

/**
 * How a feature adds its endpoints, in its own `<feature>Api.ts`: a name another feature already took throws rather
 * than silently replacing that endpoint. Vite's hot reload re-runs a changed module, which then replaces its own.
 */
export const injectEndpoints: typeof baseApi.injectEndpoints = (injection) =>
  baseApi.injectEndpoints({ ...injection, overrideExisting: import.meta.hot ? true : 'throw' });
