/**
 * At most `limit` requests of one tenant run at once on this instance; the others wait their turn in arrival order.
 * A tenant that floods the API then queues behind itself instead of in front of every other tenant (BENCHMARKS N1).
 */
export interface TenantShare {
  run<T>(tenantId: string, work: () => Promise<T>): Promise<T>;
}

interface Lane {
  running: number;
  waiting: Array<() => void>;
}

export function createTenantShare(limit: number): TenantShare {
  const lanes = new Map<string, Lane>();

  const release = (tenantId: string, lane: Lane) => {
    const next = lane.waiting.shift();
    if (next) {
      // The next request starts on a later turn of the event loop: resolved at once, a chain of waiting requests
      // (synchronous SQLite reads) would run in one microtask drain and keep every other tenant's sockets unread.
      setImmediate(next);
      return;
    }
    lane.running -= 1;
    if (lane.running === 0) lanes.delete(tenantId);
  };

  return {
    async run(tenantId, work) {
      let lane = lanes.get(tenantId);
      if (!lane) {
        lane = { running: 0, waiting: [] };
        lanes.set(tenantId, lane);
      }
      if (lane.running < limit) lane.running += 1;
      // A released slot passes straight to the next in line, so `running` counts it already.
      else await new Promise<void>((resolve) => lane.waiting.push(resolve));
      try {
        return await work();
      } finally {
        release(tenantId, lane);
      }
    },
  };
}
