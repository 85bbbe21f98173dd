import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { API_PREFIX, apiRoutes } from '@shared/api/routes';
import { migrationSource } from '../../server/src/db/migrations';
import * as agentNumberLink from '../../server/src/db/migrations/0004_agent-number-link';
import { DEMO_TENANT_IDS, seedDatabase } from '../../server/src/db/seeds/demo.seed';
import { useApiSuite } from './support/api-suite';
import { TEST_DATABASES, type TestApp } from './support/test-app';

const TABLES = [
  'plans',
  'tenants',
  'users',
  'refresh_token_families',
  'refresh_tokens',
  'mail_outbox',
  'processed_webhook_events',
  'audit_log',
  'throttle_counters',
  'invitations',
  'voices',
  'agent_templates',
  'uploads',
  'agents',
  'campaigns',
  'phone_numbers',
  'calls',
  'agent_call_daily',
  'usage',
  'phone_number_billing',
  'cache',
  'api_keys',
  'outbound_contacts',
  'call_attempts',
];

const COUNTED = ['plans', 'tenants', 'users', 'voices', 'agent_templates'];

describe.each(TEST_DATABASES)('database (%s)', (kind) => {
  const suite = useApiSuite(kind);
  let app: TestApp;
  let tenantId: string;
  beforeAll(() => {
    app = suite.app;
    tenantId = suite.tenant.id;
  });

  it('migrates an empty database to the whole data model', async () => {
    for (const table of TABLES) expect(await app.deps.db.schema.hasTable(table), table).toBe(true);
    const [, pending] = (await app.deps.db.migrate.list({ migrationSource })) as [unknown[], unknown[]];
    expect(pending).toEqual([]);
  });

  it('enforces the unique keys the spec names', async () => {
    const db = app.deps.db;
    const now = new Date().toISOString();
    const number = {
      tenant_id: tenantId,
      phone_number: '+6495550000',
      provider: 'twilio',
      active: true,
      created_at: now,
      updated_at: now,
    };
    await db('phone_numbers').insert({ id: 'pn-unique-1', ...number });
    await expect(db('phone_numbers').insert({ id: 'pn-unique-2', ...number })).rejects.toThrow();
    const usage = {
      tenant_id: tenantId,
      month_yyyy_mm: '2026-11',
      minutes_included: 100,
      created_at: now,
      updated_at: now,
    };
    await db('usage').insert({ id: 'usage-1', ...usage });
    await expect(db('usage').insert({ id: 'usage-2', ...usage })).rejects.toThrow();
  });

  it('moves the agent ↔ number link onto phone_numbers alone without losing a row, and can run again', async () => {
    const db = app.deps.db;
    await db.migrate.down({ migrationSource, name: '0004_agent-number-link' });
    expect(await db.schema.hasColumn('agents', 'phone_number')).toBe(true);

    // The old shape allowed an agent two numbers, and copied one onto the agent.
    const agentId = randomUUID();
    const [older, newer] = [randomUUID(), randomUUID()];
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 9, minute)).toISOString();
    await db('agents').insert({
      id: agentId,
      tenant_id: tenantId,
      name: 'Two Lines',
      purpose: 'p',
      greeting: 'g',
      closing: 'c',
      phone_number: '+6495550101',
      created_at: at(0),
      updated_at: at(0),
    });
    await db('agent_call_daily').insert({ tenant_id: tenantId, agent_id: agentId, day: '2026-01-01', call_count: 2 });
    for (const [id, phone, minute] of [
      [newer, '+6495550102', 2],
      [older, '+6495550101', 1],
    ] as const) {
      await db('phone_numbers').insert({
        id,
        tenant_id: tenantId,
        phone_number: phone,
        assigned_agent_id: agentId,
        active: true,
        created_at: at(minute),
        updated_at: at(minute),
      });
    }

    await db.migrate.latest({ migrationSource });
    expect(await db.schema.hasColumn('agents', 'phone_number')).toBe(false);
    const holders = await db('phone_numbers').whereIn('id', [older, newer]).orderBy('created_at');
    expect(holders.map((row) => row.assigned_agent_id)).toEqual([agentId, null]);
    // Dropping the column kept every row that references the agent (a table rebuild would have cascaded).
    expect(await db('agent_call_daily').where({ agent_id: agentId }).first()).toMatchObject({ call_count: 2 });
    await expect(db('phone_numbers').where({ id: newer }).update({ assigned_agent_id: agentId })).rejects.toThrow();

    await db.transaction((trx) => agentNumberLink.up(trx));
    expect((await db('phone_numbers').where({ id: older }).first()).assigned_agent_id).toBe(agentId);
    await db('agent_call_daily').where({ agent_id: agentId }).delete();
    await db('phone_numbers').whereIn('id', [older, newer]).delete();
    await db('agents').where({ id: agentId }).delete();
  });

  it('seeds a catalogue and the demo accounts, and seeding again changes nothing', async () => {
    const db = app.deps.db;
    const plans = await db('plans').where({ visible: true });
    expect(plans.length).toBeGreaterThanOrEqual(3);
    expect(plans.every((plan) => plan.currency === 'nzd')).toBe(true);
    const before = Object.fromEntries(await Promise.all(COUNTED.map(async (t) => [t, await db(t).select()] as const)));
    await seedDatabase(db, { now: new Date().toISOString(), passwordHashCost: 10, demo: true });
    await seedDatabase(db, { now: new Date().toISOString(), passwordHashCost: 10, demo: true });
    for (const table of COUNTED) expect(await db(table).select(), table).toEqual(before[table]);
    expect((await db('users').where({ role: 'superadmin' })).length).toBe(1);
    expect(await db('tenants').whereIn('id', Object.values(DEMO_TENANT_IDS)).pluck('id')).toHaveLength(2);
  });

  it('answers GET and HEAD /api/health with security headers', async () => {
    const get = await app.request('GET', apiRoutes.health());
    expect(get.status).toBe(200);
    expect(get.body.status).toBe('ok');
    expect(get.headers.get('x-content-type-options')).toBe('nosniff');
    expect(get.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(get.headers.get('strict-transport-security')).toBeTruthy();
    expect(get.headers.get('x-request-id')).toBeTruthy();
    const head = await app.request('HEAD', apiRoutes.health());
    expect(head.status).toBe(200);
  });

  it('allows only listed origins for CORS and never reflects others', async () => {
    const desktop = await app.request('GET', apiRoutes.health(), { headers: { origin: 'app://parley' } });
    expect(desktop.headers.get('access-control-allow-origin')).toBe('app://parley');
    const evil = await app.request('GET', apiRoutes.health(), { headers: { origin: 'https://evil.test' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    // Every answer may differ by Origin, so caches must key on it, also when the request names none.
    const none = await app.request('GET', apiRoutes.health());
    expect(none.headers.get('access-control-allow-origin')).toBeNull();
    for (const response of [desktop, evil, none]) expect(response.headers.get('vary')).toMatch(/\bOrigin\b/);
    const preflight = await app.request('OPTIONS', apiRoutes.agents.collection(), {
      headers: { origin: 'app://parley', 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('answers unknown API paths and oversized bodies with catalogue errors', async () => {
    const missing = await app.request('GET', `${API_PREFIX}/no-such-thing`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('The requested item could not be found.');
    const big = await app.request('POST', apiRoutes.auth.login(), {
      raw: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.status).toBe(413);
  });
});
