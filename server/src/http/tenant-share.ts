/**
 * At most `limit` requests of one tenant run at once on this instance, and at most one of them starts in each phase
 * of the event loop; the others wait their turn in arrival order. A tenant that floods the API then queues behind
 * itself instead of in front of every other tenant (BENCHMARKS N1).
 *
 * The per-turn rule is what keeps the server responsive on SQLite: its reads are synchronous, so a request can run
 * from start to answer inside the callback that read its socket, and one poll of the event loop would otherwise run
 * every ready request of the flooding tenant back to back (50 connections: 50 requests, ~75 ms) before it reads
 * another tenant's socket or fires a timer.
 */
export interface TenantShare {
  run<T>(tenantId: string, work: () => Promise<T>): Promise<T>;
}

interface Lane {
  running: number;
  waiting: Array<() => void>;
  /** A request started since the lane's last turn. */
  startedThisTurn: boolean;
  /** A turn is scheduled (setImmediate): it starts the next waiting request, if a slot is free. */
  turnScheduled: boolean;
}

export function createTenantShare(limit: number): TenantShare {
  const lanes = new Map<string, Lane>();

  const scheduleTurn = (tenantId: string, lane: Lane) => {
    if (lane.turnScheduled) return;
    lane.turnScheduled = true;
    setImmediate(() => {
      lane.turnScheduled = false;
      lane.startedThisTurn = false;
      const next = lane.running < limit ? lane.waiting.shift() : undefined;
      if (next) {
        lane.running += 1;
        lane.startedThisTurn = true;
        next();
      }
      if (lane.startedThisTurn || (lane.waiting.length > 0 && lane.running < limit)) scheduleTurn(tenantId, lane);
      else if (lane.running === 0 && lane.waiting.length === 0) lanes.delete(tenantId);
    });
  };

  return {
    async run(tenantId, work) {
      let lane = lanes.get(tenantId);
      if (!lane) {
        lane = { running: 0, waiting: [], startedThisTurn: false, turnScheduled: false };
        lanes.set(tenantId, lane);
      }
      if (lane.running < limit && !lane.startedThisTurn) {
        lane.running += 1;
        lane.startedThisTurn = true;
      } else {
        // Started by a turn of the lane, which counts it in `running`.
        const started = new Promise<void>((resolve) => lane.waiting.push(resolve));
        scheduleTurn(tenantId, lane);
        await started;
      }
      try {
        return await work();
      } finally {
        lane.running -= 1;
        scheduleTurn(tenantId, lane);
      }
    },
  };
}
