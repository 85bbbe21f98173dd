import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCallAllowed, type CampaignWindow } from '@shared/domain/calling-window';
import { buyNumber, createAgent, freshTenant, OUTBOUND_DISCLOSURE } from './support/api-actions';
import { startTestApp, TEST_DATABASES, type TestApp } from './support/test-app';

/**
 * Many dialer worker processes on one database, killed with SIGKILL at random while they dial: no contact is ever
 * dialled twice (the provider's ledger holds one call per number), none is left stuck, and no call falls outside the
 * campaign's window. The business clock runs 60 times faster than the wall clock, so a campaign's one-minute interval
 * is a second; leases and deadlines are in business time too.
 */

/** 8 workers × 5,000 contacts on both databases; SQLite's one writer makes its leg the slower one, not a smaller one. */
const SCENARIO = { workers: 8, campaigns: 200, contactsPerCampaign: 25 };
const CLOCK_SPEED = 60;
/** Monday 23 November 2026, 08:50 in London: the first ten business minutes (ten real seconds) are outside the window. */
const BUSINESS_START = Date.parse('2026-11-23T08:50:00.000Z');
const WINDOW: CampaignWindow = {
  callingHoursType: 'specific_hours',
  callingStartTime: '09:00',
  callingEndTime: '21:00',
  timezone: 'Europe/London',
  daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
};
const KILLING_FOR_MS = 60_000;
/** The reconciler settles a killed worker's calls 10 real seconds after their deadline; far longer means stuck. */
const STALL_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function seed(app: TestApp, campaigns: number, perCampaign: number): Promise<void> {
  const tenant = await freshTenant(app, { planTerms: { minutesIncluded: 100_000 } });
  await app.deps.db('tenants').where({ id: tenant.id }).update({ outbound_calling_enabled: true });
  const number = await buyNumber(app, tenant.admin.token);
  const agent = await createAgent(app, tenant.admin.token, {
    phoneNumberId: number.id,
    disclosure: OUTBOUND_DISCLOSURE,
  });
  expect(agent.status, agent.text).toBe(201);
  const now = new Date(BUSINESS_START).toISOString();
  const campaignRows = Array.from({ length: campaigns }, (_, index) => ({
    id: randomUUID(),
    tenant_id: tenant.id,
    name: `Crash ${index}`,
    goal: 'Reach everyone once',
    active: true,
    campaign_type: 'outbound',
    agent_id: agent.body.agent.id,
    calling_hours_type: WINDOW.callingHoursType,
    calling_start_time: WINDOW.callingStartTime,
    calling_end_time: WINDOW.callingEndTime,
    timezone: WINDOW.timezone,
    days_of_week: JSON.stringify(WINDOW.daysOfWeek),
    max_calls_per_day: 1000,
    call_interval_minutes: 1,
    created_at: now,
    updated_at: now,
  }));
  await app.deps.db.batchInsert('campaigns', campaignRows, 100);
  const contactRows = campaignRows.flatMap((campaign, c) =>
    Array.from({ length: perCampaign }, (_, i) => ({
      id: randomUUID(),
      tenant_id: tenant.id,
      campaign_id: campaign.id,
      phone_number: `+447700${String(900000 + c * perCampaign + i)}`,
      metadata: JSON.stringify({ row: String(i) }),
      max_retries: 3,
      retry_delay_minutes: 30,
      created_at: now,
      updated_at: now,
    })),
  );
  await app.deps.db.batchInsert('outbound_contacts', contactRows, 50);
  // What a worker killed between recording an attempt and placing its call leaves, made certain rather than left to
  // where the random kills land: the reconciler finds no call for it at either provider, and the contact is due again.
  const orphan = contactRows[0] as (typeof contactRows)[number];
  await app.deps.db('outbound_contacts').where({ id: orphan.id }).update({ status: 'in_progress', attempts_made: 1 });
  await app.deps.db('call_attempts').insert({
    id: randomUUID(),
    tenant_id: tenant.id,
    contact_id: orphan.id,
    campaign_id: orphan.campaign_id,
    attempt_number: 1,
    status: 'dialing',
    started_at: now,
    place_by: new Date(BUSINESS_START + 300_000).toISOString(),
    created_at: now,
  });
  // A man-in-the-middle ledger of the provider: one row per call that reached it.
  await app.deps.db.schema.createTable('test_dial_ledger', (t) => {
    t.increments('id');
    t.string('conversation_id', 64).notNullable();
    t.string('user_id', 36).notNullable();
    t.string('to_number', 32).notNullable();
    t.string('business_at', 32).notNullable();
    t.string('worker', 32).notNullable();
  });
}

describe.each(TEST_DATABASES)('dialer under kill -9 (%s)', (kind) => {
  const total = SCENARIO.campaigns * SCENARIO.contactsPerCampaign;

  it(`${SCENARIO.workers} workers × ${total} contacts: 0 double dials, 0 stuck, 0 calls outside the window`, async () => {
    const app = await startTestApp(kind, { config: { runWorkers: false } });
    const workers = new Set<ChildProcess>();
    let started = 0;
    let kills = 0;
    const realStart = Date.now();
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: app.deps.config.dataDir,
      DATABASE_URL: app.deps.config.databaseUrl ?? '',
      CLOCK_SPEED: String(CLOCK_SPEED),
      BUSINESS_START_MS: String(BUSINESS_START),
      REAL_START_MS: String(realStart),
      // Business seconds: a lease of 10 real seconds, a call placed within 5, looked up 10 after that.
      DIALER_LEASE_SEC: '600',
      DIALER_PLACE_WINDOW_SEC: '300',
      DIALER_RECONCILE_GRACE_SEC: '600',
      DIALER_CALLS_PER_SECOND: '1000',
      DIALER_MAX_CONCURRENT_CALLS: '500',
    };
    /** Workers that have started dialing: only these are killed, so every kill lands mid-work. */
    const ready = new Set<ChildProcess>();
    const spawn = async () => {
      started += 1;
      const child = fork(path.join(import.meta.dirname, 'support/dialer-worker.process.ts'), [], {
        execArgv: ['--import', 'tsx'],
        env: { ...env, WORKER_NAME: `w${started}` },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      workers.add(child);
      child.once('exit', () => {
        workers.delete(child);
        ready.delete(child);
      });
      await new Promise((resolve) => child.once('message', resolve));
      ready.add(child);
    };
    const count = async (query: ReturnType<TestApp['deps']['db']>) =>
      Number((await query.count({ n: '*' }).first())?.n);
    try {
      await seed(app, SCENARIO.campaigns, SCENARIO.contactsPerCampaign);
      if (kind === 'postgres') {
        // The suite kills workers, not the database: commits need not wait for the disk (the machine is shared).
        const [{ name }] = (await app.deps.db.raw('select current_database() as name')).rows;
        await app.deps.db.raw(`alter database "${name}" set synchronous_commit = off`);
      }
      await Promise.all(Array.from({ length: SCENARIO.workers }, spawn));

      // Kill a random worker every two and a half to five seconds and start another in its place.
      const killUntil = Date.now() + KILLING_FOR_MS;
      while (Date.now() < killUntil) {
        await sleep(2500 + Math.random() * 2500);
        const victims = [...ready];
        const victim = victims[Math.floor(Math.random() * victims.length)];
        if (!victim) continue;
        ready.delete(victim);
        victim.kill('SIGKILL');
        kills += 1;
        // The replacement starts in the background: killing goes on while it boots.
        void spawn();
      }
      // Draining takes as long as the machine needs; only a stall (no contact finished for a while) fails it.
      let progress = { done: -1, at: Date.now() };
      for (;;) {
        const done = await count(app.deps.db('outbound_contacts').where({ status: 'completed' }));
        const inFlight = await count(app.deps.db('call_attempts').whereIn('status', ['dialing', 'answered']));
        if (done === total && inFlight === 0) break;
        if (done > progress.done) progress = { done, at: Date.now() };
        if (Date.now() - progress.at > STALL_MS) {
          throw new Error(`no contact finished for ${STALL_MS / 1000} s: ${done} of ${total}, ${inFlight} in flight`);
        }
        await sleep(1000);
      }

      const ledger: Array<{ to_number: string; business_at: string }> = await app.deps
        .db('test_dial_ledger')
        .select('to_number', 'business_at');
      const perNumber = new Map<string, number>();
      for (const row of ledger) perNumber.set(row.to_number, (perNumber.get(row.to_number) ?? 0) + 1);
      const doubleDials = [...perNumber.values()].filter((calls) => calls > 1).length;
      const outsideWindow = ledger.filter(
        (row) => !isCallAllowed(new Date(row.business_at), WINDOW, { country: null }),
      );
      const notPlaced = await count(app.deps.db('call_attempts').where({ outcome: 'not_placed' }));
      process.stdout.write(
        `[dialer crash ${kind}] ${SCENARIO.workers} workers, ${kills} kills, ${total} contacts, ${ledger.length} calls, ` +
          `${notPlaced} attempts found unplaced, ${Math.round((Date.now() - realStart) / 1000)} s\n`,
      );
      expect(kills).toBeGreaterThanOrEqual(10);
      expect(notPlaced).toBeGreaterThanOrEqual(1);
      expect(doubleDials).toBe(0);
      expect(perNumber.size).toBe(total);
      expect(outsideWindow).toEqual([]);
    } finally {
      for (const child of workers) child.kill('SIGKILL');
      await app.close();
    }
  }, 2_400_000);
});
