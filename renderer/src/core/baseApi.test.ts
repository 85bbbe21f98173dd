import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@shared/api/auth.types';
import { API_PREFIX, apiRoutes } from '@shared/api/routes';
import { platform } from '../platform';
import { injectEndpoints } from './baseApi';
import { registerNavigator } from './navigation';
import { signedIn } from './sessionSlice';
import { makeStore } from './store';

// fetchBaseQuery builds a Request from '/api/…'; Node needs an origin for that.
class RequestWithOrigin extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? new URL(input, 'http://parley.test') : input, init);
  }
}

const probeApi = injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ ok: boolean }, string>({ query: (name) => `probe/${name}` }),
    poke: build.mutation<{ ok: boolean }, string>({ query: (name) => ({ url: `poke/${name}`, method: 'POST' }) }),
    signInAgain: build.mutation<{ ok: boolean }, void>({
      query: () => ({ url: apiRoutes.auth.login.relative(), method: 'POST', body: {} }),
    }),
  }),
});

const USER: AuthUser = {
  id: 'u1',
  email: 'dana@example.com',
  name: 'Dana',
  username: 'dana@example.com',
  role: 'admin',
  tenantId: 't1',
  emailVerified: true,
  isAdmin: true,
};

/** A fake access token: only its readable claims matter to the client. */
function token(name: string, bst = 'active'): string {
  const claims = Buffer.from(JSON.stringify({ sub: name, bst, exp: 9999999999 })).toString('base64url');
  return `header.${claims}.${name}`;
}

type Handler = (request: Request) => Response | Promise<Response>;
let handler: Handler;
const fetchMock = vi.fn((input: Request) => handler(input));
const navigate = vi.fn();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function signedInStore() {
  const store = makeStore();
  store.dispatch(signedIn({ accessToken: token('old'), refreshToken: 'refresh-1', user: USER }));
  return store;
}

function calls(path: string): Request[] {
  return fetchMock.mock.calls.map(([request]) => request).filter((request) => new URL(request.url).pathname === path);
}

beforeAll(() => {
  vi.stubGlobal('Request', RequestWithOrigin);
  vi.stubGlobal('fetch', fetchMock);
  registerNavigator(navigate);
});

beforeEach(async () => {
  await platform.sessionStore.clear();
  fetchMock.mockClear();
  navigate.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a 401 (spec 000 §4)', () => {
  it('triggers one refresh, then one retry with the new token', async () => {
    const store = signedInStore();
    handler = async (request) => {
      const path = new URL(request.url).pathname;
      if (path === apiRoutes.auth.refresh()) {
        expect(await request.json()).toEqual({ refreshToken: 'refresh-1' });
        return json(200, { accessToken: token('new'), refreshToken: 'refresh-2' });
      }
      return request.headers.get('Authorization') === `Bearer ${token('new')}`
        ? json(200, { ok: true })
        : json(401, { message: 'Authentication expired. Please log in again.' });
    };

    const result = await store.dispatch(probeApi.endpoints.probe.initiate('a'));
    expect(result.data).toEqual({ ok: true });
    expect(calls(apiRoutes.auth.refresh())).toHaveLength(1);
    expect(calls(`${API_PREFIX}/probe/a`)).toHaveLength(2);
    expect(store.getState().session).toMatchObject({
      status: 'authenticated',
      accessToken: token('new'),
      refreshToken: 'refresh-2',
    });
  });

  it('shares one refresh among requests that failed together', async () => {
    const store = signedInStore();
    handler = async (request) => {
      const path = new URL(request.url).pathname;
      if (path === apiRoutes.auth.refresh()) {
        return json(200, { tokens: { accessToken: token('new'), refreshToken: 'refresh-2' } });
      }
      return request.headers.get('Authorization') === `Bearer ${token('new')}`
        ? json(200, { ok: true })
        : json(401, {});
    };
    const results = await Promise.all(
      ['a', 'b', 'c'].map((name) => store.dispatch(probeApi.endpoints.probe.initiate(name))),
    );
    expect(results.map((result) => result.data)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(calls(apiRoutes.auth.refresh())).toHaveLength(1);
  });

  it('clears the session and goes to /auth when the refresh is refused', async () => {
    const store = signedInStore();
    handler = () => json(401, { message: 'Authentication expired. Please log in again.' });
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('a'));
    expect(result.error).toMatchObject({ status: 401 });
    expect(store.getState().session).toMatchObject({
      status: 'anonymous',
      accessToken: null,
      user: null,
      endedReason: 'expired',
    });
    expect(navigate).toHaveBeenCalledWith('/auth', { replace: true });
  });

  it('clears the session when the retry after a refresh is refused again', async () => {
    const store = signedInStore();
    handler = (request) =>
      new URL(request.url).pathname === apiRoutes.auth.refresh()
        ? json(200, { accessToken: token('new'), refreshToken: 'refresh-2' })
        : json(401, {});
    await store.dispatch(probeApi.endpoints.probe.initiate('a'));
    expect(calls(`${API_PREFIX}/probe/a`)).toHaveLength(2);
    expect(calls(apiRoutes.auth.refresh())).toHaveLength(1);
    expect(store.getState().session.status).toBe('anonymous');
  });

  it('keeps the session when the server cannot be reached for the refresh', async () => {
    const store = signedInStore();
    handler = (request) => {
      if (new URL(request.url).pathname === apiRoutes.auth.refresh()) throw new TypeError('Failed to fetch');
      return json(401, {});
    };
    const result = await store.dispatch(probeApi.endpoints.poke.initiate('a'));
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(store.getState().session.status).toBe('authenticated');
  });

  it('never refreshes for a failed sign-in', async () => {
    const store = makeStore();
    handler = () => json(401, { message: 'Invalid credentials' });
    const result = await store.dispatch(probeApi.endpoints.poke.initiate('x'));
    expect(result.error).toMatchObject({ status: 401 });
    expect(calls(apiRoutes.auth.refresh())).toHaveLength(0);
  });

  it('never trades a refused sign-in for a refresh, even while signed in', async () => {
    const store = signedInStore();
    handler = () => json(401, { message: 'Invalid credentials' });
    const result = await store.dispatch(probeApi.endpoints.signInAgain.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(calls(apiRoutes.auth.login())).toHaveLength(1);
    expect(calls(apiRoutes.auth.refresh())).toHaveLength(0);
  });

  it('adopts a pair another tab already rotated instead of spending the old refresh token', async () => {
    const store = signedInStore();
    await platform.sessionStore.save({ accessToken: token('other-tab'), refreshToken: 'refresh-9', user: USER });
    handler = (request) =>
      request.headers.get('Authorization') === `Bearer ${token('other-tab')}` ? json(200, { ok: true }) : json(401, {});
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('a'));
    expect(result.data).toEqual({ ok: true });
    expect(calls(apiRoutes.auth.refresh())).toHaveLength(0);
    expect(store.getState().session.refreshToken).toBe('refresh-9');
  });
});

describe('a 402', () => {
  it('opens the Payment Required dialog with the billing status and message', async () => {
    const store = signedInStore();
    handler = () =>
      json(402, {
        message: 'Card declined',
        requiresPayment: true,
        billingStatus: 'delinquent',
        code: 'PAYMENT_REQUIRED',
      });
    await store.dispatch(probeApi.endpoints.poke.initiate('a'));
    expect(store.getState().paymentRequired).toEqual({
      open: true,
      billingStatus: 'delinquent',
      message: 'Card declined',
    });
  });

  it('does not open it without requiresPayment', async () => {
    const store = signedInStore();
    handler = () => json(402, { message: 'Something else' });
    await store.dispatch(probeApi.endpoints.poke.initiate('a'));
    expect(store.getState().paymentRequired.open).toBe(false);
  });
});

describe('retries (spec 000 §9)', () => {
  it('retries a query twice on a server error, 1 s then 2 s apart', async () => {
    vi.useFakeTimers();
    const store = signedInStore();
    handler = () => json(503, { message: 'down' });
    const pending = store.dispatch(probeApi.endpoints.probe.initiate('flaky'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls(`${API_PREFIX}/probe/flaky`)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls(`${API_PREFIX}/probe/flaky`)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls(`${API_PREFIX}/probe/flaky`)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls(`${API_PREFIX}/probe/flaky`)).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(60_000);
    const result = await pending;
    expect(calls(`${API_PREFIX}/probe/flaky`)).toHaveLength(3);
    expect(result.error).toMatchObject({ status: 503 });
  });

  it('does not retry an error that is not retryable', async () => {
    const store = signedInStore();
    handler = () => json(404, { message: 'Not found' });
    await store.dispatch(probeApi.endpoints.probe.initiate('missing'));
    expect(calls(`${API_PREFIX}/probe/missing`)).toHaveLength(1);
  });

  it('never retries a mutation', async () => {
    const store = signedInStore();
    handler = () => json(503, { message: 'down' });
    await store.dispatch(probeApi.endpoints.poke.initiate('once'));
    expect(calls(`${API_PREFIX}/poke/once`)).toHaveLength(1);
  });

  it('shares identical requests in flight', async () => {
    const store = signedInStore();
    handler = () => json(200, { ok: true });
    await Promise.all([
      store.dispatch(probeApi.endpoints.probe.initiate('same')),
      store.dispatch(probeApi.endpoints.probe.initiate('same')),
    ]);
    expect(calls(`${API_PREFIX}/probe/same`)).toHaveLength(1);
  });
});
