import { apiRoutes } from '@shared/api/routes';
import { WEBHOOK_FAILING_DISABLE_AFTER_MS, WEBHOOK_RETRY_DELAYS_SEC } from '@shared/domain/webhook-retry';
import { outboundRequest } from '../../server/src/lib/outbound-request';
import { newWebhookSecret, signedHeaders } from '../../server/src/modules/webhooks/webhook-signing';
import { DELIVERY_BOUNDS } from '../../server/src/modules/webhooks/webhook-delivery';
import { freshTenant, type FreshTenant } from '../api/support/api-actions';
import { startTestApp, testClock, type DatabaseKind, type TestApp } from '../api/support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../api/support/webhook-receiver';
import { median, type BenchResult } from './harness';

const TENANTS = 10;
const ENDPOINTS_PER_TENANT = 5;
const EVENTS_PER_TENANT = 40;
const DELIVERIES = TENANTS * ENDPOINTS_PER_TENANT * EVENTS_PER_TENANT;
/**
 * The steady phase's offered load: 20 events a second (100 deliveries). A call centre of 1,000 lines on 3-minute calls
 * ends 5.5 calls a second, each sending about three events (completed, analysed, the contact's outcome).
 */
const STEADY_EVENTS_PER_SECOND = 20;
const STEADY_SECONDS = 10;

async function addEndpoint(app: TestApp, tenant: FreshTenant, url: string): Promise<{ id: string; secret: string }> {
  const response = await app.request<{ endpoint: { id: string }; secret: string }>(
    'POST',
    apiRoutes.webhookEndpoints.collection(),
    {
      token: tenant.admin.token,
      body: { url, eventTypes: ['call.completed'] },
    },
  );
  if (response.status !== 201) throw new Error(`endpoint not added: ${response.text}`);
  return { id: response.body.endpoint.id, secret: response.body.secret };
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * The bare twin: the same deliveries signed and POSTed through the same private-address guard by a plain loop with
 * the job workers' concurrency, no database, no job engine.
 */
async function bareDeliveries(receiver: WebhookReceiver, count: number, concurrency: number): Promise<number> {
  const secret = newWebhookSecret();
  const before = receiver.received.length;
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const payload = JSON.stringify({
        type: 'call.completed',
        timestamp: new Date().toISOString(),
        data: { callId: `bare-${i}` },
      });
      await outboundRequest(`${receiver.url}/bare`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signedHeaders(`msg_bare_${i}`, new Date(), payload, [secret]),
        },
        body: payload,
        timeoutMs: 15_000,
        followRedirects: false,
        allowAddresses: ['127.0.0.1'],
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (receiver.received.length - before !== count) throw new Error('the bare twin lost deliveries');
  return count / ((performance.now() - started) / 1000);
}

/**
 * W1: events delivered per second to a receiver that answers at once, with 50 endpoints across 10 tenants (each event
 * of a tenant goes to its 5 endpoints), against the bare twin, with the delay from each event's publish to its
 * arrival in that burst; and the delay at a steady rate a large call centre makes, which the p99 ≤ 1 s promise is about
 * (a burst's p99 is the time its whole backlog takes to drain).
 */
export async function benchWebhookThroughput(kind: DatabaseKind): Promise<BenchResult[]> {
  const app = await startTestApp(kind);
  const receiver = await startWebhookReceiver();
  try {
    const tenants = await Promise.all(Array.from({ length: TENANTS }, () => freshTenant(app)));
    for (const [t, tenant] of tenants.entries()) {
      for (let e = 0; e < ENDPOINTS_PER_TENANT; e += 1) await addEndpoint(app, tenant, `${receiver.url}/t${t}e${e}`);
    }
    const publishedAt = new Map<string, number>();
    const publishCall = (t: number, callId: string) => {
      publishedAt.set(callId, Date.now());
      return app.built.services.events.publish(tenants[t]!.id, {
        type: 'call.completed',
        data: { callId, agentId: null, campaignId: null, durationSec: 30 },
      });
    };
    const delaysOf = (prefix: string) =>
      receiver.received
        .map((request) => ({
          callId: (JSON.parse(request.body) as { data: { callId: string } }).data.callId,
          at: request.at,
        }))
        .filter(({ callId }) => callId.startsWith(prefix))
        .map(({ callId, at }) => at - (publishedAt.get(callId) ?? at))
        .sort((a, b) => a - b);

    // The burst: every tenant publishes its 40 events at once.
    const started = performance.now();
    await Promise.all(
      tenants.map(async (_tenant, t) => {
        for (let i = 0; i < EVENTS_PER_TENANT; i += 1) await publishCall(t, `w1-${t}-${i}`);
      }),
    );
    const publishMs = performance.now() - started;
    await until(() => receiver.received.length >= DELIVERIES, 300_000);
    const ours = DELIVERIES / ((performance.now() - started) / 1000);
    const delays = delaysOf('w1-');
    const bare = median([
      await bareDeliveries(receiver, DELIVERIES, DELIVERY_BOUNDS.perTenant * 2),
      await bareDeliveries(receiver, DELIVERIES, DELIVERY_BOUNDS.perTenant * 2),
      await bareDeliveries(receiver, DELIVERIES, DELIVERY_BOUNDS.perTenant * 2),
    ]);
    const ratio = ours / bare;

    // The steady phase: events at a fixed rate, each on its own moment (a late one does not push the next).
    const steadyEvents = STEADY_EVENTS_PER_SECOND * STEADY_SECONDS;
    const receivedBefore = receiver.received.length;
    const steadyStart = Date.now();
    const publishes: Array<Promise<unknown>> = [];
    for (let i = 0; i < steadyEvents; i += 1) {
      const wait = steadyStart + (i * 1000) / STEADY_EVENTS_PER_SECOND - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      publishes.push(publishCall(i % TENANTS, `steady-${i}`));
    }
    await Promise.all(publishes);
    const steadyDeliveries = steadyEvents * ENDPOINTS_PER_TENANT;
    await until(() => receiver.received.length >= receivedBefore + steadyDeliveries, 300_000);
    const steady = delaysOf('steady-');
    const steadyP99 = percentile(steady, 0.99);

    return [
      {
        id: kind === 'sqlite' ? 'W1' : 'W1pg',
        workload: `webhooks, ${DELIVERIES} deliveries to 50 endpoints of 10 tenants (/s)`,
        ours,
        limit: bare,
        unit: '/s',
        ratio,
        target: '≥ 0.10 bare',
        note: `burst event→delivery p50 ${percentile(delays, 0.5).toFixed(0)} ms, p99 ${percentile(delays, 0.99).toFixed(0)} ms; ${TENANTS * EVENTS_PER_TENANT} events published in ${publishMs.toFixed(0)} ms`,
        pass: ratio >= 0.1,
      },
      {
        id: kind === 'sqlite' ? 'W1s' : 'W1spg',
        workload: `webhooks, event → delivery p99 at ${STEADY_EVENTS_PER_SECOND} events/s (${STEADY_EVENTS_PER_SECOND * ENDPOINTS_PER_TENANT} deliveries/s) for ${STEADY_SECONDS} s (ms)`,
        ours: steadyP99,
        limit: 1000,
        unit: 'ms',
        ratio: steadyP99 / 1000,
        target: 'p99 ≤ 1 s',
        note: `p50 ${percentile(steady, 0.5).toFixed(0)} ms, max ${(steady.at(-1) ?? 0).toFixed(0)} ms`,
        pass: steadyP99 <= 1000,
      },
    ];
  } finally {
    await receiver.close();
    await app.close();
  }
}

/** Runs every due attempt, as the job engine would at the fake clock's time; then moves the clock to the next one. */
async function runSchedule(app: TestApp, clock: ReturnType<typeof testClock>, until: Date): Promise<void> {
  for (;;) {
    const due: Array<{ id: string; attempts: number | string; next_attempt_at: unknown }> = await app.deps
      .db('webhook_deliveries')
      .where({ status: 'pending' })
      .select('id', 'attempts', 'next_attempt_at');
    const times = due.map((row) => new Date(row.next_attempt_at as string).getTime());
    const now = clock.now().getTime();
    const ready = due.filter((_row, i) => (times[i] ?? 0) <= now);
    for (const row of ready) {
      await app.built.services.webhooks.attempt({ deliveryId: row.id, attemptsBefore: Number(row.attempts) });
    }
    if (ready.length) continue;
    const next = Math.min(...times);
    if (!Number.isFinite(next) || next > until.getTime()) return;
    clock.set(new Date(next));
  }
}

/**
 * W2, on a fake clock: receivers that fail their first N attempts (N = 0..7) and then recover get each event exactly
 * once per scheduled attempt, all with one id, at the Standard Webhooks schedule's moments; a receiver down longer
 * than the schedule (an event a day for six days) ends disabled, its tenant's admins e-mailed.
 */
export async function benchWebhookRetries(): Promise<BenchResult[]> {
  const clock = testClock();
  const app = await startTestApp('sqlite', { clock, config: { runWorkers: false } });
  const receiver = await startWebhookReceiver();
  try {
    const tenant = await freshTenant(app);
    const failures = [0, 1, 2, 3, 4, 5, 6, 7];
    const failFirst = new Map(failures.map((n) => [`/recovers${n}`, n]));
    receiver.answer = (request) => {
      if (request.path.endsWith('/down')) return { status: 503 };
      const n = failFirst.get(request.path.slice(request.path.lastIndexOf('/'))) ?? 0;
      const seen = receiver.received.filter((earlier) => earlier.path === request.path).length;
      return seen < n ? { status: 500 } : { status: 200 };
    };
    // Added through the service: the fake clock runs past any access token's life.
    const add = (url: string) => app.built.services.webhooks.create(tenant.id, { url, eventTypes: ['call.completed'] });
    for (const n of failures) await add(`${receiver.url}/recovers${n}`);
    await app.built.services.events.publish(tenant.id, {
      type: 'call.completed',
      data: { callId: 'w2', agentId: null, campaignId: null, durationSec: 30 },
    });
    await runSchedule(app, clock, new Date(clock.now().getTime() + 2 * 24 * 3600 * 1000));
    let exact = 0;
    for (const n of failures) {
      const got = receiver.received.filter((request) => request.path.endsWith(`/recovers${n}`));
      const ids = new Set(got.map((request) => request.headers['webhook-id']));
      const gaps = got
        .slice(1)
        .map(
          (request, i) => Number(request.headers['webhook-timestamp']) - Number(got[i]?.headers['webhook-timestamp']),
        );
      const scheduled = WEBHOOK_RETRY_DELAYS_SEC.slice(0, n);
      if (got.length === n + 1 && ids.size === 1 && gaps.every((gap, i) => Math.abs(gap - (scheduled[i] ?? 0)) <= 1))
        exact += 1;
    }

    // Down for longer than the schedule: an event a day until the endpoint is disabled.
    const down = (await add(`${receiver.url}/down`)).endpoint;
    const firstDown = clock.now().getTime();
    let day = 0;
    for (; day < 8; day += 1) {
      clock.set(new Date(firstDown + day * 24 * 3600 * 1000));
      await app.built.services.events.publish(tenant.id, {
        type: 'call.completed',
        data: { callId: `down-${day}`, agentId: null, campaignId: null, durationSec: 30 },
      });
      await runSchedule(app, clock, new Date(firstDown + (day + 1) * 24 * 3600 * 1000 - 1));
      const endpoint = await app.deps.db('webhook_endpoints').where({ id: down.id }).first('enabled');
      if (!endpoint.enabled) break;
    }
    const disabledAfterDays = (clock.now().getTime() - firstDown) / (24 * 3600 * 1000);
    const told = await app.deps
      .db('mail_outbox')
      .where({ kind: 'webhook-endpoint-disabled', to_address: tenant.admin.email });
    const disabledInTime = disabledAfterDays >= WEBHOOK_FAILING_DISABLE_AFTER_MS / (24 * 3600 * 1000) && day < 8;
    const percent = (exact / failures.length) * 100;
    return [
      {
        id: 'W2',
        workload: 'webhooks on a fake clock: N failures then recovery, exactly once per attempt (%)',
        ours: percent,
        limit: 100,
        unit: '%',
        ratio: percent / 100,
        target: '= 100 %',
        note: `down receiver disabled after ${disabledAfterDays.toFixed(1)} days, ${told.length} admin e-mail(s)`,
        pass: percent === 100 && disabledInTime && told.length === 1,
      },
    ];
  } finally {
    await receiver.close();
    await app.close();
  }
}
