import { DEMO_ACTOR, demoBillingHistories, seedDemoBusiness } from '../../server/src/db/seeds/demo-business';
import { startTestApp } from '../api/support/test-app';
import { median, type BenchResult } from './harness';

/**
 * DEMO1: a first start with the demo clinic's six months of history against a first start today (migrations, the
 * catalogue and demo accounts, the sandbox, the app, the demo tenants' customers and subscriptions at the payment
 * sandbox): the history (calls, rollups, contacts and callbacks, the calls' conversations at the voice sandbox, and
 * six months of invoices through a test clock) may add at most 30 s on this 2-core machine.
 */
const REPETITIONS = 3;
const ALLOWED_EXTRA_MS = 30_000;

export async function benchDemoSeed(): Promise<BenchResult> {
  const bare: number[] = [];
  const withHistory: number[] = [];
  for (let repetition = 0; repetition < REPETITIONS; repetition += 1) {
    // Today's first start: the app, and the demo tenants subscribed now, with no past.
    const bareStarted = performance.now();
    const bareApp = await startTestApp('sqlite');
    try {
      const now = bareApp.deps.clock.now();
      const today = demoBillingHistories(now).map((history) => ({ ...history, since: now, minutesByMonth: new Map() }));
      await bareApp.services.billing.provisionSandboxDemo(today, now);
      bare.push(performance.now() - bareStarted);
    } finally {
      await bareApp.close();
    }
    const started = performance.now();
    const app = await startTestApp('sqlite');
    try {
      const now = app.deps.clock.now();
      await app.services.billing.provisionSandboxDemo(demoBillingHistories(now), now);
      await seedDemoBusiness(app.deps, app.services, DEMO_ACTOR, now);
      withHistory.push(performance.now() - started);
    } finally {
      await app.close();
    }
  }
  const ours = median(withHistory);
  const limit = median(bare) + ALLOWED_EXTRA_MS;
  return {
    id: 'DEMO1',
    workload: 'first start with six months of demo history vs first start today (SQLite)',
    ours: Math.round(ours),
    limit: Math.round(limit),
    unit: 'ms',
    ratio: ours / limit,
    target: 'at most 30 s more than a first start today',
    note: `history adds ${Math.round(ours - median(bare))} ms`,
    pass: ours <= limit,
  };
}
