import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import type { TeamResponse } from '@shared/api/team.types';
import { expectStatus } from './support/api-client';
import { freshTenant, signIn, type FreshTenant } from './support/api-actions';
import { useApiSuite } from './support/api-suite';
import { documentedResponses, type DocumentedResponses } from './support/openapi-responses';
import { testClock, TEST_DATABASES, type TestApp } from './support/test-app';

const DAY_MS = 24 * 3600 * 1000;
const COLLEAGUE_PASSWORD = 'colleague-pass';

/** The invitation link of the newest mail to `to`, read from the outbox as the invitee reads their inbox. */
async function invitationLink(app: TestApp, to: string): Promise<URL> {
  const outbox = await app.request<{ messages: Array<{ kind: string; text: string }> }>(
    'GET',
    `${apiRoutes.testSupport.outbox()}?to=${encodeURIComponent(to)}`,
  );
  const mail = outbox.body.messages.find((message) => message.kind === 'invitation');
  const link = /(https?:\/\/\S+)/.exec(mail?.text ?? '')?.[1];
  if (!link) throw new Error(`no invitation mail for ${to}`);
  return new URL(link);
}

const tokenOf = (link: URL) => link.searchParams.get('invitation') ?? '';

describe.each(TEST_DATABASES)('team and invitations (%s)', (kind) => {
  const clock = testClock();
  const suite = useApiSuite(kind, { clock, config: { registrationsPerAddressPerHour: 100 } });
  let docs: DocumentedResponses;
  let sequence = 0;
  const address = (label: string) => `${label}-${kind}-${Date.now()}-${sequence++}@colleagues.parley.test`;

  beforeAll(async () => {
    docs = await documentedResponses(suite.app);
  });

  const invite = (tenant: FreshTenant, email: string, role?: string, token = tenant.admin.token) =>
    suite.app.request('POST', apiRoutes.tenant.invite(), { token, body: role ? { email, role } : { email } });

  const team = async (tenant: FreshTenant): Promise<TeamResponse> => {
    const response = await suite.app.request<TeamResponse>('GET', apiRoutes.team.members(tenant.id), {
      token: tenant.admin.token,
    });
    return docs.expectDocumented(expectStatus(response, 200, 'team'), 'GET', apiRoutes.team.members).body;
  };

  const register = (email: string, invitationToken: string) =>
    suite.app.request('POST', apiRoutes.auth.register(), {
      body: { name: 'Casey Colleague', email, password: COLLEAGUE_PASSWORD, invitationToken },
    });

  /** Invites `email` as `role` and registers them through the mailed link; their sign-in. */
  async function joinTeam(tenant: FreshTenant, role: 'user' | 'admin' = 'user') {
    const email = address(role);
    expectStatus(await invite(tenant, email, role), 201, 'invite');
    expectStatus(await register(email, tokenOf(await invitationLink(suite.app, email))), 202, 'join');
    return { email, ...(await suite.app.login(email, COLLEAGUE_PASSWORD)) };
  }

  describe('inviting', () => {
    it('mails a single-use link that registers the invitee into the tenant with the invited role', async () => {
      const email = address('colleague');
      const sent = docs.expectDocumented(await invite(suite.tenant, email, 'admin'), 'POST', apiRoutes.tenant.invite);
      expect(sent.status).toBe(201);
      expect(sent.body.invitation).toMatchObject({ inviteeEmail: email, role: 'admin' });
      expect(Date.parse(sent.body.invitation.expiresAt) - clock.now().getTime()).toBe(7 * DAY_MS);

      const link = await invitationLink(suite.app, email);
      expect(link.pathname).toBe('/register');
      const token = tokenOf(link);
      expect(token.length).toBeGreaterThanOrEqual(43);
      const stored = await suite.app.deps.db('invitations').where({ invitee_email: email }).first();
      expect(JSON.stringify(stored)).not.toContain(token);

      const details = await suite.app.request('GET', apiRoutes.invitations.byToken(token));
      docs.expectDocumented(details, 'GET', apiRoutes.invitations.byToken);
      expect(details.body).toEqual({
        inviteeEmail: email,
        tenant: { name: suite.tenant.name },
        inviter: { username: expect.any(String), email: suite.tenant.admin.email },
      });
      expect((await team(suite.tenant)).invitations.map((i) => i.inviteeEmail)).toContain(email);

      expect((await register(email, token)).status).toBe(202);
      const joined = await suite.app.login(email, COLLEAGUE_PASSWORD);
      expect(joined.user).toMatchObject({ email, tenantId: suite.tenant.id, role: 'admin' });
      const after = await team(suite.tenant);
      expect(after.users).toContainEqual(
        expect.objectContaining({ id: joined.user.id, email, role: 'admin', isTenantOwner: false }),
      );
      expect(after.invitations.map((i) => i.inviteeEmail)).not.toContain(email);

      const used = await suite.app.request('GET', apiRoutes.invitations.byToken(token));
      expect(used.status).toBe(410);
      expect(used.body.message).toBe('This invitation has already been used. Ask the sender for a new link.');
      expect((await register(address('again'), token)).status).toBe(400);
    });

    it('invites as user by default and binds the link to the invited address', async () => {
      const email = address('default-role');
      expect((await invite(suite.tenant, email)).body.invitation.role).toBe('user');
      const token = tokenOf(await invitationLink(suite.app, email));
      const other = await register(address('someone-else'), token);
      expect(other.status).toBe(400);
      expect(other.body.message).toBe('This invitation is invalid or has expired. Ask the sender for a new link.');
      expect((await register(email, token)).status).toBe(202);
      expect((await suite.app.login(email, COLLEAGUE_PASSWORD)).user).toMatchObject({
        role: 'user',
        tenantId: suite.tenant.id,
      });
    });

    it('replaces the pending invitation when the same address is invited again', async () => {
      const email = address('twice');
      await invite(suite.tenant, email, 'user');
      const first = tokenOf(await invitationLink(suite.app, email));
      await invite(suite.tenant, email, 'admin');
      const second = tokenOf(await invitationLink(suite.app, email));
      expect(second).not.toBe(first);
      const revoked = await suite.app.request('GET', apiRoutes.invitations.byToken(first));
      expect(revoked.status).toBe(410);
      expect(revoked.body.message).toBe('This invitation has been revoked. Ask the sender for a new link.');
      const pending = (await team(suite.tenant)).invitations.filter((i) => i.inviteeEmail === email);
      expect(pending).toEqual([expect.objectContaining({ role: 'admin' })]);
    });

    it('refuses on a plan without team members, with a message saying so', async () => {
      const starter = await freshTenant(suite.app, { plan: 'starter' });
      const refused = await invite(starter, address('starter'));
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('PLAN_LIMIT_REACHED');
      expect(refused.body.message).toBe(
        'Your plan does not include team members. Upgrade your plan to invite colleagues.',
      );
    });

    it('refuses a member of the team, and invites an address with an account elsewhere as any other', async () => {
      const other = await freshTenant(suite.app);
      const elsewhere = await invite(suite.tenant, other.user.email);
      const nobody = await invite(suite.tenant, address('nobody'));
      expect(elsewhere.status).toBe(nobody.status);
      expect(Object.keys(elsewhere.body).sort()).toEqual(Object.keys(nobody.body).sort());
      expect(JSON.stringify(elsewhere.body)).not.toMatch(/another organisation|already/);
      const member = await invite(suite.tenant, suite.tenant.user.email);
      expect(member.status).toBe(409);
      expect(member.body.code).toBe('INVITEE_ALREADY_MEMBER');
      expect(member.body.message).toBe(`${suite.tenant.user.email} is already a member of your team.`);
    });

    it('validates the address and the role with the spec texts', async () => {
      const badEmail = await invite(suite.tenant, 'not-an-address');
      expect(badEmail.status).toBe(400);
      expect(badEmail.body).toMatchObject({
        message: 'Invalid email format',
        fields: { email: 'Invalid email format' },
      });
      const badRole = await invite(suite.tenant, address('role'), 'superadmin');
      expect(badRole.status).toBe(400);
      expect(badRole.body.fields).toEqual({ role: 'Role must be user or admin' });
    });

    it('is for admins only', async () => {
      expect((await invite(suite.tenant, address('by-user'), 'user', suite.tenant.user.token)).status).toBe(403);
    });

    it('resends with a fresh link that replaces the old one, and revokes', async () => {
      const email = address('resend');
      const sent = await invite(suite.tenant, email);
      const first = tokenOf(await invitationLink(suite.app, email));
      const id = sent.body.invitation.id as string;
      const resent = await suite.app.request('POST', apiRoutes.team.resendInvitation(suite.tenant.id, id), {
        token: suite.tenant.admin.token,
      });
      docs.expectDocumented(expectStatus(resent, 200, 'resend'), 'POST', apiRoutes.team.resendInvitation);
      const second = tokenOf(await invitationLink(suite.app, email));
      expect(second).not.toBe(first);
      expect((await suite.app.request('GET', apiRoutes.invitations.byToken(first))).status).toBe(404);
      expect((await suite.app.request('GET', apiRoutes.invitations.byToken(second))).status).toBe(200);

      const revoked = await suite.app.request('DELETE', apiRoutes.team.invitation(suite.tenant.id, id), {
        token: suite.tenant.admin.token,
      });
      docs.expectDocumented(expectStatus(revoked, 200, 'revoke'), 'DELETE', apiRoutes.team.invitation);
      expect((await suite.app.request('GET', apiRoutes.invitations.byToken(second))).status).toBe(410);
      expect((await register(email, second)).status).toBe(400);
      const again = await suite.app.request('DELETE', apiRoutes.team.invitation(suite.tenant.id, id), {
        token: suite.tenant.admin.token,
      });
      expect(again.status).toBe(404);
    });

    it("cannot resend or revoke another tenant's invitation", async () => {
      const other = await freshTenant(suite.app);
      const id = (await invite(other, address('theirs'))).body.invitation.id as string;
      for (const [method, path] of [
        ['POST', apiRoutes.team.resendInvitation(suite.tenant.id, id)],
        ['DELETE', apiRoutes.team.invitation(suite.tenant.id, id)],
        ['DELETE', apiRoutes.team.invitation(other.id, id)],
      ] as const) {
        const response = await suite.app.request(method, path, { token: suite.tenant.admin.token });
        expect(response.status, `${method} ${path}`).toBe(404);
      }
    });
  });

  describe('Your Team', () => {
    it('lists the members with id, username, email, owner flag and role', async () => {
      const { users } = await team(suite.tenant);
      expect(users).toContainEqual({
        id: expect.any(String),
        username: expect.any(String),
        email: suite.tenant.admin.email,
        isTenantOwner: true,
        role: 'admin',
      });
      expect(users).toContainEqual(expect.objectContaining({ email: suite.tenant.user.email, isTenantOwner: false }));
    });

    it("answers 404 for another tenant's team and 403 to a plain member", async () => {
      const other = await freshTenant(suite.app);
      const foreign = await suite.app.request('GET', apiRoutes.team.members(other.id), {
        token: suite.tenant.admin.token,
      });
      expect(foreign.status).toBe(404);
      const byUser = await suite.app.request('GET', apiRoutes.team.members(suite.tenant.id), {
        token: suite.tenant.user.token,
      });
      expect(byUser.status).toBe(403);
    });
  });

  describe('removal', () => {
    const remove = (tenantId: string, userId: string, token: string) =>
      suite.app.request('DELETE', apiRoutes.team.member(tenantId, userId), { token });
    const idOf = async (tenant: FreshTenant, email: string) =>
      (await team(tenant)).users.find((user) => user.email === email)?.id ?? '';

    it('refuses to remove yourself', async () => {
      const tenant = await freshTenant(suite.app);
      const response = await remove(tenant.id, await idOf(tenant, tenant.admin.email), tenant.admin.token);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('You cannot remove yourself.');
      expect(response.body.code).toBe('TEAM_CANNOT_REMOVE_SELF');
    });

    it('refuses to remove the tenant owner', async () => {
      const tenant = await freshTenant(suite.app);
      const second = await joinTeam(tenant, 'admin');
      const response = await remove(tenant.id, await idOf(tenant, tenant.admin.email), second.accessToken);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('Cannot remove the tenant owner.');
      expect(response.body.code).toBe('TEAM_OWNER_NOT_REMOVABLE');
    });

    it('removes only within your own tenant', async () => {
      const tenant = await freshTenant(suite.app);
      const other = await freshTenant(suite.app);
      const theirs = await idOf(other, other.user.email);
      expect((await remove(tenant.id, theirs, tenant.admin.token)).status).toBe(404);
      expect((await remove(other.id, theirs, tenant.admin.token)).status).toBe(404);
      expect((await remove(tenant.id, await idOf(tenant, tenant.admin.email), tenant.user.token)).status).toBe(403);
      expect(await idOf(other, other.user.email)).toBe(theirs);
    });

    it("removes a member and ends the member's sessions at once", async () => {
      const tenant = await freshTenant(suite.app);
      const session = await signIn(suite.app, tenant.user.email, tenant.user.password);
      // The tenant route reads no user row itself, so only the session check can refuse it.
      const status = () => suite.app.request('GET', apiRoutes.tenant.current(), { token: session.accessToken });
      expect((await status()).status).toBe(200);
      const removed = await remove(tenant.id, await idOf(tenant, tenant.user.email), tenant.admin.token);
      docs.expectDocumented(expectStatus(removed, 200, 'removal'), 'DELETE', apiRoutes.team.member);
      expect((await status()).status).toBe(401);
      const refreshed = await suite.app.request('POST', apiRoutes.auth.refresh(), {
        body: { refreshToken: session.refreshToken },
      });
      expect(refreshed.status).toBe(401);
      expect((await team(tenant)).users.map((user) => user.email)).not.toContain(tenant.user.email);
      const again = await suite.app.request('POST', apiRoutes.auth.login(), {
        body: { email: tenant.user.email, password: tenant.user.password },
      });
      expect(again.status).toBe(401);
    });
  });

  describe('role changes', () => {
    const changeRole = (tenant: FreshTenant, userId: string, role: string, token = tenant.admin.token) =>
      suite.app.request('PATCH', apiRoutes.team.member(tenant.id, userId), { token, body: { role } });

    it("moves a member between user and admin, ending the member's sessions so the new role applies", async () => {
      const tenant = await freshTenant(suite.app);
      const userId = (await team(tenant)).users.find((user) => user.email === tenant.user.email)?.id ?? '';
      const before = await suite.app.request('GET', apiRoutes.apiKeys.collection(), { token: tenant.user.token });
      expect(before.status).toBe(403);

      const promoted = await changeRole(tenant, userId, 'admin');
      docs.expectDocumented(expectStatus(promoted, 200, 'promotion'), 'PATCH', apiRoutes.team.member);
      expect(promoted.body.user).toMatchObject({ id: userId, role: 'admin' });
      expect((await suite.app.request('GET', apiRoutes.auth.status(), { token: tenant.user.token })).status).toBe(401);

      const fresh = await signIn(suite.app, tenant.user.email, tenant.user.password);
      expect(fresh.user.role).toBe('admin');
      const after = await suite.app.request('GET', apiRoutes.apiKeys.collection(), { token: fresh.accessToken });
      expect(after.status).toBe(200);

      expect((await changeRole(tenant, userId, 'user')).body.user.role).toBe('user');
      const demoted = await suite.app.request('GET', apiRoutes.apiKeys.collection(), { token: fresh.accessToken });
      expect(demoted.status).toBe(401);
    });

    it('never revives a token by changing the role back: admin → user → admin', async () => {
      const tenant = await freshTenant(suite.app);
      const member = await joinTeam(tenant, 'admin');
      const asAdmin = member.accessToken;
      expectStatus(await changeRole(tenant, member.user.id, 'user'), 200, 'demotion');
      const asUser = (await signIn(suite.app, member.user.email, 'colleague-pass')).accessToken;
      expectStatus(await changeRole(tenant, member.user.id, 'admin'), 200, 'promotion');
      const statuses = await Promise.all(
        [asAdmin, asUser].map(
          async (token) => (await suite.app.request('GET', apiRoutes.apiKeys.collection(), { token })).status,
        ),
      );
      const revived = statuses.filter((status) => status !== 401).length;
      expect({ statuses, revived }).toEqual({ statuses: [401, 401], revived: 0 });
    });

    it('never changes your own role or the owner, and only to user or admin', async () => {
      const tenant = await freshTenant(suite.app);
      const second = await joinTeam(tenant, 'admin');
      const members = (await team(tenant)).users;
      const ownerId = members.find((user) => user.isTenantOwner)?.id ?? '';
      const own = await changeRole(tenant, second.user.id, 'user', second.accessToken);
      expect(own.body.message).toBe('You cannot change your own role.');
      const owner = await changeRole(tenant, ownerId, 'user', second.accessToken);
      expect(owner.status).toBe(403);
      expect(owner.body.message).toBe('Cannot change the role of the tenant owner.');
      expect((await changeRole(tenant, second.user.id, 'superadmin')).status).toBe(400);
    });
  });

  it('writes invitations, resends, revocations, role changes and removals to the audit log, by the admin', async () => {
    const tenant = await freshTenant(suite.app);
    const members = (await team(tenant)).users;
    const idOf = (email: string) => members.find((user) => user.email === email)?.id ?? '';
    const [adminId, memberId] = [idOf(tenant.admin.email), idOf(tenant.user.email)];
    const asAdmin = { token: tenant.admin.token };
    const email = address('audited');
    const invitationId = expectStatus(await invite(tenant, email, 'admin'), 201, 'invite').body.invitation.id as string;
    const steps = [
      await suite.app.request('POST', apiRoutes.team.resendInvitation(tenant.id, invitationId), asAdmin),
      await suite.app.request('DELETE', apiRoutes.team.invitation(tenant.id, invitationId), asAdmin),
      await suite.app.request('PATCH', apiRoutes.team.member(tenant.id, memberId), {
        ...asAdmin,
        body: { role: 'admin' },
      }),
      await suite.app.request('DELETE', apiRoutes.team.member(tenant.id, memberId), asAdmin),
    ];
    for (const step of steps) expectStatus(step, 200, 'team change');
    const rows = (await suite.app.deps
      .db('audit_log')
      .where({ tenant_id: tenant.id })
      .whereLike('event', 'team.%')) as Array<{
      event: string;
      actor_user_id: string;
      request_id: string;
      details: string;
    }>;
    const audited = rows.map((row) => ({
      event: row.event,
      actor: row.actor_user_id,
      requestId: typeof row.request_id,
      details: JSON.parse(row.details) as unknown,
    }));
    const byAdmin = { actor: adminId, requestId: 'string' };
    // Entries of one test-clock instant are in no particular order.
    expect(audited).toHaveLength(5);
    expect(audited).toEqual(
      expect.arrayContaining([
        { event: 'team.invited', ...byAdmin, details: { invitationId, email, role: 'admin' } },
        { event: 'team.invitation.resent', ...byAdmin, details: { invitationId, email } },
        { event: 'team.invitation.revoked', ...byAdmin, details: { invitationId } },
        { event: 'team.member.role-changed', ...byAdmin, details: { userId: memberId, from: 'user', to: 'admin' } },
        {
          event: 'team.member.removed',
          ...byAdmin,
          details: { userId: memberId, email: tenant.user.email, role: 'admin' },
        },
      ]),
    );
  });

  it('expires a link after 7 days, and says so', async () => {
    const email = address('late');
    await invite(suite.tenant, email);
    const token = tokenOf(await invitationLink(suite.app, email));
    const start = clock.now();
    try {
      clock.advance(7 * DAY_MS - 1000);
      expect((await suite.app.request('GET', apiRoutes.invitations.byToken(token))).status).toBe(200);
      clock.advance(2000);
      const expired = await suite.app.request('GET', apiRoutes.invitations.byToken(token));
      expect(expired.status).toBe(410);
      expect(expired.body.message).toBe('This invitation has expired. Ask the sender for a new link.');
      expect((await register(email, token)).status).toBe(400);
    } finally {
      clock.set(start);
    }
  });
});
