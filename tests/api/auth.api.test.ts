import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/src/db/seeds/demo-accounts';
import { DEMO_TENANT_IDS } from '../../server/src/db/seeds/demo.seed';
import type * as secrets from '../../server/src/lib/secrets';
import { hashPassword, sha256Hex } from '../../server/src/lib/secrets';
import { startTestApp, testClock, TEST_DATABASES, type TestApp } from './support/test-app';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function latestMailLink(app: TestApp, to: string, kind: string): Promise<string> {
  const row = await app.deps.db('mail_outbox').where({ to_address: to, kind }).orderBy('created_at', 'desc').first();
  const match = /(https?:\/\/\S+)/.exec(String(row?.text_body ?? ''));
  if (!match?.[1]) throw new Error(`no ${kind} mail for ${to}`);
  return match[1];
}

// The real hasher, watched: registration must pay for it whether or not the address is taken.
vi.mock('../../server/src/lib/secrets', async (importOriginal) => {
  const real = await importOriginal<typeof secrets>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

const REGISTRATION_ANSWER = {
  status: 202,
  body: { message: 'Check your e-mail to continue: we have sent a message to that address.' },
};

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe.each(TEST_DATABASES)('auth API (%s)', (kind) => {
  let app: TestApp;
  const clock = testClock(new Date('2026-11-20T10:00:00.000Z'));

  beforeAll(async () => {
    app = await startTestApp(kind, { clock, config: { accessTokenTtlSec: 60, registrationsPerAddressPerHour: 100 } });
  });
  afterAll(() => app?.close());

  describe('login', () => {
    it('signs in with the right password and answers the spec shape', async () => {
      const res = await app.request('POST', apiRoutes.auth.login(), {
        body: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(res.body.accessToken).toEqual(expect.any(String));
      expect(res.body.refreshToken).toMatch(/^rt_/);
      expect(res.body.tokens).toEqual({ accessToken: res.body.accessToken, refreshToken: res.body.refreshToken });
      expect(res.body.user).toMatchObject({
        email: DEMO_ACCOUNTS.admin.email,
        username: DEMO_ACCOUNTS.admin.email,
        role: 'admin',
        tenantId: DEMO_TENANT_IDS.demo,
        emailVerified: true,
        isAdmin: true,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/password_hash|passwordHash|scrypt\$/);
    });

    it.each([
      [{ password: 'x' }, 'email', 'Email is required'],
      [{ email: 'not-an-email', password: 'secret1' }, 'email', 'Invalid email address'],
      [{ email: 'a@b.co' }, 'password', 'Password is required'],
      [{ email: 'a@b.co', password: 'secret1', role: 'superadmin' }, '', 'Unknown field: role'],
    ])('rejects %j with 400', async (body, field, message) => {
      const res = await app.request('POST', apiRoutes.auth.login(), { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      if (field) expect(res.body.fields[field]).toBe(message);
    });

    it('rejects malformed JSON with 400, not 500', async () => {
      const res = await app.request('POST', apiRoutes.auth.login(), {
        raw: '{"email":',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    });

    it('answers a wrong password and an unknown e-mail identically', async () => {
      const wrong = await app.request('POST', apiRoutes.auth.login(), {
        body: { email: DEMO_ACCOUNTS.user.email, password: 'wrong-password' },
      });
      const unknown = await app.request('POST', apiRoutes.auth.login(), {
        body: { email: 'nobody@nowhere.test', password: 'wrong-password' },
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.message).toBe('Invalid credentials');
      await app.request('POST', apiRoutes.auth.login(), {
        body: { email: DEMO_ACCOUNTS.user.email, password: DEMO_PASSWORD },
      });
    });

    it('upgrades a weaker stored hash at the next login', async () => {
      const email = `rehash-${kind}@example.test`;
      await app.request('POST', apiRoutes.auth.register(), {
        body: { email, password: 'rehash-password', tenantName: 'Rehash' },
      });
      const before = await app.deps.db('users').where({ email }).first('password_hash');
      expect(before.password_hash).toMatch(/^scrypt\$10\$/);
      app.deps.config.passwordHashCost = 11;
      try {
        await app.login(email, 'rehash-password');
      } finally {
        app.deps.config.passwordHashCost = 10;
      }
      const after = await app.deps.db('users').where({ email }).first('password_hash');
      expect(after.password_hash).toMatch(/^scrypt\$11\$/);
    });
  });

  describe('register', () => {
    it('creates a tenant whose creator is its admin and owner, mails a verification link and opens no session', async () => {
      const email = `founder-${kind}@example.test`;
      const res = await app.request('POST', apiRoutes.auth.register(), {
        body: { name: 'Fran Founder', email, password: 'founder-pass', tenantName: 'Founder Ltd' },
      });
      expect({ status: res.status, body: res.body }).toEqual(REGISTRATION_ANSWER);
      const user = await app.deps.db('users').where({ email }).first();
      expect(user).toMatchObject({ name: 'Fran Founder', role: 'admin' });
      expect(Boolean(user.email_verified)).toBe(false);
      expect(Boolean(user.is_tenant_owner)).toBe(true);
      expect(await app.deps.db('refresh_token_families').where({ user_id: user.id })).toEqual([]);
      const tenant = await app.deps.db('tenants').where({ id: user.tenant_id }).first();
      expect(tenant).toMatchObject({ name: 'Founder Ltd', billing_status: 'inactive', plan: 'standard' });
      expect(await latestMailLink(app, email, 'verify-email')).toMatch(/^http:\/\/parley\.test\/verify-email\?token=/);
      expect((await app.login(email, 'founder-pass')).user).toMatchObject({ email, isAdmin: true });
    });

    it('uses the part of the e-mail before @ when no name is given', async () => {
      const email = `nameless-${kind}@example.test`;
      const res = await app.request('POST', apiRoutes.auth.register(), { body: { email, password: 'nameless-pass' } });
      expect(res.status).toBe(202);
      expect(await app.deps.db('users').where({ email }).first('name')).toEqual({ name: `nameless-${kind}` });
    });

    it.each([
      [{ email: 'x@y.test', password: '123' }, 'Password must be at least 6 characters'],
      [{ email: 'x@y.test', password: '123456', name: 'ab' }, 'Username must be at least 3 characters long'],
      [{ email: 'bad', password: '123456' }, 'Invalid email address'],
      [{ email: 'x@y.test', password: '123456', tenantName: '' }, 'Company name is required'],
      [{ email: 'x@y.test', password: '123456', tenantId: 'other' }, 'Unknown field: tenantId'],
    ])('rejects %j with 400', async (body, message) => {
      const res = await app.request('POST', apiRoutes.auth.register(), { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('answers a taken address exactly as a new one, hashes the password on both, and warns its owner', async () => {
      const register = async (email: string) => {
        vi.mocked(hashPassword).mockClear();
        const res = await app.request('POST', apiRoutes.auth.register(), {
          body: { email, password: 'whatever-pass', tenantName: 'Dup' },
        });
        return {
          status: res.status,
          body: res.body,
          headerNames: [...res.headers.keys()].sort(),
          hashes: vi.mocked(hashPassword).mock.calls.length,
        };
      };
      const fresh = await register(`fresh-${kind}@example.test`);
      const owner = DEMO_ACCOUNTS.admin.email;
      const tenantsBefore = await app.deps.db('tenants').count({ n: '*' }).first();
      const taken = await register(owner.toUpperCase());
      expect(taken).toEqual(fresh);
      expect(taken).toMatchObject({ ...REGISTRATION_ANSWER, hashes: 1 });
      expect(await app.deps.db('tenants').count({ n: '*' }).first()).toEqual(tenantsBefore);
      const warning = await app.deps.db('mail_outbox').where({ to_address: owner, kind: 'signup-attempt' }).first();
      expect(warning.text_body).toContain('Someone tried to create a Parley account with this e-mail address');
      expect(warning.text_body).toContain('http://parley.test/auth');
      // The owner's password still signs in: nothing about the account changed.
      expect((await app.login(owner)).user.email).toBe(owner);
    });

    it('joins the invited tenant with the role of the invitation, once', async () => {
      const token = `invite-token-${kind}`;
      const email = `invitee-${kind}@example.test`;
      const now = new Date().toISOString();
      await app.deps.db('invitations').insert({
        id: `00000000-0000-4000-8000-${kind === 'sqlite' ? '0000000000a1' : '0000000000a2'}`,
        tenant_id: DEMO_TENANT_IDS.demo,
        inviter_user_id: null,
        invitee_email: email,
        role: 'user',
        status: 'pending',
        token_hash: sha256Hex(token),
        expires_at: new Date(clock.now().getTime() + 86_400_000).toISOString(),
        created_at: now,
        updated_at: now,
      });
      const details = await app.request('GET', apiRoutes.invitations.byToken(token));
      expect(details.status).toBe(200);
      expect(details.body).toMatchObject({ inviteeEmail: email, tenant: { name: 'Demo Dental Clinic' } });

      const wrongEmail = await app.request('POST', apiRoutes.auth.register(), {
        body: { email: `someone-else-${kind}@example.test`, password: 'invitee-pass', invitationToken: token },
      });
      expect(wrongEmail.status).toBe(400);
      const res = await app.request('POST', apiRoutes.auth.register(), {
        body: { email, password: 'invitee-pass', invitationToken: token },
      });
      expect(res.status).toBe(202);
      const invitee = await app.deps.db('users').where({ email }).first('tenant_id', 'role', 'email_verified');
      // The invitation reached this address and was opened from it: nothing is left to verify.
      expect({ ...invitee, email_verified: Boolean(invitee.email_verified) }).toEqual({
        tenant_id: DEMO_TENANT_IDS.demo,
        role: 'user',
        email_verified: true,
      });
      const mails = await app.deps.db('mail_outbox').where({ to_address: email }).pluck('kind');
      expect(mails).toEqual(['invitation-accepted']);
      const used = await app.request('GET', apiRoutes.invitations.byToken(token));
      expect(used.status).toBe(410);
      expect(used.body.message).toBe('This invitation has already been used. Ask the sender for a new link.');
    });
  });

  describe('refresh', () => {
    it('rotates the refresh token and, after the grace window, detects reuse by revoking the whole family', async () => {
      const session = await app.login(DEMO_ACCOUNTS.user.email);
      const first = await app.request('POST', apiRoutes.auth.refresh(), {
        body: { refreshToken: session.refreshToken },
      });
      expect(first.status).toBe(200);
      expect(first.body.refreshToken).not.toBe(session.refreshToken);
      expect(first.body.tokens.accessToken).toBe(first.body.accessToken);

      const sameMoment = await app.request('POST', apiRoutes.auth.refresh(), {
        body: { refreshToken: session.refreshToken },
      });
      expect(sameMoment.status).toBe(200);
      expect(sameMoment.body.refreshToken).toBe(first.body.refreshToken);

      clock.advance((app.deps.config.refreshGraceSec + 1) * 1000);
      const replay = await app.request('POST', apiRoutes.auth.refresh(), {
        body: { refreshToken: session.refreshToken },
      });
      expect(replay.status).toBe(401);
      const newest = await app.request('POST', apiRoutes.auth.refresh(), {
        body: { refreshToken: first.body.refreshToken },
      });
      expect(newest.status).toBe(401);
      const events = await app.deps.db('audit_log').where({ event: 'auth.refresh.reused' });
      expect(events.length).toBeGreaterThan(0);
    });

    it('stores only hashes of refresh tokens', async () => {
      const session = await app.login(DEMO_ACCOUNTS.user.email);
      const rows = await app.deps.db('refresh_tokens').select('token_hash');
      expect(rows.some((r) => r.token_hash === session.refreshToken)).toBe(false);
      expect(rows.some((r) => r.token_hash === sha256Hex(session.refreshToken))).toBe(true);
    });

    it('rejects unknown and malformed refresh tokens with 401 or 400', async () => {
      expect((await app.request('POST', apiRoutes.auth.refresh(), { body: { refreshToken: 'rt_nope' } })).status).toBe(
        401,
      );
      expect((await app.request('POST', apiRoutes.auth.refresh(), { body: {} })).status).toBe(400);
    });

    it('logout revokes the session family', async () => {
      const session = await app.login(DEMO_ACCOUNTS.user.email);
      const out = await app.request('POST', apiRoutes.auth.logout(), {
        token: session.accessToken,
        body: { refreshToken: session.refreshToken },
      });
      expect(out.status).toBe(200);
      expect(
        (await app.request('POST', apiRoutes.auth.refresh(), { body: { refreshToken: session.refreshToken } })).status,
      ).toBe(401);
    });
  });

  describe('access tokens', () => {
    it('accepts a valid token on auth/status', async () => {
      const session = await app.login(DEMO_ACCOUNTS.admin.email);
      const res = await app.request('GET', apiRoutes.auth.status(), { token: session.accessToken });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        user: { email: DEMO_ACCOUNTS.admin.email },
        billingStatus: 'active',
        simulatedCalls: true,
      });
    });

    it('refuses forged, tampered, expired and misused tokens with 401', async () => {
      const session = await app.login(DEMO_ACCOUNTS.user.email);
      const [header, payload, signature] = session.accessToken.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = [
        `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, role: 'superadmin' })}.`,
        `${header}.${b64({ ...claims, role: 'superadmin' })}.${signature}`,
        `${header}.${b64({ ...claims, tid: DEMO_TENANT_IDS.other })}.${signature}`,
        `${header}.${payload}.${signature.slice(0, -2)}`,
        session.refreshToken,
        'garbage',
        '',
      ];
      for (const token of forged) {
        const res = await app.request('GET', apiRoutes.auth.status(), {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status, token).toBe(401);
      }
      clock.advance(61_000);
      const expired = await app.request('GET', apiRoutes.auth.status(), { token: session.accessToken });
      expect(expired.status).toBe(401);
      expect(expired.body.message).toBe('Authentication expired. Please log in again.');
    });
  });

  describe('password reset', () => {
    it('answers the same for known and unknown e-mails, and builds links from configuration', async () => {
      const known = await app.request('POST', apiRoutes.auth.forgotPassword(), {
        body: { email: DEMO_ACCOUNTS.admin.email },
        headers: { host: 'evil.test', 'x-forwarded-host': 'evil.test' },
      });
      const unknown = await app.request('POST', apiRoutes.auth.forgotPassword(), {
        body: { email: 'nobody@nowhere.test' },
      });
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      const link = await latestMailLink(app, DEMO_ACCOUNTS.admin.email, 'reset-password');
      expect(link.startsWith('http://parley.test/reset-password?token=')).toBe(true);
    });

    it('resets once, revokes sessions, and refuses reuse or expiry', async () => {
      const email = `reset-${kind}@example.test`;
      await app.request('POST', apiRoutes.auth.register(), {
        body: { email, password: 'old-password', tenantName: 'Reset Co' },
      });
      const session = await app.login(email, 'old-password');
      await app.request('POST', apiRoutes.auth.forgotPassword(), { body: { email } });
      const token = tokenOf(await latestMailLink(app, email, 'reset-password'));
      expect((await app.deps.db('users').where({ email }).first()).password_reset_token_hash).toBe(sha256Hex(token));

      const short = await app.request('POST', apiRoutes.auth.resetPassword(), { body: { token, password: '123' } });
      expect(short.status).toBe(400);
      const ok = await app.request('POST', apiRoutes.auth.resetPassword(), {
        body: { token, password: 'new-password' },
      });
      expect(ok.status).toBe(200);
      expect(
        (await app.request('POST', apiRoutes.auth.resetPassword(), { body: { token, password: 'another-pass' } }))
          .status,
      ).toBe(400);
      expect(
        (await app.request('POST', apiRoutes.auth.refresh(), { body: { refreshToken: session.refreshToken } })).status,
      ).toBe(401);
      await app.login(email, 'new-password');

      await app.request('POST', apiRoutes.auth.forgotPassword(), { body: { email } });
      const stale = tokenOf(await latestMailLink(app, email, 'reset-password'));
      clock.advance(3601_000);
      expect(
        (
          await app.request('POST', apiRoutes.auth.resetPassword(), {
            body: { token: stale, password: 'late-password' },
          })
        ).status,
      ).toBe(400);
      expect(
        (await app.request('POST', apiRoutes.auth.resetPassword(), { body: { password: 'no-token' } })).body.message,
      ).toBe('Reset token is missing. Please use the link from your email.');
    });
  });

  describe('e-mail verification', () => {
    it('verifies once and expires', async () => {
      const email = `verify-${kind}@example.test`;
      await app.request('POST', apiRoutes.auth.register(), {
        body: { email, password: 'verify-pass', tenantName: 'Verify Co' },
      });
      const token = tokenOf(await latestMailLink(app, email, 'verify-email'));
      const ok = await app.request('POST', apiRoutes.auth.verifyEmail(), { body: { token } });
      expect(ok.status).toBe(200);
      expect(ok.body.accessToken).toBeUndefined();
      expect((await app.login(email, 'verify-pass')).user.emailVerified).toBe(true);
      expect((await app.request('POST', apiRoutes.auth.verifyEmail(), { body: { token } })).status).toBe(400);

      const late = `late-${kind}@example.test`;
      await app.request('POST', apiRoutes.auth.register(), {
        body: { email: late, password: 'verify-pass', tenantName: 'Late Co' },
      });
      const lateToken = tokenOf(await latestMailLink(app, late, 'verify-email'));
      clock.advance(25 * 3600_000);
      expect((await app.request('POST', apiRoutes.auth.verifyEmail(), { body: { token: lateToken } })).status).toBe(
        400,
      );
      expect((await app.request('POST', apiRoutes.auth.verifyEmail(), { body: {} })).body.message).toBe(
        'Verification token is missing. Please use the link from your email.',
      );
    });
  });

  describe('tenant and billing', () => {
    it('returns the caller’s tenant, plan and billing status', async () => {
      const session = await app.login(DEMO_ACCOUNTS.user.email);
      const tenant = await app.request('GET', apiRoutes.tenant.current(), { token: session.accessToken });
      expect(tenant.status).toBe(200);
      expect(tenant.body.tenant).toMatchObject({
        id: DEMO_TENANT_IDS.demo,
        name: 'Demo Dental Clinic',
        billingStatus: 'active',
      });
      const plan = await app.request('GET', apiRoutes.tenant.plan(), { token: session.accessToken });
      expect(plan.body.plan).toMatchObject({ id: 'growth', currency: 'nzd' });
      const billing = await app.request('GET', apiRoutes.billing.status(), { token: session.accessToken });
      expect(billing.body).toMatchObject({ billingStatus: 'active', plan: 'Growth', hasPaymentMethod: true });
    });

    it('ignores tenant overrides in headers and query', async () => {
      const session = await app.login(DEMO_ACCOUNTS.user.email);
      const res = await app.request('GET', `${apiRoutes.tenant.current()}?tenantId=${DEMO_TENANT_IDS.other}`, {
        token: session.accessToken,
        headers: { 'x-tenant-id': DEMO_TENANT_IDS.other },
      });
      expect(res.body.tenant.id).toBe(DEMO_TENANT_IDS.demo);
    });
  });
});

describe('log hygiene', () => {
  it('never writes passwords, tokens or authorization headers to the logs', async () => {
    const lines: string[] = [];
    const app = await startTestApp('sqlite', { logLines: lines });
    try {
      const email = 'hygiene@example.test';
      const password = 'hygiene-password-42';
      const registered = await app.request('POST', apiRoutes.auth.register(), {
        body: { email, password, tenantName: 'Hygiene Ltd' },
      });
      const session = await app.login(email, password);
      await app.request('GET', apiRoutes.auth.status(), { token: session.accessToken });
      await app.request('POST', apiRoutes.auth.refresh(), { body: { refreshToken: session.refreshToken } });
      await app.request('POST', apiRoutes.auth.login(), { body: { email, password: 'wrong-password-99' } });
      const logs = lines.join('\n');
      expect(lines.length).toBeGreaterThan(3);
      for (const secret of [
        password,
        'wrong-password-99',
        session.accessToken,
        session.refreshToken,
        registered.body.refreshToken,
      ]) {
        expect(logs).not.toContain(secret);
      }
      expect(logs).not.toMatch(/Bearer /);
    } finally {
      await app.close();
    }
  });
});
