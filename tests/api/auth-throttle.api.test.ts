import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import { createApp } from '../../server/src/app';
import { countRows } from '../../server/src/db/database';
import type * as Secrets from '../../server/src/lib/secrets';
import { startTestApp, TEST_DATABASES, type TestApp } from './support/test-app';

/** Every password check the server makes, with its outcome: the cost a burst can force on us. */
const passwordChecks = vi.hoisted(() => ({ outcomes: [] as boolean[] }));

vi.mock('../../server/src/lib/secrets', async (importOriginal) => {
  const actual = await importOriginal<typeof Secrets>();
  return {
    ...actual,
    verifyPassword: async (...args: Parameters<typeof actual.verifyPassword>) => {
      const check = await actual.verifyPassword(...args);
      passwordChecks.outcomes.push(check.valid);
      return check;
    },
  };
});

const PAIR_LIMIT = 5;
const ACCOUNT_LIMIT = 12;
const ADDRESS_LIMIT = 8;
const REGISTRATIONS_PER_ADDRESS = 10;
const LOGIN = apiRoutes.auth.login();

interface Account {
  email: string;
  password: string;
}

async function newAccount(app: TestApp): Promise<Account> {
  const res = await app.request('POST', apiRoutes.testSupport.tenants(), { body: { users: ['user'] } });
  expect(res.status).toBe(201);
  return res.body.users[0];
}

const from = (address: string) => ({ 'x-forwarded-for': address });

describe.each(TEST_DATABASES)('sign-in throttling behind a trusted proxy (%s)', (kind) => {
  let app: TestApp;
  let second: Server;
  let secondUrl: string;

  beforeAll(async () => {
    app = await startTestApp(kind, {
      config: {
        trustProxy: true,
        loginMaxFailuresPerPair: PAIR_LIMIT,
        loginMaxFailuresPerAccount: ACCOUNT_LIMIT,
        loginMaxFailuresPerAddress: ADDRESS_LIMIT,
        registrationsPerAddressPerHour: REGISTRATIONS_PER_ADDRESS,
      },
    });
    // A second server instance on the same database, as behind a load balancer.
    second = createApp(app.deps).app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => second.once('listening', () => resolve()));
    secondUrl = `http://127.0.0.1:${(second.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => second?.close(() => resolve()));
    await app?.close();
  });

  const signIn = (account: Account, password: string, address: string, instance: 'first' | 'second' = 'first') =>
    instance === 'first'
      ? app.request('POST', LOGIN, { body: { email: account.email, password }, headers: from(address) })
      : fetch(`${secondUrl}${LOGIN}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...from(address) },
          body: JSON.stringify({ email: account.email, password }),
        });

  it('evaluates at most the limit in a concurrent burst of 60 across two instances, right password included', async () => {
    const owner = await newAccount(app);
    passwordChecks.outcomes.length = 0;
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signIn(owner, i === 59 ? owner.password : `wrong-guess-${i}`, '198.51.100.7', i % 2 ? 'second' : 'first'),
      ),
    );
    const statuses = burst.map((response) => response.status);
    const signedIn = statuses.filter((status) => status === 200).length;
    const wrongChecked = passwordChecks.outcomes.filter((valid) => !valid).length;

    expect(wrongChecked).toBeLessThanOrEqual(PAIR_LIMIT);
    expect(passwordChecks.outcomes.length).toBeLessThanOrEqual(PAIR_LIMIT + signedIn);
    expect(statuses.filter((status) => status === 401).length).toBe(wrongChecked);
    expect(statuses.filter((status) => status === 429).length).toBe(60 - passwordChecks.outcomes.length);
    // The right password, once the limit is spent, is refused without being checked.
    expect((await signIn(owner, owner.password, '198.51.100.7')).status).toBe(429);

    // The owner, elsewhere, is not locked out by the stranger.
    const home = await signIn(owner, owner.password, '203.0.113.20');
    expect(home.status).toBe(200);
  });

  it('answers 429 with Retry-After and the catalogue message', async () => {
    const account = await newAccount(app);
    for (let i = 0; i < PAIR_LIMIT; i += 1) {
      expect((await signIn(account, 'wrong-password', '198.51.100.8')).status).toBe(401);
    }
    const refused = await signIn(account, account.password, '198.51.100.8');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many requests. Please wait a moment and try again.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('does not count a right password as a failure', async () => {
    const account = await newAccount(app);
    for (let i = 0; i < PAIR_LIMIT * 2; i += 1) {
      expect((await signIn(account, account.password, '198.51.100.9')).status).toBe(200);
    }
  });

  it('slows one account down past its limit instead of locking the owner out', async () => {
    const target = await newAccount(app);
    let attempts = 0;
    for (let address = 1; attempts < ACCOUNT_LIMIT; address += 1) {
      for (let i = 0; i < PAIR_LIMIT && attempts < ACCOUNT_LIMIT; i += 1, attempts += 1) {
        expect((await signIn(target, 'wrong-password', `192.0.2.${address}`)).status).toBe(401);
      }
    }
    // Past the limit the account admits one attempt a second, however many addresses try at once.
    passwordChecks.outcomes.length = 0;
    const started = Date.now();
    const sprayed = await Promise.all([101, 102, 103].map((host) => signIn(target, 'wrong', `192.0.2.${host}`)));
    expect(sprayed.map((response) => response.status)).toEqual([401, 401, 401]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(passwordChecks.outcomes).toHaveLength(3);
    // The owner, from an address of their own, gets in with the right password.
    expect((await signIn(target, target.password, '192.0.2.200')).status).toBe(200);
  });

  it('limits password spraying from one address across accounts', async () => {
    const address = '198.51.100.44';
    for (let i = 0; i < ADDRESS_LIMIT; i += 1) {
      expect((await signIn(await newAccount(app), 'Password1!', address)).status).toBe(401);
    }
    const next = await newAccount(app);
    expect((await signIn(next, next.password, address)).status).toBe(429);
    expect((await signIn(next, next.password, '198.51.100.45')).status).toBe(200);
  });

  it('throttles sign-ups per address: 25 from one address do not all go through', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const res = await app.request('POST', apiRoutes.auth.register(), {
        body: { email: `signup-${kind}-${i}@example.test`, password: 'signup-pass', tenantName: `Signup ${i}` },
        headers: from('198.51.100.60'),
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(REGISTRATIONS_PER_ADDRESS);
    expect(statuses.slice(REGISTRATIONS_PER_ADDRESS).every((status) => status === 429)).toBe(true);
    expect(await countRows(app.deps.db('users').where('email', 'like', `signup-${kind}-%`))).toBe(
      REGISTRATIONS_PER_ADDRESS,
    );
    const elsewhere = await app.request('POST', apiRoutes.auth.register(), {
      body: { email: `signup-${kind}-elsewhere@example.test`, password: 'signup-pass', tenantName: 'Elsewhere' },
      headers: from('198.51.100.61'),
    });
    expect(elsewhere.status).toBe(202);
  });

  it('throttles verification resends per account: 30 asks do not send 30 mails', async () => {
    const email = `resend-${kind}@example.test`;
    const password = 'resend-password';
    const registered = await app.request('POST', apiRoutes.auth.register(), {
      body: { email, password, tenantName: 'Resend Co' },
      headers: from('198.51.100.80'),
    });
    expect(registered.status).toBeLessThan(300);
    const login = await app.request('POST', LOGIN, { body: { email, password }, headers: from('198.51.100.80') });
    const { accessToken } = login.body as { accessToken: string };
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await app.request('POST', apiRoutes.auth.resendVerification(), {
        token: accessToken,
        headers: from(`203.0.113.${150 + i}`),
      });
      statuses.push(res.status);
    }
    const perAccount = app.deps.config.resetRequestsPerAccountPerHour;
    expect(statuses.slice(0, perAccount).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(perAccount).every((status) => status === 429)).toBe(true);
    expect(await countRows(app.deps.db('mail_outbox').where({ to_address: email, kind: 'verify-email' }))).toBe(
      perAccount + 1,
    );
  });

  it('throttles reset requests per address and per account, yet lets a locked-out owner reset', async () => {
    const owner = await newAccount(app);
    const address = '198.51.100.70';
    for (let i = 0; i < PAIR_LIMIT; i += 1) await signIn(owner, 'wrong-password', address);
    expect((await signIn(owner, owner.password, address)).status).toBe(429);

    const forgot = await app.request('POST', apiRoutes.auth.forgotPassword(), {
      body: { email: owner.email },
      headers: from(address),
    });
    expect(forgot.status).toBe(200);
    const mail = await app.deps.db('mail_outbox').where({ to_address: owner.email, kind: 'reset-password' }).first();
    const token = new URL(/(https?:\/\/\S+)/.exec(String(mail.text_body))?.[1] ?? '').searchParams.get('token');
    const reset = await app.request('POST', apiRoutes.auth.resetPassword(), {
      body: { token, password: 'a-brand-new-password' },
      headers: from(address),
    });
    expect(reset.status).toBe(200);
    expect((await signIn(owner, 'a-brand-new-password', address)).status).toBe(200);

    const perAccount = app.deps.config.resetRequestsPerAccountPerHour;
    const statuses: number[] = [];
    for (let i = 0; i < perAccount + 1; i += 1) {
      const res = await app.request('POST', apiRoutes.auth.forgotPassword(), {
        body: { email: `flooded-${kind}@example.test` },
        headers: from(`203.0.113.${100 + i}`),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, perAccount).every((status) => status === 200)).toBe(true);
    expect(statuses[perAccount]).toBe(429);
  });
});

describe.each(TEST_DATABASES)('sign-in throttling without a trusted proxy (%s)', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { config: { trustProxy: false, loginMaxFailuresPerPair: PAIR_LIMIT } });
  });
  afterAll(() => app?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ignores a spoofed X-Forwarded-For, and opens again when the window has passed', async () => {
    const account = await newAccount(app);
    const attempt = (password: string, headers: Record<string, string> = {}) =>
      app.request('POST', LOGIN, { body: { email: account.email, password }, headers });
    for (let i = 0; i < PAIR_LIMIT; i += 1) {
      expect((await attempt('wrong-password', from(`203.0.113.${i + 1}`))).status).toBe(401);
    }
    expect((await attempt(account.password, from('203.0.113.99'))).status).toBe(429);
    expect((await attempt(account.password)).status).toBe(429);

    // The counters live in the database with wall-clock expiry; move the wall clock past the window.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (app.deps.config.throttleWindowSec + 1) * 1000 });
    expect((await attempt(account.password)).status).toBe(200);
  });
});
