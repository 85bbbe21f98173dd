import { toIso, type Db } from '../../db/database';

/** Failure counters in a fixed window, kept in the database so every server instance sees the same counts. */
export interface Throttle {
  /** Seconds until the key may try again, or 0 when it is not blocked. */
  blockedFor(key: string, maxFailures: number): Promise<number>;
  recordFailure(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export function createThrottle(db: Db, now: () => Date, windowSec: number): Throttle {
  const windowStart = (row: { window_started_at: unknown }) => new Date(toIso(row.window_started_at)).getTime();
  return {
    async blockedFor(key, maxFailures) {
      const row = await db('throttle_counters').where({ key }).first();
      if (!row) return 0;
      const elapsedSec = (now().getTime() - windowStart(row)) / 1000;
      if (elapsedSec >= windowSec) return 0;
      return Number(row.failures) >= maxFailures ? Math.ceil(windowSec - elapsedSec) : 0;
    },
    async recordFailure(key) {
      const nowIso = now().toISOString();
      const expiredBefore = new Date(now().getTime() - windowSec * 1000).toISOString();
      await db('throttle_counters').where({ key }).where('window_started_at', '<=', expiredBefore).delete();
      await db('throttle_counters')
        .insert({ key, failures: 1, window_started_at: nowIso })
        .onConflict('key')
        .merge({ failures: db.raw('?? + 1', ['throttle_counters.failures']) });
    },
    async clear(key) {
      await db('throttle_counters').where({ key }).delete();
    },
  };
}
