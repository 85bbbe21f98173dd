import type { CreatedApiKeyResponse } from '@shared/api/api-keys.types';
import { apiRoutes } from '@shared/api/routes';
import { dialectOf } from '../../server/src/db/dialect';
import { MAX_STREAMS_PER_CALLER } from '../../server/src/modules/events/events.routes';
import { createAgent, freshTenant } from '../api/support/api-actions';
import { expectStatus } from '../api/support/api-client';
import { openEventStream, type EventStream } from '../api/support/sse-client';
import { startTestApp, type TestApp } from '../api/support/test-app';
import { median, type BenchResult } from './harness';

const DAY_MS = 24 * 3600 * 1000;
const REPETITIONS = 200;

/** Rollup rows for `calls` calls of these agents spread over `days` days ending today, about as many per row. */
function rollupRows(tenantId: string, agentIds: string[], days: number, calls: number) {
  const perRow = Math.max(1, Math.round(calls / (agentIds.length * days)));
  const today = Date.now();
  const daily: unknown[][] = [];
  const outcomes: unknown[][] = [];
  const tenantDaily: unknown[][] = [];
  const tenantOutcomes: unknown[][] = [];
  const agents = agentIds.length;
  for (let d = 0; d < days; d += 1) {
    const day = new Date(today - d * DAY_MS).toISOString().slice(0, 10);
    for (const agentId of agentIds) {
      daily.push([tenantId, agentId, day, perRow, perRow * 60, perRow * 25, Math.floor(perRow / 2)]);
      outcomes.push([tenantId, agentId, day, 'answered', perRow - 1], [tenantId, agentId, day, 'voicemail', 1]);
    }
    const calls = perRow * agents;
    tenantDaily.push([tenantId, day, calls, calls * 60, calls * 25, Math.floor(perRow / 2) * agents]);
    tenantOutcomes.push([tenantId, day, 'answered', (perRow - 1) * agents], [tenantId, day, 'voicemail', agents]);
  }
  return { daily, outcomes, tenantDaily, tenantOutcomes };
}

async function seedRollups(app: TestApp, rows: ReturnType<typeof rollupRows>) {
  const dialect = dialectOf(app.deps.db);
  const dailyColumns = ['tenant_id', 'agent_id', 'day', 'call_count', 'duration_sec', 'cost_cents', 'successful_count'];
  await dialect.bulkInsert(app.deps.db, 'agent_call_daily', dailyColumns, rows.daily);
  await dialect.bulkInsert(
    app.deps.db,
    'call_outcome_daily',
    ['tenant_id', 'agent_id', 'day', 'outcome', 'call_count'],
    rows.outcomes,
  );
  await dialect.bulkInsert(
    app.deps.db,
    'tenant_call_daily',
    dailyColumns.filter((c) => c !== 'agent_id'),
    rows.tenantDaily,
  );
  await dialect.bulkInsert(
    app.deps.db,
    'tenant_outcome_daily',
    ['tenant_id', 'day', 'outcome', 'call_count'],
    rows.tenantOutcomes,
  );
}

async function tenantWithAgents(app: TestApp, agents: number) {
  const tenant = await freshTenant(app, { planTerms: { maxAgents: agents } });
  const ids: string[] = [];
  for (let i = 0; i < agents; i += 1) {
    const created = await createAgent(app, tenant.admin.token, { name: `Agent ${i}` });
    if (created.status !== 201) throw new Error(`agent: ${created.status} ${created.text}`);
    ids.push(created.body.agent.id);
  }
  return { tenant, ids };
}

/** Median µs of the dashboard panel's reads (90 days, all agents; the first page of calls), through the services. */
async function panelTime(app: TestApp, tenantId: string): Promise<number> {
  const { stats, calls } = app.built.services;
  const times: number[] = [];
  for (let i = 0; i < REPETITIONS; i += 1) {
    const started = process.hrtime.bigint();
    await stats.callsAnalytics(tenantId, '90d');
    await calls.page(tenantId, { page: 0, pageSize: 10 });
    times.push(Number(process.hrtime.bigint() - started) / 1000);
  }
  return median(times);
}

/**
 * S1 and S2 for the dashboard's calls panel (SQLite): its reads are ranges of the daily rollups' primary key, so a
 * 10k-call tenant costs the same beside 2M calls of others, and a tenant's 100× growth barely shows.
 */
export async function benchCallsPanel(): Promise<BenchResult[]> {
  const app = await startTestApp('sqlite');
  try {
    const small = await tenantWithAgents(app, 5);
    await seedRollups(app, rollupRows(small.tenant.id, small.ids, 365, 10_000));
    const alone = await panelTime(app, small.tenant.id);
    // The rest of the platform: 20 tenants of 5 agents, 2M calls over two years.
    for (let t = 0; t < 20; t += 1) {
      const other = await tenantWithAgents(app, 5);
      await seedRollups(app, rollupRows(other.tenant.id, other.ids, 730, 100_000));
    }
    const crowded = await panelTime(app, small.tenant.id);
    const big = await tenantWithAgents(app, 25);
    await seedRollups(app, rollupRows(big.tenant.id, big.ids, 730, 1_000_000));
    const grown = await panelTime(app, big.tenant.id);
    return [
      {
        id: 'S1',
        workload: 'calls panel, 10k-call tenant in a 2M-call platform (µs)',
        ours: crowded,
        limit: alone * 1.3,
        unit: 'µs',
        ratio: crowded / alone,
        target: '≤ 1.3×',
        pass: crowded / alone <= 1.3,
      },
      {
        id: 'S2',
        workload: 'calls panel, tenant at 1M calls vs at 10k (µs)',
        ours: grown,
        limit: alone * 10,
        unit: 'µs',
        ratio: grown / alone,
        target: '≤ 10×',
        pass: grown / alone <= 10,
      },
    ];
  } finally {
    await app.close();
  }
}

const CLIENTS = 1000;
const EVENTS = 100;
const LATENCY_EVENTS = 20;

/** API keys of the tenant that may read its live events. */
async function streamKeys(app: TestApp, adminToken: string, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await app.request<CreatedApiKeyResponse>('POST', apiRoutes.apiKeys.collection(), {
      token: adminToken,
      body: { name: `Live events ${i + 1}`, scope: 'read_only', permissions: ['calls:read'] },
    });
    keys.push(expectStatus(response, 201, 'stream key').body.apiKey);
  }
  return keys;
}

/**
 * E1: live events at 1,000 connected streams of one tenant on one instance (SQLite, in-process notifier): events
 * published through the service, deliveries per second, latency from publish to the client's parser, and memory per
 * connection (client and server live in this one process, so it is an upper bound of the server's share).
 */
export async function benchEvents(): Promise<BenchResult[]> {
  const app = await startTestApp('sqlite', { config: { eventHeartbeatMs: 60_000 } });
  const streams: EventStream[] = [];
  try {
    const tenant = await freshTenant(app);
    // One caller may hold MAX_STREAMS_PER_CALLER streams, so the tenant's 1,000 come from as many API keys as needed.
    const keys = await streamKeys(app, tenant.admin.token, Math.ceil(CLIENTS / MAX_STREAMS_PER_CALLER));
    global.gc?.();
    const before = process.memoryUsage();
    for (const key of keys) {
      for (let i = 0; i < MAX_STREAMS_PER_CALLER && streams.length < CLIENTS; i += 1) {
        streams.push(await openEventStream(app.baseUrl, key));
      }
    }
    if (streams.some((stream) => stream.status !== 200)) throw new Error('a stream was refused');
    global.gc?.();
    const after = process.memoryUsage();
    const perConnectionKb = (after.rss - before.rss) / CLIENTS / 1024;

    const publish = (i: number) =>
      app.built.services.events.publish(tenant.id, {
        type: 'number.purchased',
        data: { phoneNumberId: `bench-${i}`, phoneNumber: `+64900${String(i).padStart(5, '0')}` },
      });
    const everyStreamHas = (count: number) =>
      Promise.all(streams.map((stream) => stream.next(() => stream.events.length >= count, 120_000)));

    // Latency: one event at a time, from the service's publish until the last of the 1,000 streams has parsed it.
    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_EVENTS; i += 1) {
      const sent = performance.now();
      await publish(i);
      await everyStreamHas(i + 1);
      latencies.push(performance.now() - sent);
    }
    // Throughput: a burst, until every stream has every event.
    const started = performance.now();
    for (let i = 0; i < EVENTS; i += 1) await publish(LATENCY_EVENTS + i);
    await everyStreamHas(LATENCY_EVENTS + EVENTS);
    const deliveries = (CLIENTS * EVENTS) / ((performance.now() - started) / 1000);
    latencies.sort((a, b) => a - b);
    return [
      {
        id: 'E1',
        workload: `live events to ${CLIENTS} streams, ${EVENTS} events (deliveries/s)`,
        ours: deliveries,
        limit: deliveries,
        unit: '/s',
        ratio: 1,
        target: 'measured',
        note: `latency to all streams p50 ${median(latencies).toFixed(0)} ms, max ${latencies.at(-1)?.toFixed(0)} ms; ${perConnectionKb.toFixed(1)} KB RSS per connection (both ends)`,
        pass: true,
      },
    ];
  } finally {
    streams.forEach((stream) => stream.close());
    await app.close();
  }
}
