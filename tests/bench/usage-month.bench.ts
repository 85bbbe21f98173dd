import { randomUUID } from 'node:crypto';
import { apiRoutes } from '@shared/api/routes';
import type { CurrentUsageResponse } from '@shared/api/usage.types';
import { billedMinutes, usageTotals } from '@shared/domain/call-minutes';
import { dialectOf } from '../../server/src/db/dialect';
import { freshTenant } from '../api/support/api-actions';
import { startTestApp, testClock, type DatabaseKind } from '../api/support/test-app';
import { interleave, timeLoopAsync, type BenchResult } from './harness';

/**
 * S4: a tenant's usage for a month of 1M calls, as the billing page reads it (`GET /api/usage/current` through the
 * whole stack), against `count(*)` over the same tenant's raw call rows of that month (the index leading with
 * tenant_id and started_at). Usage reads the per-month row kept as calls are recorded, so it never scans calls.
 */
const CALLS = 1_000_000;
const BATCH = 100_000;
const REPETITIONS = 7;
const ITERATIONS = 5;

export async function benchUsageMonth(kind: DatabaseKind): Promise<BenchResult> {
  const clock = testClock(new Date(Date.UTC(2026, 10, 20, 12)));
  const app = await startTestApp(kind, { clock });
  try {
    const tenant = await freshTenant(app, { planTerms: { minutesIncluded: 1000 } });
    const monthStart = Date.UTC(2026, 10, 1);
    const span = clock.now().getTime() - monthStart;
    let minutes = 0;
    let seconds = 0;
    const columns = ['id', 'tenant_id', 'conversation_id', 'status', 'started_at', 'duration_sec', 'created_at'];
    for (let offset = 0; offset < CALLS; offset += BATCH) {
      const rows: unknown[][] = [];
      for (let i = offset; i < offset + BATCH; i += 1) {
        const startedAt = new Date(monthStart + Math.floor((i / CALLS) * span)).toISOString();
        const duration = 20 + (i % 400);
        minutes += billedMinutes(duration);
        seconds += duration;
        rows.push([randomUUID(), tenant.id, `conv_bench_${i}`, 'answered', startedAt, duration, startedAt]);
      }
      await dialectOf(app.deps.db).bulkInsert(app.deps.db, 'calls', columns, rows);
    }
    // The month's row as recording those calls one by one leaves it.
    const totals = usageTotals(minutes, 1000, 10);
    await app.deps.db('usage').insert({
      id: randomUUID(),
      tenant_id: tenant.id,
      month_yyyy_mm: '2026-11',
      minutes_included: 1000,
      seconds_used: seconds,
      minutes_used: minutes,
      minutes_billable: totals.minutesBillable,
      cost_per_minute_applied: 10,
      billing_cost: totals.billingCost,
      calls_count: CALLS,
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    });
    if (kind === 'postgres') await app.deps.db.raw('analyze calls');

    const ours = async () => {
      const res = await app.request<CurrentUsageResponse>('GET', apiRoutes.usage.current(), {
        token: tenant.user.token,
      });
      if (res.status !== 200 || res.body.usage.minutesUsed !== minutes) {
        throw new Error(`usage/current: ${res.status} ${res.text.slice(0, 200)}`);
      }
    };
    const bare = async () => {
      const row = await app.deps
        .db('calls')
        .where({ tenant_id: tenant.id })
        .where('started_at', '>=', new Date(monthStart).toISOString())
        .where('started_at', '<', new Date(Date.UTC(2026, 11, 1)).toISOString())
        .count({ n: '*' })
        .first();
      if (Number(row?.n) !== CALLS) throw new Error(`count(*) found ${String(row?.n)} calls`);
    };
    // The client's kept-alive socket may have been closed by the server during the long insert: warm up anew.
    await ours().catch(() => ours());
    await bare();
    const timed = await interleave(
      REPETITIONS,
      () => timeLoopAsync(ITERATIONS, ours),
      () => timeLoopAsync(ITERATIONS, bare),
    );
    const ratio = timed.ours / timed.bare;
    return {
      id: kind === 'sqlite' ? 'S4' : 'S4pg',
      workload: `usage for a month of a 1M-call tenant (${kind}), GET usage/current`,
      ours: timed.ours / 1000,
      limit: timed.bare / 1000,
      unit: 'ms',
      ratio,
      target: '≤ 0.2×',
      note: 'limit: count(*) over its raw calls of the month',
      pass: ratio <= 0.2,
    };
  } finally {
    await app.close();
  }
}
