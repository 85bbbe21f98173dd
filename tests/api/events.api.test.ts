import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKeyResponse } from '@shared/api/api-keys.types';
import { apiRoutes } from '@shared/api/routes';
import type { TeamResponse } from '@shared/api/team.types';
import { buyNumber, createAgent, createTestTenant, freshTenant, signIn, type FreshTenant } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { openEventStream, type EventStream } from './support/sse-client';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { MAX_STREAMS_PER_CALLER } from '../../server/src/modules/events/events.routes';
import { PLATFORM_NOTICE_MS } from '../../server/src/modules/events/events.service';
import { testClock, TEST_DATABASES, type DatabaseKind, type TestApp } from './support/test-app';

/** Long enough for a stream that should receive nothing to have received it, were it delivered. */
const QUIET_MS = 300;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One app per suite with a tenant, a second tenant, and the streams a test opens (closed after the suite); `publish`
 * sends a number.purchased event carrying the given number, which tests look for.
 */
function useEventsSuite(kind: DatabaseKind) {
  const clock = testClock();
  const suite = useApiSuite(kind, { clock, config: { eventHeartbeatMs: 100 } });
  const streams: EventStream[] = [];
  let other: FreshTenant | undefined;
  const current = () => ({ app: suite.app, tenant: suite.tenant, other: other!, clock });
  beforeAll(async () => {
    other = await freshTenant(suite.app);
  });
  afterAll(() => streams.forEach((stream) => stream.close()));
  const track = (...opened: EventStream[]) => streams.push(...opened);
  return {
    current,
    track,
    async open(token: string | undefined, lastEventId?: string) {
      const stream = await openEventStream(suite.app.baseUrl, token, lastEventId);
      track(stream);
      return stream;
    },
    publish: (tenantId: string, phoneNumber: string) =>
      suite.app.built.services.events.publish(tenantId, {
        type: 'number.purchased',
        data: { phoneNumberId: 'n1', phoneNumber },
      }),
  };
}

describe.each(TEST_DATABASES)('live events: GET /api/events (%s)', (kind) => {
  const { open, publish, track, ...suite } = useEventsSuite(kind);
  let app: TestApp;
  let tenant: FreshTenant;
  let other: FreshTenant;
  beforeAll(() => ({ app, tenant, other } = suite.current()));

  it('refuses a request without a token (401) and never takes a token from the URL', async () => {
    expect((await open(undefined)).status).toBe(401);
    const res = await fetch(`${app.baseUrl}${apiRoutes.events.stream()}?access_token=${tenant.admin.token}`);
    expect(res.status).toBe(401);
  });

  it('answers a HEAD with the stream’s head alone, holding nothing open', async () => {
    const head = await app.request('HEAD', apiRoutes.events.stream(), { token: tenant.admin.token });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/event-stream/);
  });

  it('streams text/event-stream, uncompressed and uncached, with heartbeats', async () => {
    const stream = await open(tenant.user.token);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('content-encoding')).toBeNull();
    await expect.poll(() => stream.comments.filter((c) => c === 'ping').length, { timeout: 5000 }).toBeGreaterThan(1);
  });

  it('delivers a simulated call’s call.completed and call.analysed to its tenant only', async () => {
    const mine = await open(tenant.user.token);
    const theirs = await open(other.admin.token);
    const number = await buyNumber(app, tenant.admin.token);
    const agent = expectStatus(await createAgent(app, tenant.admin.token, { phoneNumberId: number.id }), 201, 'agent')
      .body.agent;
    await mine.next((event) => event.type === 'number.purchased' && event.data.phoneNumber === number.phoneNumber);
    expectStatus(
      await app.request('POST', apiRoutes.agents.simulateCall(agent.id), { token: tenant.admin.token }),
      202,
      'call',
    );
    const completed = await mine.next((event) => event.type === 'call.completed');
    expect(completed.data).toMatchObject({ callId: expect.any(String), agentId: agent.id });
    expect(completed.id).toMatch(/^\d+$/);
    const analysed = await mine.next((event) => event.type === 'call.analysed');
    expect(analysed.data.callId).toBe(completed.data.callId);
    await pause(QUIET_MS);
    expect(theirs.events).toEqual([]);
  });

  it('sends admin-only events to admins, not to members', async () => {
    const admin = await open(tenant.admin.token);
    const member = await open(tenant.user.token);
    await app.built.services.events.publish(tenant.id, {
      type: 'billing.status_changed',
      data: { billingStatus: 'delinquent', previous: 'active' },
    });
    await publish(tenant.id, '+6491112222');
    await admin.next((event) => event.type === 'billing.status_changed');
    await member.next((event) => event.data.phoneNumber === '+6491112222');
    expect(member.events.map((event) => event.type)).not.toContain('billing.status_changed');
  });

  it('tells superadmins, once a second at most and without numbers or data, that some tenant’s dialer moved', async () => {
    const superadminToken = (await app.login(DEMO_ACCOUNTS.superadmin.email)).accessToken;
    const superadmin = await openEventStream(app.baseUrl, superadminToken, undefined, apiRoutes.events.platform());
    track(superadmin);
    const refused = await openEventStream(app.baseUrl, other.admin.token, undefined, apiRoutes.events.platform());
    expect(refused.status).toBe(403);
    const admin = await open(other.admin.token);
    const moved = { type: 'campaign.progress', data: { campaignId: 'c1', completed: 1, total: 2 } } as const;
    for (let i = 0; i < 5; i += 1) await app.built.services.events.publish(tenant.id, moved);
    const notice = await superadmin.next((event) => event.type === 'operations.changed');
    expect(notice).toEqual({ id: null, type: 'operations.changed', data: { at: expect.any(String) } });
    // The burst folds into the first notice and one after the pause.
    await superadmin.next((event) => event.type === 'operations.changed' && event !== notice);
    await pause(PLATFORM_NOTICE_MS + QUIET_MS);
    expect(superadmin.events.filter((event) => event.type === 'operations.changed')).toHaveLength(2);
    await publish(other.id, '+6493334444');
    await admin.next((event) => event.data.phoneNumber === '+6493334444');
    expect(admin.events.map((event) => event.type)).not.toContain('operations.changed');
  });

  it('tells the tenant’s admins of a role change, and members nothing of it', async () => {
    const { tenant: created, users } = await createTestTenant(app, { users: ['admin', 'user', 'user'] });
    const [owner, promoted, bystander] = await Promise.all(users.map((user) => signIn(app, user.email, user.password)));
    const [adminStream, bystanderStream] = [await open(owner!.accessToken), await open(bystander!.accessToken)];
    const team = await app.request<TeamResponse>('GET', apiRoutes.team.members(created.id), {
      token: owner!.accessToken,
    });
    const promotedId = team.body.users.find((member) => member.email === promoted!.user.email)!.id;
    const changed = await app.request('PATCH', apiRoutes.team.member(created.id, promotedId), {
      token: owner!.accessToken,
      body: { role: 'admin' },
    });
    expect(changed.status, changed.text).toBe(200);
    await publish(created.id, '+6491113333');
    const event = await adminStream.next((delivered) => delivered.type === 'member.role_changed');
    expect(event).toMatchObject({ type: 'member.role_changed', data: { userId: promotedId, role: 'admin' } });
    await bystanderStream.next((delivered) => delivered.data.phoneNumber === '+6491113333');
    expect(bystanderStream.events.map((delivered) => delivered.type)).not.toContain('member.role_changed');
  });

  it('replays what a reconnecting stream missed after its Last-Event-ID, once, and nothing of other tenants', async () => {
    const first = await open(tenant.user.token);
    await publish(tenant.id, '+6491110001');
    const seen = await first.next((event) => event.data.phoneNumber === '+6491110001');
    first.close();
    await publish(tenant.id, '+6491110002');
    await publish(other.id, '+6491110003');
    await publish(tenant.id, '+6491110004');
    const again = await open(tenant.user.token, seen.id!);
    await again.next((event) => event.data.phoneNumber === '+6491110004');
    await publish(tenant.id, '+6491110005');
    await again.next((event) => event.data.phoneNumber === '+6491110005');
    expect(again.events.map((event) => event.data.phoneNumber)).toEqual(['+6491110002', '+6491110004', '+6491110005']);
  });

  it('takes an API key with calls:read, and refuses one without it (403)', async () => {
    const createKey = async (permissions: string[]) =>
      expectStatus(
        await app.request<CreatedApiKeyResponse>('POST', apiRoutes.apiKeys.collection(), {
          token: tenant.admin.token,
          body: { name: `Events ${permissions.join(' ') || 'none'}`, scope: 'read_only', permissions },
        }),
        201,
        'key',
      ).body.apiKey;
    expect((await open(await createKey(['agents:read']))).status).toBe(403);
    const stream = await open(await createKey(['calls:read']));
    expect(stream.status).toBe(200);
    await publish(tenant.id, '+6491117777');
    await stream.next((event) => event.data.phoneNumber === '+6491117777');
  });

  it('ignores a Last-Event-ID that is not a number: nothing is replayed, live events follow', async () => {
    // The earlier event has reached this instance's streams before the new stream opens, so only a replay could send it.
    const witness = await open(tenant.user.token);
    await publish(tenant.id, '+6491113330');
    await witness.next((event) => event.data.phoneNumber === '+6491113330');
    witness.close();
    const stream = await open(tenant.user.token, 'abc');
    expect(stream.status).toBe(200);
    await publish(tenant.id, '+6491113331');
    await stream.next((event) => event.data.phoneNumber === '+6491113331');
    expect(stream.events.map((event) => event.data.phoneNumber)).toEqual(['+6491113331']);
  });

  it('replays in order only what followed the Last-Event-ID within the replay window, none of other tenants', async () => {
    const { clock } = suite.current();
    const first = await open(tenant.user.token);
    await publish(tenant.id, '+6491114440');
    const seen = await first.next((event) => event.data.phoneNumber === '+6491114440');
    first.close();
    await publish(tenant.id, '+6491114441');
    clock.advance((app.deps.config.eventReplayWindowSec + 1) * 1000);
    await publish(tenant.id, '+6491114442');
    await publish(other.id, '+6491114443');
    await publish(tenant.id, '+6491114444');
    const again = await open(tenant.user.token, seen.id!);
    await again.next((event) => event.data.phoneNumber === '+6491114444');
    expect(again.events.map((event) => [event.id, event.data.phoneNumber])).toEqual([
      [String(Number(seen.id) + 2), '+6491114442'],
      [String(Number(seen.id) + 3), '+6491114444'],
    ]);
  });

  it('numbers events per tenant: another tenant’s activity never shows in the ids', async () => {
    const mine = await open(tenant.user.token);
    await publish(tenant.id, '+6491115550');
    const before = await mine.next((event) => event.data.phoneNumber === '+6491115550');
    for (let i = 0; i < 5; i++) await publish(other.id, `+649111556${i}`);
    await publish(tenant.id, '+6491115551');
    const after = await mine.next((event) => event.data.phoneNumber === '+6491115551');
    expect(Number(after.id) - Number(before.id)).toBe(1);
  });

  it(`accepts at most ${MAX_STREAMS_PER_CALLER} open streams per user, then answers 429 until one closes`, async () => {
    const mine = await freshTenant(app);
    const streams = await Promise.all(Array.from({ length: MAX_STREAMS_PER_CALLER }, () => open(mine.user.token)));
    expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));
    const refused = await fetch(`${app.baseUrl}${apiRoutes.events.stream()}`, {
      headers: { authorization: `Bearer ${mine.user.token}` },
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      code: 'EVENT_STREAMS_LIMIT_REACHED',
      message: `At most ${MAX_STREAMS_PER_CALLER} live event streams may be open at once. Close a window or tab and try again.`,
    });
    expect((await open(mine.admin.token)).status).toBe(200);
    streams[0]!.close();
    await expect.poll(async () => (await open(mine.user.token)).status, { timeout: 5000 }).toBe(200);
  });

  describe('ends a stream once its caller no longer stands, delivering nothing after', () => {
    /** How many events the stream received after `change` (five `event`s follow it), and whether it ended. */
    async function afterChange(
      token: string,
      tenantId: string,
      change: () => Promise<unknown>,
      event: () => Promise<unknown>,
    ) {
      const stream = await open(token);
      expect(stream.status).toBe(200);
      await publish(tenantId, '+6491116660');
      await stream.next((received) => received.data.phoneNumber === '+6491116660');
      const before = stream.events.length;
      await change();
      for (let i = 0; i < 5; i++) await event();
      const ended = await Promise.race([
        stream.ended.then(() => true),
        pause(app.deps.config.principalCacheTtlMs + 2000).then(() => false),
      ]);
      return { deliveredAfter: stream.events.length - before, ended };
    }

    it('after a logout', async () => {
      const mine = await freshTenant(app);
      const session = await signIn(app, mine.user.email, mine.user.password);
      const result = await afterChange(
        session.accessToken,
        mine.id,
        () => app.request('POST', apiRoutes.auth.logout(), { token: session.accessToken, body: {} }),
        () => publish(mine.id, '+6491116661'),
      );
      expect(result).toEqual({ deliveredAfter: 0, ended: true });
    });

    it('after its key is revoked', async () => {
      const mine = await freshTenant(app);
      const created = expectStatus(
        await app.request<CreatedApiKeyResponse>('POST', apiRoutes.apiKeys.collection(), {
          token: mine.admin.token,
          body: { name: 'Events', scope: 'read_only', permissions: ['calls:read'] },
        }),
        201,
        'key',
      ).body;
      const result = await afterChange(
        created.apiKey,
        mine.id,
        () =>
          app.request('PATCH', apiRoutes.apiKeys.byId(created.key.id), {
            token: mine.admin.token,
            body: { active: false },
          }),
        () => publish(mine.id, '+6491116662'),
      );
      expect(result).toEqual({ deliveredAfter: 0, ended: true });
    });

    it('after a demotion: no admin-only event reaches the former admin', async () => {
      const { tenant: created, users } = await createTestTenant(app, { users: ['admin', 'admin'] });
      const [owner, second] = await Promise.all(users.map((user) => signIn(app, user.email, user.password)));
      const team = await app.request<TeamResponse>('GET', apiRoutes.team.members(created.id), {
        token: owner!.accessToken,
      });
      const secondId = team.body.users.find((member) => member.email === second!.user.email)!.id;
      const result = await afterChange(
        second!.accessToken,
        created.id,
        () =>
          app.request('PATCH', apiRoutes.team.member(created.id, secondId), {
            token: owner!.accessToken,
            body: { role: 'user' },
          }),
        () =>
          app.built.services.events.publish(created.id, {
            type: 'billing.status_changed',
            data: { billingStatus: 'delinquent', previous: 'active' },
          }),
      );
      expect(result).toEqual({ deliveredAfter: 0, ended: true });
    });
  });
});

/** Fan-out between processes goes through PostgreSQL's LISTEN/NOTIFY; SQLite serves one process only. */
describe.runIf(TEST_DATABASES.includes('postgres'))('live events across server instances (postgres)', () => {
  const { open, publish, track, ...suite } = useEventsSuite('postgres');
  let app: TestApp;
  let tenant: FreshTenant;
  let other: FreshTenant;
  beforeAll(() => ({ app, tenant, other } = suite.current()));

  it('fans out across server instances: a second server process’s client receives events caused on the first, and back', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-events-'));
    let second: ServerProcess | undefined;
    try {
      second = await startServerProcess({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: app.deps.config.databaseUrl!,
        JWT_SECRET: app.deps.config.jwtSecret,
        PASSWORD_HASH_COST: '10',
        SERVE_RENDERER: 'false',
        RUN_WORKERS: 'false',
        LOG_LEVEL: 'warn',
      });
      const onSecond = await openEventStream(second.baseUrl, tenant.user.token);
      const otherOnSecond = await openEventStream(second.baseUrl, other.user.token);
      track(onSecond, otherOnSecond);
      expect(onSecond.status).toBe(200);
      await publish(tenant.id, '+6491119999');
      await onSecond.next((event) => event.data.phoneNumber === '+6491119999');

      const onFirst = await open(tenant.user.token);
      const viaSecond = await fetch(`${second.baseUrl}${apiRoutes.phoneNumbers.available()}?country=NZ&limit=20`, {
        headers: { authorization: `Bearer ${tenant.admin.token}` },
      });
      // The second process has its own sandbox, which offers the numbers the first one sold too.
      const owned = new Set(await app.deps.db('phone_numbers').pluck('phone_number'));
      const available = (
        (await viaSecond.json()) as { availableNumbers: Array<{ phoneNumber: string }> }
      ).availableNumbers.find((offer) => !owned.has(offer.phoneNumber));
      const bought = await fetch(`${second.baseUrl}${apiRoutes.phoneNumbers.purchase()}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tenant.admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ phoneNumber: available!.phoneNumber }),
      });
      expect(bought.status).toBe(201);
      await onFirst.next((event) => event.data.phoneNumber === available!.phoneNumber);
      await pause(QUIET_MS);
      expect(otherOnSecond.events).toEqual([]);
    } finally {
      await second?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('sends every event once, in number order, when an older event’s transaction commits after a newer one began', async () => {
    const live = await open(tenant.user.token);
    const before = await open(tenant.user.token);
    await publish(tenant.id, '+6491120000');
    const start = await before.next((event) => event.data.phoneNumber === '+6491120000');
    before.close();
    const numberEvent = (phoneNumber: string) => ({
      type: 'number.purchased' as const,
      data: { phoneNumberId: 'n1', phoneNumber },
    });
    const { events } = app.built.services;
    const older = await app.deps.db.transaction();
    const newer = await app.deps.db.transaction();
    try {
      await events.publish(tenant.id, numberEvent('+6491120001'), older);
      const newerPid = (await newer.raw('select pg_backend_pid() as pid')).rows[0].pid as number;
      const newerDone = (async () => {
        await events.publish(tenant.id, numberEvent('+6491120002'), newer);
        await newer.commit();
      })();
      // The newer transaction either commits now (its event numbered after the older one's) or waits for the older.
      let settled = false;
      void newerDone.finally(() => (settled = true));
      await expect
        .poll(
          async () =>
            settled ||
            (await app.deps.db('pg_stat_activity').where({ pid: newerPid }).first('wait_event_type'))
              ?.wait_event_type === 'Lock',
          { timeout: 10_000 },
        )
        .toBe(true);
      await older.commit();
      await newerDone;
    } finally {
      if (!older.isCompleted()) await older.rollback();
      if (!newer.isCompleted()) await newer.rollback();
    }
    const wanted = ['+6491120001', '+6491120002'];
    await live.next((event) => event.data.phoneNumber === '+6491120002');
    await pause(QUIET_MS);
    const delivered = live.events.filter((event) => wanted.includes(String(event.data.phoneNumber)));
    expect(delivered.map((event) => event.data.phoneNumber)).toEqual(wanted);
    const ids = delivered.map((event) => BigInt(event.id!));
    expect(ids[0]! < ids[1]!).toBe(true);
    // A stream that reconnects after the first event it saw replays exactly the rest.
    const firstSeen = live.events.find((event) => event.data.phoneNumber !== '+6491120000')!;
    const again = await open(tenant.user.token, firstSeen.id!);
    await again.next((event) => event.data.phoneNumber === '+6491120002');
    expect(again.events.map((event) => event.data.phoneNumber)).toEqual(['+6491120002']);
    const replayed = await open(tenant.user.token, start.id!);
    await replayed.next((event) => event.data.phoneNumber === '+6491120002');
    expect(replayed.events.map((event) => event.data.phoneNumber)).toEqual(wanted);
  });
});
