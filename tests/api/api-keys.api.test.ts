import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, CreatedApiKeyResponse } from '@shared/api/api-keys.types';
import {
  API_KEY_PERMISSIONS,
  API_KEY_SCOPES,
  MANAGEMENT,
  PUBLIC,
  SESSION_ONLY,
  type ApiKeyScope,
} from '@shared/api/permissions';
import { API_OPERATIONS, apiRoutes } from '@shared/api/routes';
import type { InviteResponse, TeamResponse } from '@shared/api/team.types';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { sha256Hex } from '../../server/src/lib/secrets';
import { expectStatus } from './support/api-client';
import { createTestTenant, freshTenant, signIn, type FreshTenant } from './support/api-actions';
import { useApiSuite } from './support/api-suite';
import { documentedResponses, type DocumentedResponses } from './support/openapi-responses';
import { testClock, TEST_DATABASES, type TestApp } from './support/test-app';

interface KeyOptions {
  scope?: ApiKeyScope;
  permissions?: readonly string[];
  expiresAt?: string;
  name?: string;
}

/** Creates a key as the tenant's admin (or with another key); the secret and the listed key. */
async function createKey(
  app: TestApp,
  tenant: FreshTenant,
  options: KeyOptions = {},
  credentials: { token?: string; headers?: Record<string, string> } = { token: tenant.admin.token },
): Promise<CreatedApiKeyResponse> {
  const response = await app.request<CreatedApiKeyResponse>('POST', apiRoutes.apiKeys.collection(), {
    ...credentials,
    body: { name: options.name ?? 'Integration', scope: 'read_only', permissions: [], ...options },
  });
  return expectStatus(response, 201, 'key creation').body;
}

const withKey = (key: string) => ({ headers: { 'x-api-key': key } });
const asBearer = (key: string) => ({ token: key });

describe.each(TEST_DATABASES)('API keys (%s)', (kind) => {
  const clock = testClock();
  const suite = useApiSuite(kind, { clock });
  let docs: DocumentedResponses;

  beforeAll(async () => {
    docs = await documentedResponses(suite.app);
  });

  const agents = (credentials: { token?: string; headers?: Record<string, string> }) =>
    suite.app.request('GET', apiRoutes.agents.collection(), credentials);

  describe('managing keys', () => {
    it('shows the key once as prly_<id>_<secret>, stores only the hash of the secret, and lists prefix and last four', async () => {
      const response = await suite.app.request('POST', apiRoutes.apiKeys.collection(), {
        token: suite.tenant.admin.token,
        body: {
          name: 'Zapier',
          description: 'Reads agents',
          scope: 'read_write',
          permissions: ['agents:read', 'calls:read'],
        },
      });
      docs.expectDocumented(response, 'POST', apiRoutes.apiKeys.collection);
      expect(response.status).toBe(201);
      const { apiKey, key } = response.body as CreatedApiKeyResponse;
      expect(apiKey).toMatch(/^prly_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
      const secret = apiKey.slice('prly_'.length + 17);
      expect(key).toMatchObject({
        name: 'Zapier',
        description: 'Reads agents',
        scope: 'read_write',
        permissions: ['agents:read', 'calls:read'],
        active: true,
        expiresAt: null,
        lastUsedAt: null,
        lastUsedIp: null,
      });
      expect(key.prefix).toBe(apiKey.slice(0, 'prly_'.length + 16));
      expect(key.lastFour).toBe(apiKey.slice(-4));

      const row = await suite.app.deps.db('api_keys').where({ id: key.id }).first();
      expect(row.api_key_hash).toBe(sha256Hex(secret));
      expect(JSON.stringify(row)).not.toContain(secret.slice(0, -4));

      const list = await suite.app.request('GET', apiRoutes.apiKeys.collection(), { token: suite.tenant.admin.token });
      docs.expectDocumented(list, 'GET', apiRoutes.apiKeys.collection);
      expect(list.text).not.toContain(secret.slice(0, -4));
      expect(list.body.apiKeys).toContainEqual(
        expect.objectContaining({ id: key.id, prefix: key.prefix, lastFour: key.lastFour }),
      );
    });

    it('validates with the spec texts', async () => {
      const create = (body: Record<string, unknown>) =>
        suite.app.request('POST', apiRoutes.apiKeys.collection(), { token: suite.tenant.admin.token, body });
      expect((await create({ name: '' })).body.message).toBe('API key name is required');
      expect((await create({ name: 'x'.repeat(101) })).body.message).toBe('Name must be 100 characters or less');
      expect((await create({ name: 'k', scope: 'root' })).status).toBe(400);
      expect((await create({ name: 'k', permissions: ['billing:write'] })).status).toBe(400);
      expect((await create({ name: 'k', expiresAt: 'tomorrow' })).status).toBe(400);
      const past = await create({ name: 'k', expiresAt: new Date(clock.now().getTime() - 1000).toISOString() });
      expect(past.body.fields).toEqual({ expiresAt: 'Expiry must be in the future' });
    });

    it('edits name, description and the active flag, and deletes', async () => {
      const { key } = await createKey(suite.app, suite.tenant);
      const patched = await suite.app.request('PATCH', apiRoutes.apiKeys.byId(key.id), {
        token: suite.tenant.admin.token,
        body: { name: 'Renamed', description: 'Nightly export', active: false },
      });
      docs.expectDocumented(patched, 'PATCH', apiRoutes.apiKeys.byId);
      expect(patched.body.key).toMatchObject({ name: 'Renamed', description: 'Nightly export', active: false });
      const deleted = await suite.app.request('DELETE', apiRoutes.apiKeys.byId(key.id), {
        token: suite.tenant.admin.token,
      });
      docs.expectDocumented(deleted, 'DELETE', apiRoutes.apiKeys.byId);
      const list = await suite.app.request('GET', apiRoutes.apiKeys.collection(), { token: suite.tenant.admin.token });
      expect(list.body.apiKeys.map((k: ApiKey) => k.id)).not.toContain(key.id);
    });

    it("never reaches another tenant's keys", async () => {
      const other = await freshTenant(suite.app);
      const { key } = await createKey(suite.app, other);
      for (const [method, body] of [
        ['PATCH', { active: false }],
        ['DELETE', undefined],
      ] as const) {
        const response = await suite.app.request(method, apiRoutes.apiKeys.byId(key.id), {
          token: suite.tenant.admin.token,
          body,
        });
        expect(response.status).toBe(404);
      }
      const list = await suite.app.request('GET', apiRoutes.apiKeys.collection(), { token: other.admin.token });
      expect(list.body.apiKeys).toContainEqual(expect.objectContaining({ id: key.id, active: true }));
    });
  });

  describe('authenticating with a key', () => {
    it('accepts the key as a bearer credential and in X-API-Key, for its own tenant', async () => {
      const { apiKey } = await createKey(suite.app, suite.tenant, { permissions: ['agents:read'] });
      expect((await agents(asBearer(apiKey))).status).toBe(200);
      expect((await agents(withKey(apiKey))).status).toBe(200);
      const tenant = await suite.app.request('GET', apiRoutes.tenant.current(), withKey(apiKey));
      expect(tenant.status).toBe(403);
    });

    it('refuses a key sent in the query string, and does not use it', async () => {
      const { apiKey } = await createKey(suite.app, suite.tenant, { permissions: ['agents:read'] });
      for (const name of ['api_key', 'apiKey', 'key']) {
        const response = await suite.app.request('GET', `${apiRoutes.agents.collection()}?${name}=${apiKey}`, {});
        expect(response.status, name).toBe(400);
        expect(response.body.message).toBe(
          'Send API keys in the X-API-Key header or as a bearer token, never in the URL.',
        );
      }
      // Beside a valid credential too: the URL's copy is refused, not ignored.
      const beside = await suite.app.request(
        'GET',
        `${apiRoutes.agents.collection()}?api_key=${apiKey}`,
        withKey(apiKey),
      );
      expect(beside.status).toBe(400);
    });

    it('refuses unknown keys with 401', async () => {
      expect((await agents(withKey('prly_nonsense'))).status).toBe(401);
      expect((await agents(asBearer(`prly_${'A'.repeat(43)}`))).status).toBe(401);
      expect((await agents(asBearer(`prly_${'0'.repeat(16)}_${'A'.repeat(43)}`))).status).toBe(401);
      expect((await agents(withKey('not-even-a-key'))).status).toBe(401);
    });

    it("refuses a key's secret under another key's id", async () => {
      const first = await createKey(suite.app, suite.tenant, { permissions: ['agents:read'] });
      const second = await createKey(suite.app, suite.tenant, { permissions: ['agents:read'] });
      const secretOf = (apiKey: string) => apiKey.slice('prly_'.length + 17);
      expect((await agents(withKey(`${second.key.prefix}_${secretOf(first.apiKey)}`))).status).toBe(401);
      expect((await agents(withKey(`prly_${'f'.repeat(16)}_${secretOf(first.apiKey)}`))).status).toBe(401);
      expect((await agents(withKey(first.apiKey))).status).toBe(200);
    });

    it('still accepts a key made before keys carried their id, and lists it without a last four', async () => {
      const legacyKey = `prly_${'L'.repeat(43)}`;
      const id = randomUUID();
      const admin = await suite.app.deps.db('users').where({ email: suite.tenant.admin.email }).first();
      await suite.app.deps.db('api_keys').insert({
        id,
        tenant_id: suite.tenant.id,
        name: 'Made before ids',
        key_prefix: legacyKey.slice(0, 13),
        api_key_hash: sha256Hex(legacyKey),
        permissions: JSON.stringify(['agents:read']),
        scope: 'read_only',
        active: true,
        created_by_user_id: admin.id,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      });
      expect((await agents(withKey(legacyKey))).status).toBe(200);
      const list = await suite.app.request('GET', apiRoutes.apiKeys.collection(), { token: suite.tenant.admin.token });
      expect(list.body.apiKeys).toContainEqual(
        expect.objectContaining({ id, prefix: 'prly_LLLLLLLL', lastFour: null }),
      );
    });

    // Some seven hundred requests: a longer timeout, for a busy machine.
    it('passes a route only with its permission and a scope that allows the method, on every route', async () => {
      const everything = [...API_KEY_PERMISSIONS];
      const keys = new Map<string, string>();
      for (const scope of API_KEY_SCOPES) {
        for (const permissions of [everything, []]) {
          keys.set(
            `${scope}/${permissions.length}`,
            (await createKey(suite.app, suite.tenant, { scope, permissions })).apiKey,
          );
        }
      }
      const problems: string[] = [];
      for (const { method, path, key: requirement } of API_OPERATIONS) {
        if (requirement === PUBLIC) continue;
        for (const scope of API_KEY_SCOPES) {
          for (const held of [everything, []]) {
            const isRead = method === 'GET';
            const expected =
              requirement === SESSION_ONLY
                ? false
                : requirement === MANAGEMENT
                  ? scope === 'admin'
                  : held.includes(requirement) &&
                    (requirement === 'team:manage' ? scope === 'admin' : isRead || scope !== 'read_only');
            const response = await suite.app.request(
              method,
              path.replace(/:[A-Za-z]+/g, () => randomUUID()),
              {
                ...withKey(keys.get(`${scope}/${held.length}`) ?? ''),
                body: isRead ? undefined : {},
              },
            );
            const allowed = response.status !== 401 && response.status !== 403;
            if (allowed !== expected || response.status >= 500) {
              problems.push(`${method} ${path} ${scope} ${held.length ? 'all' : 'none'}: ${response.status}`);
            }
          }
        }
      }
      expect(problems).toEqual([]);
    }, 120_000);

    it('never reaches superadmin routes, even with every permission and the admin scope', async () => {
      const { apiKey } = await createKey(suite.app, suite.tenant, {
        scope: 'admin',
        permissions: [...API_KEY_PERMISSIONS],
      });
      const response = await suite.app.request('GET', apiRoutes.admin.overview(), withKey(apiKey));
      expect(response.status).toBe(403);
      const superadmin = await suite.app.login(DEMO_ACCOUNTS.superadmin.email);
      expect(
        (await suite.app.request('GET', apiRoutes.admin.overview(), { token: superadmin.accessToken })).status,
      ).toBe(200);
    });

    it("never reaches another tenant's data", async () => {
      const other = await freshTenant(suite.app);
      const { apiKey } = await createKey(suite.app, suite.tenant, { scope: 'admin', permissions: ['team:manage'] });
      const theirKey = (await createKey(suite.app, other)).key;
      expect((await suite.app.request('GET', apiRoutes.team.members(other.id), withKey(apiKey))).status).toBe(404);
      expect(
        (
          await suite.app.request('PATCH', apiRoutes.apiKeys.byId(theirKey.id), {
            ...withKey(apiKey),
            body: { active: false },
          })
        ).status,
      ).toBe(404);
      const ours = await suite.app.request('GET', apiRoutes.apiKeys.collection(), withKey(apiKey));
      expect(ours.body.apiKeys.map((k: ApiKey) => k.id)).not.toContain(theirKey.id);
      expect((await suite.app.request('GET', apiRoutes.team.members(suite.tenant.id), withKey(apiKey))).status).toBe(
        200,
      );
    });

    it('never mints a key, and never reactivates one a person revoked', async () => {
      const admin = await createKey(suite.app, suite.tenant, { scope: 'admin', permissions: [...API_KEY_PERMISSIONS] });
      const minted = await suite.app.request('POST', apiRoutes.apiKeys.collection(), {
        ...withKey(admin.apiKey),
        body: { name: 'Minted', scope: 'read_only' },
      });
      expect(minted.status).toBe(403);
      expect(minted.body.code).toBe('API_KEY_NOT_PERMITTED');
      const revoked = await createKey(suite.app, suite.tenant, { permissions: ['agents:read'] });
      const asKey = (body: object) =>
        suite.app.request('PATCH', apiRoutes.apiKeys.byId(revoked.key.id), { ...withKey(admin.apiKey), body });
      expectStatus(await asKey({ active: false, name: 'Revoked' }), 200, 'revoking and renaming by key');
      const reactivated = await asKey({ active: true });
      expect(reactivated.status).toBe(403);
      expect(reactivated.body.code).toBe('API_KEY_CANNOT_REACTIVATE');
      expect((await agents(withKey(revoked.apiKey))).status).toBe(401);
    });

    it('stops the moment the key is deactivated or deleted', async () => {
      const { apiKey, key } = await createKey(suite.app, suite.tenant, { permissions: ['agents:read'] });
      expect((await agents(withKey(apiKey))).status).toBe(200);
      await suite.app.request('PATCH', apiRoutes.apiKeys.byId(key.id), {
        token: suite.tenant.admin.token,
        body: { active: false },
      });
      expect((await agents(withKey(apiKey))).status).toBe(401);
      await suite.app.request('PATCH', apiRoutes.apiKeys.byId(key.id), {
        token: suite.tenant.admin.token,
        body: { active: true },
      });
      expect((await agents(withKey(apiKey))).status).toBe(200);
      await suite.app.request('DELETE', apiRoutes.apiKeys.byId(key.id), { token: suite.tenant.admin.token });
      expect((await agents(withKey(apiKey))).status).toBe(401);
    });

    it('audits creation, changes, deletion and refused uses, once a minute per key and address, never the secret', async () => {
      const tenant = await freshTenant(suite.app);
      const admin = await suite.app.deps.db('users').where({ email: tenant.admin.email }).first();
      const auditOf = async () =>
        (await suite.app.deps.db('audit_log').where({ tenant_id: tenant.id }).whereLike('event', 'api-key.%')).map(
          (row: { event: string; actor_user_id: string | null; request_id: string | null; details: string }) => ({
            event: row.event,
            actor: row.actor_user_id,
            hasRequestId: row.request_id !== null,
            details: JSON.parse(row.details) as Record<string, unknown>,
          }),
        );
      const { apiKey, key } = await createKey(suite.app, tenant, { permissions: ['agents:read'], name: 'Audited' });
      const phoneNumbers = () => suite.app.request('GET', apiRoutes.phoneNumbers.list(), withKey(apiKey));
      expect((await phoneNumbers()).status).toBe(403);
      const revoke = await suite.app.request('PATCH', apiRoutes.apiKeys.byId(key.id), {
        token: tenant.admin.token,
        body: { active: false },
      });
      expectStatus(revoke, 200, 'revoking');
      expect((await agents(withKey(apiKey))).status).toBe(401);
      expect((await agents(withKey(apiKey))).status).toBe(401);
      expectStatus(
        await suite.app.request('DELETE', apiRoutes.apiKeys.byId(key.id), { token: tenant.admin.token }),
        200,
        'deleting',
      );
      const byAdmin = { actor: admin.id, hasRequestId: true };
      const refused = { event: 'api-key.refused', actor: null, hasRequestId: true };
      // Entries of one test-clock instant are in no particular order.
      const audited = await auditOf();
      expect(audited).toHaveLength(5);
      expect(audited).toEqual(
        expect.arrayContaining([
          {
            event: 'api-key.created',
            ...byAdmin,
            details: {
              keyId: key.id,
              name: 'Audited',
              scope: 'read_only',
              permissions: ['agents:read'],
              expiresAt: null,
            },
          },
          {
            ...refused,
            details: {
              keyId: key.id,
              reason: 'not-permitted',
              method: 'GET',
              route: apiRoutes.phoneNumbers.list.pattern,
            },
          },
          { event: 'api-key.updated', ...byAdmin, details: { keyId: key.id, change: { active: false } } },
          // The second use of the revoked key within the minute is refused without another entry.
          {
            ...refused,
            details: { keyId: key.id, reason: 'inactive', method: 'GET', route: apiRoutes.agents.collection.pattern },
          },
          { event: 'api-key.deleted', ...byAdmin, details: { keyId: key.id } },
        ]),
      );

      const unknown = `prly_${randomUUID().replaceAll('-', '')}`;
      expect((await agents(withKey(unknown))).status).toBe(401);
      const [guessed] = await suite.app.deps
        .db('audit_log')
        .where({ event: 'api-key.refused' })
        .whereNull('tenant_id')
        .whereLike('details', `%${unknown.slice(0, 13)}%`);
      expect(JSON.parse(guessed.details)).toEqual({
        prefix: unknown.slice(0, 13),
        reason: 'unknown',
        method: 'GET',
        route: apiRoutes.agents.collection.pattern,
      });
      const everything = JSON.stringify(await suite.app.deps.db('audit_log'));
      expect(everything).not.toContain(apiKey.slice(13));
      expect(everything).not.toContain(unknown.slice(13));
    });

    it('stops when it expires', async () => {
      const expiresAt = new Date(clock.now().getTime() + 3600_000).toISOString();
      const { apiKey, key } = await createKey(suite.app, suite.tenant, { permissions: ['agents:read'], expiresAt });
      expect(key.expiresAt).toBe(expiresAt);
      const start = clock.now();
      try {
        clock.advance(3600_000 - 1000);
        expect((await agents(withKey(apiKey))).status).toBe(200);
        clock.advance(1000);
        expect((await agents(withKey(apiKey))).status).toBe(401);
      } finally {
        clock.set(start);
      }
    });

    it('follows the billing gate of its tenant', async () => {
      const delinquent = await freshTenant(suite.app, { billingStatus: 'delinquent' });
      const { apiKey } = await createKey(suite.app, delinquent, { permissions: ['agents:read'] });
      expect((await agents(withKey(apiKey))).status).toBe(402);
    });

    it('records when and from where it was last used, at most once a minute', async () => {
      const { apiKey, key } = await createKey(suite.app, suite.tenant, { permissions: ['agents:read'] });
      const lastUsed = async () =>
        (
          (await suite.app.request('GET', apiRoutes.apiKeys.collection(), { token: suite.tenant.admin.token })).body
            .apiKeys as ApiKey[]
        ).find((k) => k.id === key.id);
      const start = clock.now();
      try {
        await agents(withKey(apiKey));
        const first = await lastUsed();
        expect(first?.lastUsedAt).toBe(clock.now().toISOString());
        expect(first?.lastUsedIp).toMatch(/127\.0\.0\.1$/);

        const writes: string[] = [];
        const count = (query: { sql: string }) => {
          if (/update\s+[`"]?api_keys\b/i.test(query.sql)) writes.push(query.sql);
        };
        suite.app.deps.db.on('query', count);
        clock.advance(30_000);
        for (let i = 0; i < 5; i++) await agents(withKey(apiKey));
        suite.app.deps.db.off('query', count);
        expect(writes).toEqual([]);
        expect((await lastUsed())?.lastUsedAt).toBe(first?.lastUsedAt);

        clock.advance(31_000);
        await agents(withKey(apiKey));
        expect((await lastUsed())?.lastUsedAt).toBe(clock.now().toISOString());
      } finally {
        clock.set(start);
      }
    });

    it('is refused on session-only routes', async () => {
      const { apiKey } = await createKey(suite.app, suite.tenant, {
        scope: 'admin',
        permissions: [...API_KEY_PERMISSIONS],
      });
      expect((await suite.app.request('GET', apiRoutes.auth.status(), withKey(apiKey))).status).toBe(403);
      expect((await suite.app.request('POST', apiRoutes.auth.logout(), { ...withKey(apiKey), body: {} })).status).toBe(
        403,
      );
    });
  });
});

/** Every key-reachable change of keys and team that could lift a key above itself, tried with each kind of key. */
describe.each(TEST_DATABASES)('what a key may change (%s)', (kind) => {
  const suite = useApiSuite(kind);
  let sequence = 0;
  const address = (label: string) => `${label}-${kind}-${Date.now()}-${sequence++}@keys.parley.test`;

  interface Target {
    tenantId: string;
    secondAdminId: string;
    userId: string;
    revokedKey: CreatedApiKeyResponse;
    adminInvitationId: string;
  }

  /** A tenant with its owner, a second admin, a member, a key the owner revoked and an admin's invitation. */
  async function target(): Promise<Target & { ownerToken: string }> {
    const { tenant, users } = await createTestTenant(suite.app, { users: ['admin', 'admin', 'user'] });
    const [owner, second, user] = users;
    const ownerToken = (await signIn(suite.app, owner!.email, owner!.password)).accessToken;
    const team = await suite.app.request<TeamResponse>('GET', apiRoutes.team.members(tenant.id), { token: ownerToken });
    const idOf = (email: string) => team.body.users.find((member) => member.email === email)?.id ?? '';
    const fresh = { id: tenant.id, admin: { token: ownerToken } } as FreshTenant;
    const revokedKey = await createKey(suite.app, fresh, { permissions: ['agents:read'] });
    expectStatus(
      await suite.app.request('PATCH', apiRoutes.apiKeys.byId(revokedKey.key.id), {
        token: ownerToken,
        body: { active: false },
      }),
      200,
      'revoking',
    );
    const invited = await suite.app.request<InviteResponse>('POST', apiRoutes.tenant.invite(), {
      token: ownerToken,
      body: { email: address('admin'), role: 'admin' },
    });
    return {
      ownerToken,
      tenantId: tenant.id,
      secondAdminId: idOf(second!.email),
      userId: idOf(user!.email),
      revokedKey,
      adminInvitationId: expectStatus(invited, 201, 'admin invitation').body.invitation.id,
    };
  }

  /** Each attempt: its request, and whether it took effect (a 2xx, or for a reactivation, the key working again). */
  const ATTEMPTS: Record<string, (t: Target, key: string) => Promise<boolean>> = {
    'creates a key': async (_t, key) =>
      ok(
        await suite.app.request('POST', apiRoutes.apiKeys.collection(), {
          ...withKey(key),
          body: { name: 'Minted', scope: 'read_only' },
        }),
      ),
    'reactivates a key a person revoked': async (t, key) => {
      await suite.app.request('PATCH', apiRoutes.apiKeys.byId(t.revokedKey.key.id), {
        ...withKey(key),
        body: { active: true },
      });
      return ok(await suite.app.request('GET', apiRoutes.agents.collection(), withKey(t.revokedKey.apiKey)));
    },
    'invites an admin': async (_t, key) =>
      ok(
        await suite.app.request('POST', apiRoutes.tenant.invite(), {
          ...withKey(key),
          body: { email: address('invitee'), role: 'admin' },
        }),
      ),
    'invites a user': async (_t, key) =>
      ok(
        await suite.app.request('POST', apiRoutes.tenant.invite(), {
          ...withKey(key),
          body: { email: address('invitee'), role: 'user' },
        }),
      ),
    'promotes a member to admin': async (t, key) =>
      ok(
        await suite.app.request('PATCH', apiRoutes.team.member(t.tenantId, t.userId), {
          ...withKey(key),
          body: { role: 'admin' },
        }),
      ),
    'demotes an admin': async (t, key) =>
      ok(
        await suite.app.request('PATCH', apiRoutes.team.member(t.tenantId, t.secondAdminId), {
          ...withKey(key),
          body: { role: 'user' },
        }),
      ),
    'removes an admin': async (t, key) =>
      ok(await suite.app.request('DELETE', apiRoutes.team.member(t.tenantId, t.secondAdminId), withKey(key))),
    "resends an admin's invitation": async (t, key) =>
      ok(
        await suite.app.request('POST', apiRoutes.team.resendInvitation(t.tenantId, t.adminInvitationId), {
          ...withKey(key),
          body: {},
        }),
      ),
    "revokes an admin's invitation": async (t, key) =>
      ok(await suite.app.request('DELETE', apiRoutes.team.invitation(t.tenantId, t.adminInvitationId), withKey(key))),
    'removes a member': async (t, key) =>
      ok(await suite.app.request('DELETE', apiRoutes.team.member(t.tenantId, t.userId), withKey(key))),
  };
  const ok = (response: { status: number }) => response.status >= 200 && response.status < 300;

  /** The kinds of key, and what each may do of the above: only the strongest key, and only below admin. */
  const KEYS: Array<{ scope: ApiKeyScope; permissions: readonly string[]; allowed: string[] }> = [
    ...API_KEY_SCOPES.map((scope) => ({ scope, permissions: [], allowed: [] })),
    { scope: 'read_write', permissions: [...API_KEY_PERMISSIONS], allowed: [] },
    { scope: 'admin', permissions: [...API_KEY_PERMISSIONS], allowed: ['invites a user', 'removes a member'] },
  ];

  it.each(KEYS)('a key of scope $scope with $permissions.length permissions never acts above itself', async (key) => {
    const escalations: string[] = [];
    const refused: string[] = [];
    for (const [attempt, run] of Object.entries(ATTEMPTS)) {
      const t = await target();
      const fresh = { id: t.tenantId, admin: { token: t.ownerToken } } as FreshTenant;
      const { apiKey } = await createKey(suite.app, fresh, { scope: key.scope, permissions: key.permissions });
      const tookEffect = await run(t, apiKey);
      if (tookEffect && !key.allowed.includes(attempt)) escalations.push(attempt);
      if (!tookEffect && key.allowed.includes(attempt)) refused.push(attempt);
    }
    expect({ escalations, refused }).toEqual({ escalations: [], refused: [] });
  });
});

describe.each(TEST_DATABASES)('API key rate limit (%s)', (kind) => {
  const suite = useApiSuite(kind, { config: { apiKeyRequestsPerMinute: 3 } });

  it('answers 429 with Retry-After once a key has spent its minute, and limits each key alone', async () => {
    const first = await createKey(suite.app, suite.tenant, { permissions: ['agents:read'] });
    const second = await createKey(suite.app, suite.tenant, { permissions: ['agents:read'] });
    const call = (key: string) => suite.app.request('GET', apiRoutes.agents.collection(), withKey(key));
    for (let i = 0; i < 3; i++) expect((await call(first.apiKey)).status).toBe(200);
    const limited = await call(first.apiKey);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('API_KEY_THROTTLED');
    expect(limited.body.message).toBe('Too many requests with this API key. Please wait a moment and try again.');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await call(second.apiKey)).status).toBe(200);
    const admin = await signIn(suite.app, suite.tenant.admin.email, suite.tenant.admin.password);
    expect((await suite.app.request('GET', apiRoutes.agents.collection(), { token: admin.accessToken })).status).toBe(
      200,
    );
  });
});
