import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@shared/api/auth.types';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '../../server/src/http/auth.middleware';
import { createJwtSigner } from '../../server/src/lib/jwt';
import { startTestApp, testClock, TEST_DATABASES, type TestApp } from './support/test-app';

const claimsOf = (accessToken: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8'));

describe.each(TEST_DATABASES)('sessions and revocation (%s)', (kind) => {
  let app: TestApp;
  const clock = testClock(new Date('2026-11-20T10:00:00.000Z'));

  beforeAll(async () => {
    app = await startTestApp(kind, { clock });
  });
  afterAll(() => app?.close());

  const refresh = (refreshToken: string) => app.request('POST', '/api/auth/custom/refresh', { body: { refreshToken } });
  const statusWith = (accessToken: string) => app.request('GET', '/api/auth/status', { token: accessToken });
  const agentsWith = (accessToken: string) => app.request('GET', '/api/agents', { token: accessToken });
  const advancePastCache = () => clock.advance(app.deps.config.principalCacheTtlMs + 1);

  /** A tenant of its own with the given roles, so that changing them disturbs no other test. */
  async function newTenant(users: Array<'admin' | 'user'>, billingStatus = 'active') {
    const res = await app.request('POST', '/api/test/tenants', { body: { users, billingStatus } });
    expect(res.status).toBe(201);
    return res.body as { tenant: { id: string }; users: Array<{ email: string; password: string }> };
  }
  const signIn = async (account: { email: string; password: string }): Promise<AuthResponse> =>
    app.login(account.email, account.password);
  const userIdOf = (session: AuthResponse) => session.user.id;

  describe('refresh grace', () => {
    it.each([10, 50])('%i parallel refreshes with one token all get the same successor', async (tabs) => {
      const session = await app.login(DEMO_ACCOUNTS.user.email);
      const results = await Promise.all(Array.from({ length: tabs }, () => refresh(session.refreshToken)));
      expect(results.map((result) => result.status)).toEqual(Array(tabs).fill(200));
      const successors = new Set(results.map((result) => result.body.refreshToken));
      expect(successors.size).toBe(1);

      const sessionId = claimsOf(session.accessToken).sid;
      expect(await app.deps.db('refresh_token_families').where({ id: sessionId }).first('revoked_at')).toEqual({
        revoked_at: null,
      });
      expect(
        await app.deps.db('refresh_tokens').where({ family_id: sessionId }).whereNull('used_at').select('id'),
      ).toHaveLength(1);
      for (const result of results.slice(0, 3)) expect((await statusWith(result.body.accessToken)).status).toBe(200);
      expect((await refresh([...successors][0] as string)).status).toBe(200);
    });

    it('revokes the family when a rotated token comes back after the grace window', async () => {
      const session = await app.login(DEMO_ACCOUNTS.user.email);
      const first = await refresh(session.refreshToken);
      expect(first.status).toBe(200);
      expect((await statusWith(first.body.accessToken)).status).toBe(200);

      clock.advance((app.deps.config.refreshGraceSec + 1) * 1000);
      const replay = await refresh(session.refreshToken);
      expect(replay.status).toBe(401);
      expect(replay.body.code).toBe('AUTH_REFRESH_REUSED');
      expect((await refresh(first.body.refreshToken)).status).toBe(401);
      expect((await statusWith(first.body.accessToken)).status).toBe(401);
    });
  });

  describe('access tokens end at once', () => {
    it('on logout, for that session only', async () => {
      const here = await app.login(DEMO_ACCOUNTS.user.email);
      const elsewhere = await app.login(DEMO_ACCOUNTS.user.email);
      expect((await statusWith(here.accessToken)).status).toBe(200);

      expect((await app.request('POST', '/api/auth/logout', { token: here.accessToken, body: {} })).status).toBe(200);
      const after = await statusWith(here.accessToken);
      expect(after.status).toBe(401);
      expect(after.body.message).toBe('Authentication expired. Please log in again.');
      expect((await refresh(here.refreshToken)).status).toBe(401);
      expect((await statusWith(elsewhere.accessToken)).status).toBe(200);
    });

    it('on a password reset, for every session', async () => {
      const { users } = await newTenant(['user']);
      const account = users[0] as { email: string; password: string };
      const sessions = [await signIn(account), await signIn(account)];
      for (const session of sessions) expect((await statusWith(session.accessToken)).status).toBe(200);

      await app.request('POST', '/api/auth/custom/forgot-password', { body: { email: account.email } });
      const mail = await app.deps.db('mail_outbox').where({ to_address: account.email }).first('text_body');
      const token = new URL(/(https?:\/\/\S+)/.exec(String(mail.text_body))?.[1] ?? '').searchParams.get('token');
      const reset = await app.request('POST', '/api/auth/custom/reset-password', {
        body: { token, password: 'after-the-reset' },
      });
      expect(reset.status).toBe(200);
      for (const session of sessions) expect((await statusWith(session.accessToken)).status).toBe(401);
    });

    it('on a role change, removal or deactivation announced by the owning service', async () => {
      const { users } = await newTenant(['user', 'admin', 'user']);
      const [promoted, removed, deactivated] = (await Promise.all(users.map(signIn))) as [
        AuthResponse,
        AuthResponse,
        AuthResponse,
      ];
      const changes = [
        [promoted, { role: 'admin' }],
        [removed, { tenant_id: null }],
        [deactivated, { active: false }],
      ] as const;
      for (const [session, change] of changes) {
        expect((await statusWith(session.accessToken)).status).toBe(200);
        await app.deps
          .db('users')
          .where({ id: userIdOf(session) })
          .update(change);
        await app.deps.principals.invalidate({ userId: userIdOf(session) });
        expect((await statusWith(session.accessToken)).status, JSON.stringify(change)).toBe(401);
      }
    });

    it('when a user row is deleted, and within the cache TTL for a write that announces nothing', async () => {
      const { users } = await newTenant(['user', 'admin']);
      const [deleted, demoted] = (await Promise.all(users.map(signIn))) as [AuthResponse, AuthResponse];
      for (const session of [deleted, demoted]) expect((await statusWith(session.accessToken)).status).toBe(200);
      await app.deps
        .db('users')
        .where({ id: userIdOf(deleted) })
        .delete();
      await app.deps
        .db('users')
        .where({ id: userIdOf(demoted) })
        .update({ role: 'user' });
      advancePastCache();
      expect((await statusWith(deleted.accessToken)).status).toBe(401);
      expect((await statusWith(demoted.accessToken)).status).toBe(401);
    });
  });

  describe('the billing gate', () => {
    it('stops a tenant marked delinquent at its next request', async () => {
      const { tenant, users } = await newTenant(['admin']);
      const session = await signIn(users[0] as { email: string; password: string });
      expect((await agentsWith(session.accessToken)).status).toBe(200);

      const change = await app.request('PATCH', `/api/test/tenants/${tenant.id}/billing`, {
        body: { billingStatus: 'delinquent' },
      });
      expect(change.status).toBe(200);
      const refused = await agentsWith(session.accessToken);
      expect(refused.status).toBe(402);
      expect(refused.body).toMatchObject({ requiresPayment: true, billingStatus: 'delinquent' });
    });

    it('follows a write that bypasses the services within the cache TTL', async () => {
      const { tenant, users } = await newTenant(['admin']);
      const session = await signIn(users[0] as { email: string; password: string });
      expect((await agentsWith(session.accessToken)).status).toBe(200);
      await app.deps.db('tenants').where({ id: tenant.id }).update({ billing_status: 'canceled' });
      advancePastCache();
      expect((await agentsWith(session.accessToken)).status).toBe(402);
    });
  });

  describe('the Authorization header', () => {
    it('accepts the bearer scheme in any case (RFC 6750) and refuses other schemes', async () => {
      const { accessToken } = await app.login(DEMO_ACCOUNTS.admin.email);
      for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
        const res = await app.request('GET', '/api/auth/status', {
          headers: { authorization: `${scheme} ${accessToken}` },
        });
        expect(res.status, scheme).toBe(200);
      }
      for (const header of [`Basic ${accessToken}`, `Bearer${accessToken}`, `Bearer ${accessToken} extra`]) {
        const res = await app.request('GET', '/api/auth/status', { headers: { authorization: header } });
        expect(res.status, header).toBe(401);
      }
    });
  });

  describe('token lifetime', () => {
    it('refuses a correctly signed token that lives longer than the configured TTL', async () => {
      const session = await app.login(DEMO_ACCOUNTS.admin.email);
      const ttl = app.deps.config.accessTokenTtlSec;
      const generous = createJwtSigner(app.deps.config.jwtSecret, {
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        maxLifetimeSec: 10 * 365 * 86_400,
      });
      const { iss: _iss, aud: _aud, iat: _iat, nbf: _nbf, exp: _exp, ...claims } = claimsOf(session.accessToken);
      const nowSec = Math.floor(clock.now().getTime() / 1000);
      expect((await statusWith(generous.sign(claims, ttl, nowSec))).status).toBe(200);
      expect((await statusWith(generous.sign(claims, ttl + 1, nowSec))).status).toBe(401);
      expect((await statusWith(generous.sign(claims, 10 * 365 * 86_400, nowSec))).status).toBe(401);
    });

    it('refuses a token signed with the secret the source used to carry', async () => {
      const session = await app.login(DEMO_ACCOUNTS.admin.email);
      const oldDefault = createJwtSigner('parley-demo-secret-change-me-in-production-0123', {
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        maxLifetimeSec: 900,
      });
      const { iss: _iss, aud: _aud, iat: _iat, nbf: _nbf, exp: _exp, ...claims } = claimsOf(session.accessToken);
      const forged = oldDefault.sign(
        { ...claims, role: 'superadmin', tid: null },
        900,
        Math.floor(clock.now().getTime() / 1000),
      );
      expect((await statusWith(forged)).status).toBe(401);
    });
  });
});
