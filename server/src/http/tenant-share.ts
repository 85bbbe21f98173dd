import { runPaced } from '../lib/query-pacing';

/**
 * At most `limit` requests of one tenant run at once on this instance, and a tenant with requests waiting takes one
 * step of them in each phase of the event loop: a request's start, its answer, or on SQLite its next query. The
 * others wait their turn in arrival order. A tenant that floods the API then queues behind itself instead of in front
 * of every other tenant (BENCHMARKS N1).
 *
 * The per-turn rule is what keeps the server responsive on SQLite: its reads are synchronous, so a request can run
 * from start to answer inside the callback that read its socket, and one poll of the event loop would otherwise run
 * every ready request of the flooding tenant back to back (50 connections: 50 requests, ~75 ms) before it reads
 * another tenant's socket or fires a timer. A flooding tenant's answer (serialised and written to its socket, about
 * as long as reading it) takes a turn of its own, so another tenant's request waits for half a request, not a whole.
 * A tenant with nothing waiting may start a second request in the same phase: a client that keeps two requests in
 * flight (a page loading its parts) would otherwise wait behind the flooding tenant's step for every second one.
 *
 * While another tenant is being served, a tenant with a backlog runs one request at a time. On PostgreSQL a request
 * waits for its queries' answers, which come back in the event loop's poll phase outside these turns: with `limit`
 * requests in flight, a poll could carry that many of the flooding tenant's pages into rows and records before it
 * read another tenant's answer. One at a time, another tenant's events wait for at most one of its callbacks.
 *
 * And while a tenant without a backlog has a request running, a tenant with a backlog takes no step (neither starts
 * nor answers) until that request ends or `HOLD_MS` have passed since its own latest step. Its pages would otherwise
 * be queried, parsed and serialised beside the quiet tenant's request, by the same cores as the database's: measured
 * on PostgreSQL, a page of the flooding list costs about 3 ms of CPU, another tenant's agents list about 1 ms. The
 * bound keeps a tenant that always has a request running from starving a flooding one, which still takes a step
 * every `HOLD_MS`.
 *
 * On SQLite a request's queries run synchronously, so its start ran its whole handler in one step: 1.5 ms for a page
 * of the 100k list, measured, against 0.4 ms for another tenant's agents list. While another tenant is active, a
 * flooding tenant's request therefore takes a turn before each query as well (`pacesQueries`).
 */
export interface TenantShare {
  run<T>(tenantId: string, work: () => Promise<T>): Promise<T>;
}

interface Lane {
  running: number;
  /** Requests waiting to start. */
  waiting: Array<() => void>;
  /** Running requests of a flooding tenant waiting for a turn to go on: to answer, or to their next query. */
  continuing: Array<() => void>;
  /** Steps run since the lane's last turn. */
  stepsThisTurn: number;
  /** A turn is scheduled (setImmediate): a running request goes on, or else the next starts if a slot is free. */
  turnScheduled: boolean;
  /** When the lane last took a step. */
  steppedAt: number;
  /** A turn is due when the lane's hold ends (setTimeout). */
  holdTimer: NodeJS.Timeout | undefined;
}

/** The requests a tenant with none waiting may start in one phase; a third arrival there starts its queue. */
const QUIET_STARTS_PER_TURN = 2;

/** How long after another tenant's latest request a tenant with a backlog is held to one request at a time. */
export const OTHERS_ACTIVE_MS = 1000;

/** How long a tenant with a backlog may be held back by other tenants' running requests before its next step. */
export const HOLD_MS = 10;

interface Arrival {
  tenantId: string;
  at: number;
}

export interface TenantShareOptions {
  /**
   * Whether a flooding tenant's request also takes a turn before each query (see runPaced): where the database reads
   * synchronously (SQLite), a request's queries would otherwise run in one step.
   */
  pacesQueries?: boolean;
  now?: () => number;
}

export function createTenantShare(
  limit: number,
  { pacesQueries = false, now = () => performance.now() }: TenantShareOptions = {},
): TenantShare {
  const lanes = new Map<string, Lane>();
  /**
   * The latest request to arrive, and the latest from a tenant other than the latest's: together they tell any tenant
   * whether another one is active.
   */
  let latest: Arrival = { tenantId: '', at: -Infinity };
  let latestOther: Arrival = { tenantId: '', at: -Infinity };

  const noteArrival = (tenantId: string) => {
    if (latest.tenantId !== tenantId) latestOther = latest;
    latest = { tenantId, at: now() };
  };

  const othersActive = (tenantId: string) => {
    const other = latest.tenantId === tenantId ? latestOther : latest;
    return now() - other.at < OTHERS_ACTIVE_MS;
  };

  const hasBacklog = (lane: Lane) => lane.running + lane.waiting.length > limit;

  /** Whether a tenant without a backlog, other than `tenantId`, has a request running. */
  const quietOthersRunning = (tenantId: string) => {
    for (const [otherId, other] of lanes)
      if (otherId !== tenantId && other.running > 0 && !hasBacklog(other)) return true;
    return false;
  };

  /**
   * Whether the lane, having a backlog, lets another tenant's running request go first: it takes no step until that
   * request ends, or until `HOLD_MS` after its own latest step.
   */
  const heldBack = (tenantId: string, lane: Lane) =>
    hasBacklog(lane) && now() - lane.steppedAt < HOLD_MS && quietOthersRunning(tenantId);

  /** How many requests the lane may run at once now. */
  const slotsOf = (tenantId: string, lane: Lane) => (hasBacklog(lane) && othersActive(tenantId) ? 1 : limit);

  const mayStartNow = (tenantId: string, lane: Lane) =>
    lane.running < slotsOf(tenantId, lane) && !heldBack(tenantId, lane);

  const hasStep = (tenantId: string, lane: Lane) =>
    !heldBack(tenantId, lane) &&
    (lane.continuing.length > 0 || (lane.waiting.length > 0 && lane.running < slotsOf(tenantId, lane)));

  const scheduleTurn = (tenantId: string, lane: Lane) => {
    if (lane.turnScheduled) return;
    lane.turnScheduled = true;
    setImmediate(() => {
      lane.turnScheduled = false;
      lane.stepsThisTurn = 0;
      const held = heldBack(tenantId, lane);
      const goOn = held ? undefined : lane.continuing.shift();
      const start = held || goOn || lane.running >= slotsOf(tenantId, lane) ? undefined : lane.waiting.shift();
      if (start) lane.running += 1;
      const step = goOn ?? start;
      if (step) {
        lane.stepsThisTurn = 1;
        lane.steppedAt = now();
        step();
      }
      if (lane.stepsThisTurn > 0 || hasStep(tenantId, lane)) scheduleTurn(tenantId, lane);
      else if (lane.running === 0 && lane.waiting.length === 0) {
        if (lanes.get(tenantId) === lane) lanes.delete(tenantId);
      } else if (held) turnAfterHold(tenantId, lane);
    });
  };

  /** A held lane gets a turn when its hold ends, or earlier when another tenant's request ends. */
  const turnAfterHold = (tenantId: string, lane: Lane) => {
    if (lane.holdTimer) return;
    lane.holdTimer = setTimeout(
      () => {
        lane.holdTimer = undefined;
        scheduleTurn(tenantId, lane);
      },
      Math.ceil(Math.max(0, lane.steppedAt + HOLD_MS - now())),
    );
  };

  const wakeHeldLanes = (tenantId: string) => {
    for (const [otherId, other] of lanes) if (otherId !== tenantId && hasBacklog(other)) scheduleTurn(otherId, other);
  };

  /** Waits for a turn of the lane in `queue`. */
  const turnIn = (tenantId: string, lane: Lane, queue: Array<() => void>) => {
    const turn = new Promise<void>((resolve) => queue.push(resolve));
    scheduleTurn(tenantId, lane);
    return turn;
  };

  const laneOf = (tenantId: string): Lane => {
    const existing = lanes.get(tenantId);
    if (existing) return existing;
    const lane: Lane = {
      running: 0,
      waiting: [],
      continuing: [],
      stepsThisTurn: 0,
      turnScheduled: false,
      steppedAt: -Infinity,
      holdTimer: undefined,
    };
    lanes.set(tenantId, lane);
    return lane;
  };

  return {
    async run(tenantId, work) {
      const lane = laneOf(tenantId);
      noteArrival(tenantId);
      const mayStart =
        lane.stepsThisTurn === 0 || (lane.waiting.length === 0 && lane.stepsThisTurn < QUIET_STARTS_PER_TURN);
      if (mayStart && mayStartNow(tenantId, lane)) {
        lane.running += 1;
        lane.stepsThisTurn += 1;
        lane.steppedAt = now();
      } else {
        // Started by a turn of the lane, which counts it in `running`.
        await turnIn(tenantId, lane, lane.waiting);
      }
      try {
        /** While another tenant is active, a request of a tenant with others waiting takes a turn before each query. */
        const nextQueryTurn = () =>
          lane.waiting.length > 0 && othersActive(tenantId) ? turnIn(tenantId, lane, lane.continuing) : undefined;
        const result = pacesQueries && lane.waiting.length > 0 ? await runPaced(nextQueryTurn, work) : await work();
        if (lane.waiting.length > 0) await turnIn(tenantId, lane, lane.continuing);
        return result;
      } finally {
        lane.running -= 1;
        scheduleTurn(tenantId, lane);
        wakeHeldLanes(tenantId);
      }
    },
  };
}
