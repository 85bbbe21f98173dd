import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CreatedApiKeyResponse } from '@shared/api/api-keys.types';
import { apiRoutes } from '@shared/api/routes';
import { buyNumber, createAgent, freshTenant, OUTBOUND_DISCLOSURE } from './support/api-actions';
import { eventually } from './support/eventually';
import { startTestApp, TEST_DATABASES, type TestApp } from './support/test-app';

/**
 * An opt-out honoured within a minute while 4 dialer worker processes dial: opt-out at business time t through the
 * API, then no call to that number reaches the provider after t + 60 s, while the workers go on calling the numbers
 * around it (a control number placed after it in every campaign is called). The business clock runs 60 times faster
 * than the wall clock (a campaign's one-minute interval is a second), so "after t + 60 s" is a second of real time.
 */
const WORKERS = 4;
const CAMPAIGNS = 6;
/** Per campaign, in the order the dialer leases them: ordinary numbers, then the one opted out, then the control. */
const BEFORE = 8;
const OPTED_OUT = '+447911123490';
const CONTROL = '+447911123491';
const CLOCK_SPEED = 60;
/** Monday 23 November 2026, 10:00 in London: inside the window and the legal hours. */
const BUSINESS_START = Date.parse('2026-11-23T10:00:00.000Z');
const MINUTE = 60_000;

async function seed(app: TestApp, startIso: string) {
  const tenant = await freshTenant(app, { planTerms: { minutesIncluded: 100_000 } });
  await app.deps.db('tenants').where({ id: tenant.id }).update({ outbound_calling_enabled: true });
  const number = await buyNumber(app, tenant.admin.token);
  const agent = await createAgent(app, tenant.admin.token, {
    phoneNumberId: number.id,
    disclosure: OUTBOUND_DISCLOSURE,
  });
  expect(agent.status, agent.text).toBe(201);
  const campaigns = Array.from({ length: CAMPAIGNS }, (_, c) => ({
    id: `c${String(c).padStart(3, '0')}-optout`,
    tenant_id: tenant.id,
    name: `Opt-out ${c}`,
    goal: 'Reach everyone once',
    active: true,
    campaign_type: 'outbound',
    agent_id: agent.body.agent.id,
    calling_hours_type: 'specific_hours',
    calling_start_time: '09:00',
    calling_end_time: '20:00',
    timezone: 'Europe/London',
    days_of_week: JSON.stringify(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
    max_calls_per_day: 1000,
    call_interval_minutes: 1,
    created_at: startIso,
    updated_at: startIso,
  }));
  await app.deps.db.batchInsert('campaigns', campaigns, 50);
  const numbers = [
    ...Array.from({ length: BEFORE }, (_, i) => `+4479111234${String(i).padStart(2, '0')}`),
    OPTED_OUT,
    CONTROL,
  ];
  const contacts = campaigns.flatMap((campaign, c) =>
    numbers.map((phone, i) => ({
      // Time-ordered ids, as the product's: the dialer leases a campaign's contacts in this order.
      id: `k${String(c).padStart(3, '0')}-${String(i).padStart(3, '0')}`,
      tenant_id: tenant.id,
      campaign_id: campaign.id,
      phone_number: phone,
      metadata: '{}',
      timezones: JSON.stringify(['Europe/London']),
      timezone_source: 'number',
      max_retries: 0,
      retry_delay_minutes: 30,
      created_at: startIso,
      updated_at: startIso,
    })),
  );
  await app.deps.db.batchInsert('outbound_contacts', contacts, 50);
  // The tenant's own system sends the opt-out with an API key (a session token expires on the fast clock).
  const key = await app.request<CreatedApiKeyResponse>('POST', apiRoutes.apiKeys.collection(), {
    token: tenant.admin.token,
    body: { name: 'SMS gateway', scope: 'read_write', permissions: ['outbound:write'] },
  });
  expect(key.status, key.text).toBe(201);
  await app.deps.db.schema.createTable('test_dial_ledger', (t) => {
    t.increments('id');
    t.string('conversation_id', 64).notNullable();
    t.string('user_id', 36).notNullable();
    t.string('to_number', 32).notNullable();
    t.string('business_at', 32).notNullable();
    t.string('worker', 32).notNullable();
  });
  return { apiKey: key.body.apiKey };
}

describe.each(TEST_DATABASES)('opt-out within a minute, 4 workers dialling (%s)', (kind) => {
  it(`no call to an opted-out number after t + 60 s with ${WORKERS} workers dialling`, async () => {
    let realStart = Date.now();
    const clock = { now: () => new Date(BUSINESS_START + (Date.now() - realStart) * CLOCK_SPEED) };
    const app = await startTestApp(kind, { clock, config: { runWorkers: false } });
    const workers = new Set<ChildProcess>();
    try {
      const { apiKey } = await seed(app, new Date(BUSINESS_START).toISOString());
      realStart = Date.now();
      const env = {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: app.deps.config.dataDir,
        DATABASE_URL: app.deps.config.databaseUrl ?? '',
        CLOCK_SPEED: String(CLOCK_SPEED),
        BUSINESS_START_MS: String(BUSINESS_START),
        REAL_START_MS: String(realStart),
        DIALER_LEASE_SEC: '600',
        DIALER_PLACE_WINDOW_SEC: '300',
        DIALER_RECONCILE_GRACE_SEC: '600',
        DIALER_CALLS_PER_SECOND: '1000',
        DIALER_MAX_CONCURRENT_CALLS: '500',
      };
      await Promise.all(
        Array.from({ length: WORKERS }, async (_, w) => {
          const child = fork(path.join(import.meta.dirname, 'support/dialer-worker.process.ts'), [], {
            execArgv: ['--import', 'tsx'],
            env: { ...env, WORKER_NAME: `w${w}` },
            stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
          });
          workers.add(child);
          await new Promise((resolve) => child.once('message', resolve));
        }),
      );
      const ledger = () =>
        app.deps.db('test_dial_ledger').select('to_number', 'business_at') as Promise<
          Array<{ to_number: string; business_at: string }>
        >;

      // Once the workers are dialling (two calls a campaign), the person asks not to be called again.
      await eventually(async () => expect((await ledger()).length).toBeGreaterThanOrEqual(2 * CAMPAIGNS), 120_000);
      const t = clock.now().getTime();
      const optOut = await app.request('POST', apiRoutes.optOuts.collection(), {
        headers: { 'x-api-key': apiKey },
        body: { phoneNumber: OPTED_OUT, source: 'sms', evidence: 'Replied STOP' },
      });
      expect(optOut.status, optOut.text).toBe(201);

      // The workers go on: the control number, after the opted-out one in every campaign, is called everywhere.
      await eventually(async () => {
        const calls = await ledger();
        expect(calls.filter((call) => call.to_number === CONTROL)).toHaveLength(CAMPAIGNS);
      }, 240_000);
      const calls = await ledger();
      const late = calls.filter((call) => call.to_number === OPTED_OUT && Date.parse(call.business_at) > t + MINUTE);
      const lastCall = Math.max(...calls.map((call) => Date.parse(call.business_at)));
      process.stdout.write(
        `[opt-out ${kind}] ${calls.length} calls, ${calls.filter((c) => c.to_number === OPTED_OUT).length} to the ` +
          `opted-out number, ${late.length} after t + 60 s; dialling went on ${Math.round((lastCall - t) / 1000)} business s after t\n`,
      );
      expect(lastCall).toBeGreaterThan(t + MINUTE);
      expect(late).toEqual([]);
      const ended = await app.deps.db('outbound_contacts').where({ phone_number: OPTED_OUT, status: 'failed' });
      expect(ended.length).toBeGreaterThan(0);
    } finally {
      for (const child of workers) child.kill('SIGKILL');
      await app.close();
    }
  }, 600_000);
});
