import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { median, type BenchResult } from './harness';
import { startTestApp } from '../api/support/test-app';

/** B3: a wrong password and an unknown e-mail must cost the same; the medians of n sign-ins each are compared. */
export async function benchLoginEnumeration(): Promise<BenchResult> {
  const app = await startTestApp('sqlite', {
    config: {
      passwordHashCost: 14,
      loginMaxFailuresPerPair: 10_000,
      loginMaxFailuresPerAccount: 10_000,
      loginMaxFailuresPerAddress: 10_000,
    },
  });
  try {
    const known: number[] = [];
    const unknown: number[] = [];
    const attempt = async (email: string) => {
      const started = performance.now();
      await app.request('POST', '/api/auth/custom/login', { body: { email, password: 'not-the-password' } });
      return performance.now() - started;
    };
    for (let i = 0; i < 60; i += 1) {
      known.push(await attempt(DEMO_ACCOUNTS.user.email));
      unknown.push(await attempt(`nobody-${i}@example.test`));
    }
    const ours = median(unknown);
    const limit = median(known);
    const ratio = ours / limit;
    return {
      id: 'B3',
      workload: 'sign-in: unknown e-mail vs wrong password (ms, n=60)',
      ours,
      limit,
      unit: 'ms',
      ratio,
      target: '0.9–1.1×',
      pass: ratio >= 0.9 && ratio <= 1.1,
    };
  } finally {
    await app.close();
  }
}
