import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { dialectOf } from '../../server/src/db/dialect';
import { newId } from '../../server/src/lib/ids';
import { buyNumber, createAgent, freshTenant } from '../api/support/api-actions';
import { startTestApp, testClock, type TestApp } from '../api/support/test-app';
import { claimAgainstKeyFetch, timed } from './claim-timing';
import { type BenchResult } from './harness';

/**
 * D3: a pass's claim in a 1,000,000-contact PostgreSQL campaign where 99 % of the contacts are outside their legal
 * hours, against a primary-key fetch of as many rows. D4: four dialer worker processes, one killed with SIGKILL every
 * few seconds, dialing 10,000 contacts with short fake calls: lines sampled every 100 ms never above the limit, no
 * rolling second above the calls per second, at least 95 % of it reached, no number dialled twice, every line given
 * back within 60 s of its call's end.
 */

/** Wednesday 25 November 2026, 12:50 in London: New York's legal hours open at 13:00 UTC. */
const LONDON_MIDDAY = new Date('2026-11-25T12:50:00.000Z');
const NEW_YORK_OPENS = '2026-11-25T13:00:00.000Z';
const REPETITIONS = 9;

async function insertCampaign(app: TestApp, tenantId: string, agentId: string | null, name: string) {
  const id = randomUUID();
  const now = new Date().toISOString();
  await app.deps.db('campaigns').insert({
    id,
    tenant_id: tenantId,
    name,
    goal: 'Measure the dialer',
    active: true,
    campaign_type: 'outbound',
    agent_id: agentId,
    calling_hours_type: 'all_hours',
    timezone: 'Europe/London',
    days_of_week: JSON.stringify(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
    max_calls_per_day: 1000,
    call_interval_minutes: 1,
    created_at: now,
    updated_at: now,
  });
  return id;
}

export async function benchDialerBlockedQueue(): Promise<BenchResult> {
  const contacts = 1_000_000;
  const callable = contacts / 100;
  const claim = 50;
  const app = await startTestApp('postgres', { clock: testClock(LONDON_MIDDAY), config: { runWorkers: false } });
  try {
    const db = app.deps.db;
    const tenant = (await db('tenants').where({ subdomain: 'demo' }).first('id')) as { id: string };
    const campaignId = await insertCampaign(app, tenant.id, null, 'Bench 1M');
    const columns = ['id', 'tenant_id', 'campaign_id', 'phone_number', 'metadata', 'next_callable_at'];
    const now = LONDON_MIDDAY.toISOString();
    for (let start = 0; start < contacts; start += 100_000) {
      const rows = Array.from({ length: 100_000 }, (_, offset) => {
        const i = start + offset;
        // One in a hundred is in the UK (callable now); the rest in New York, before its legal hours.
        return i % 100 === 99
          ? [newId(), tenant.id, campaignId, `+447${String(700_000_000 + i)}`, '{}', now]
          : [
              newId(),
              tenant.id,
              campaignId,
              `+1212${String(1_000_000 + i)}`,
              '{"timezone":"America/New_York"}',
              NEW_YORK_OPENS,
            ];
      });
      await dialectOf(db).bulkInsert(
        db,
        'outbound_contacts',
        [...columns, 'created_at', 'updated_at'],
        rows.map((row) => [...row, now, now]),
      );
    }
    await db.raw('analyze outbound_contacts');
    const { contactDialing } = app.built.services;
    const { ours, bare } = await claimAgainstKeyFetch(app, campaignId, claim, REPETITIONS);
    let claimedAll = 0;
    const allMs = await timed(async () => {
      claimedAll = (await contactDialing.claimDue(campaignId, callable * 2, newId(), 60)).length;
    });
    const ratio = ours / bare;
    return {
      id: 'D3',
      workload: `claim ${claim} callable of a 1M campaign, 99 % out of hours (postgres)`,
      ours,
      limit: bare,
      unit: 'ms',
      ratio,
      target: '≤ 5×',
      note: `all callable in one claim: ${claimedAll} of ${callable} in ${allMs.toFixed(0)} ms`,
      pass: ratio <= 5,
    };
  } finally {
    await app.close();
  }
}

const LOAD = {
  workers: 4,
  campaigns: 200,
  perCampaign: 50,
  callsPerSecond: 40,
  lines: 16,
  callMinMs: 150,
  callMaxMs: 450,
};
const CLOCK_SPEED = 60;
const KILL_EVERY_MS = 8_000;
const LOAD_TIMEOUT_MS = 900_000;

async function seedLoad(app: TestApp): Promise<string> {
  const tenant = await freshTenant(app, { planTerms: { minutesIncluded: 100_000 } });
  await app.deps.db('tenants').where({ id: tenant.id }).update({ outbound_calling_enabled: true });
  const number = await buyNumber(app, tenant.admin.token);
  const agent = await createAgent(app, tenant.admin.token, { phoneNumberId: number.id });
  const now = new Date().toISOString();
  for (let c = 0; c < LOAD.campaigns; c += 1) {
    const campaignId = await insertCampaign(app, tenant.id, agent.body.agent.id, `Load ${c}`);
    const rows = Array.from({ length: LOAD.perCampaign }, (_, i) => [
      newId(),
      tenant.id,
      campaignId,
      `+447700${String(100_000 + c * LOAD.perCampaign + i)}`,
      '{}',
      now,
      now,
    ]);
    const columns = ['id', 'tenant_id', 'campaign_id', 'phone_number', 'metadata', 'created_at', 'updated_at'];
    await dialectOf(app.deps.db).bulkInsert(app.deps.db, 'outbound_contacts', columns, rows);
  }
  await app.deps.db.raw(`update campaign_contact_totals set pending = ${LOAD.perCampaign} where tenant_id = ?`, [
    tenant.id,
  ]);
  await app.deps.db.schema.createTable('bench_dial_ledger', (t) => {
    t.string('conversation_id', 64).primary();
    t.string('user_id', 36).notNullable();
    t.string('to_number', 32).notNullable();
    t.bigInteger('start_ms').notNullable();
    t.bigInteger('end_ms').notNullable();
  });
  return tenant.id;
}

interface LoadFigures {
  calls: number;
  doubleDials: number;
  maxLinesAtProvider: number;
  maxLinesHeld: number;
  maxInRollingSecond: number;
  rate: number;
  slowestReleaseMs: number;
  kills: number;
}

/** The busiest stretch's pace: calls per second over the middle of the run (its start and tail left out). */
function sustainedRate(starts: number[]): number {
  const from = starts[Math.floor(starts.length * 0.1)] as number;
  const to = starts[Math.floor(starts.length * 0.9)] as number;
  return (Math.floor(starts.length * 0.9) - Math.floor(starts.length * 0.1)) / ((to - from) / 1000);
}

async function runLoad(app: TestApp, tenantId: string): Promise<LoadFigures> {
  const db = app.deps.db;
  const realStart = Date.now();
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: app.deps.config.dataDir,
    DATABASE_URL: app.deps.config.databaseUrl ?? '',
    CLOCK_SPEED: String(CLOCK_SPEED),
    BUSINESS_START_MS: String(LONDON_MIDDAY.getTime()),
    REAL_START_MS: String(realStart),
    // Business seconds: a lease of 10 real seconds, a call placed within one, looked up one after that.
    DIALER_LEASE_SEC: '600',
    DIALER_PLACE_WINDOW_SEC: '60',
    DIALER_RECONCILE_GRACE_SEC: '60',
    DIALER_CALLS_PER_SECOND: String(LOAD.callsPerSecond),
    // The fake provider answers within a database write; a killed worker's pace slots are held this long (real ms).
    DIALER_CALL_REQUEST_TIMEOUT_MS: '1000',
    DIALER_MAX_CONCURRENT_CALLS: String(LOAD.lines + 1),
    DIALER_INBOUND_RESERVE: '1',
    CALL_MIN_MS: String(LOAD.callMinMs),
    CALL_MAX_MS: String(LOAD.callMaxMs),
  };
  const workers = new Set<ChildProcess>();
  const spawn = async () => {
    const child = fork(path.join(import.meta.dirname, 'dialer-load.process.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    workers.add(child);
    child.once('exit', () => workers.delete(child));
    await new Promise((resolve) => child.once('message', resolve));
  };
  const total = LOAD.campaigns * LOAD.perCampaign;
  let maxLinesAtProvider = 0;
  let maxLinesHeld = 0;
  let kills = 0;
  const lastHeld = new Map<string, number>();
  try {
    await Promise.all(Array.from({ length: LOAD.workers }, spawn));
    let nextKill = Date.now() + KILL_EVERY_MS;
    for (;;) {
      const now = Date.now();
      const [atProvider, held] = await Promise.all([
        db('bench_dial_ledger').where('start_ms', '<=', now).andWhere('end_ms', '>', now).count({ n: '*' }).first(),
        db('dialer_lines').where({ tenant_id: tenantId }).select('attempt_id'),
      ]);
      maxLinesAtProvider = Math.max(maxLinesAtProvider, Number(atProvider?.n));
      maxLinesHeld = Math.max(maxLinesHeld, held.length);
      for (const row of held as Array<{ attempt_id: string }>) lastHeld.set(row.attempt_id, now);
      if (now >= nextKill) {
        const victim = [...workers][Math.floor(Math.random() * workers.size)];
        victim?.kill('SIGKILL');
        kills += 1;
        void spawn();
        nextKill = now + KILL_EVERY_MS;
      }
      const placed = Number((await db('bench_dial_ledger').count({ n: '*' }).first())?.n);
      if ((placed >= total && held.length === 0) || now - realStart > LOAD_TIMEOUT_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    for (const child of workers) child.kill('SIGKILL');
  }
  const ledger = (await db('bench_dial_ledger').select('user_id', 'to_number', 'start_ms', 'end_ms')) as Array<{
    user_id: string;
    to_number: string;
    start_ms: string | number;
    end_ms: string | number;
  }>;
  const starts = ledger.map((row) => Number(row.start_ms)).sort((a, b) => a - b);
  let maxInRollingSecond = 0;
  for (let i = 0, j = 0; i < starts.length; i += 1) {
    while ((starts[i] as number) - (starts[j] as number) >= 1000) j += 1;
    maxInRollingSecond = Math.max(maxInRollingSecond, i - j + 1);
  }
  let slowestReleaseMs = 0;
  for (const row of ledger) {
    const seen = lastHeld.get(row.user_id);
    if (seen !== undefined) slowestReleaseMs = Math.max(slowestReleaseMs, seen + 100 - Number(row.end_ms));
  }
  return {
    calls: ledger.length,
    doubleDials: ledger.length - new Set(ledger.map((row) => row.to_number)).size,
    maxLinesAtProvider,
    maxLinesHeld,
    maxInRollingSecond,
    rate: sustainedRate(starts),
    slowestReleaseMs,
    kills,
  };
}

export async function benchDialerLoad(): Promise<BenchResult> {
  const app = await startTestApp('postgres', { config: { runWorkers: false } });
  try {
    const tenantId = await seedLoad(app);
    const figures = await runLoad(app, tenantId);
    const pass =
      figures.calls === LOAD.campaigns * LOAD.perCampaign &&
      figures.doubleDials === 0 &&
      figures.maxLinesAtProvider <= LOAD.lines &&
      figures.maxLinesHeld <= LOAD.lines &&
      figures.maxInRollingSecond <= LOAD.callsPerSecond &&
      figures.rate >= 0.95 * LOAD.callsPerSecond &&
      figures.slowestReleaseMs <= 60_000;
    return {
      id: 'D4',
      workload: `${LOAD.workers} dialer processes, kill -9, ${figures.calls} calls of ${LOAD.callMinMs}-${LOAD.callMaxMs} ms (postgres)`,
      ours: figures.rate,
      limit: LOAD.callsPerSecond,
      unit: 'calls/s',
      ratio: figures.rate / LOAD.callsPerSecond,
      target: '≥ 0.95×',
      note:
        `lines max ${figures.maxLinesAtProvider} at the provider, ${figures.maxLinesHeld} held (limit ${LOAD.lines}); ` +
        `busiest second ${figures.maxInRollingSecond} (limit ${LOAD.callsPerSecond}); ${figures.doubleDials} double dials; ` +
        `${figures.kills} kills; slowest release ${(figures.slowestReleaseMs / 1000).toFixed(1)} s after the call's end`,
      pass,
    };
  } finally {
    await app.close();
  }
}
