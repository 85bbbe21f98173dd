import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { toBool, toIso } from '../db/database';
import { dialectOf } from '../db/dialect';
import { parseCron, type CronSchedule } from './cron';
import {
  checkJobName,
  checkSchedule,
  resolveSendOptions,
  retryDelayMs,
  SCHEDULE_SINGLETON_KEY,
  type JobData,
  type JobHandler,
  type Jobs,
  type ScheduleOptions,
} from './jobs.types';

export interface InProcessRunnerOptions {
  logger: Logger;
  /** How often idle workers look for due jobs; a send in this process wakes them at once. */
  pollIntervalMs?: number;
  /** How long stop() lets running jobs finish before failing them for a retry. */
  stopTimeoutMs?: number;
}

/** A row of the `jobs` table (migration 0003). */
interface JobRow {
  id: string;
  name: string;
  data: string;
  retry_count: number;
  retry_limit: number;
  retry_delay_sec: number;
  retry_backoff: boolean | number;
  expire_in_sec: number;
  started_on: unknown;
}

interface Worker {
  handler: JobHandler<JobData>;
  concurrency: number;
  running: Map<string, { job: JobRow; done: Promise<void> }>;
}

const MAINTENANCE_INTERVAL_MS = 60_000;
/** Completed and failed jobs are kept this long for inspection, as pg-boss keeps its archive. */
const KEEP_FINISHED_MS = 7 * 24 * 3600 * 1000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The job ran longer than its ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The jobs interface on SQLite, with pg-boss's semantics: jobs persist in the `jobs` table (a restart loses none),
 * are claimed atomically through the dialect, retried with pg-boss's backoff, expire when a run outlasts its limit,
 * and keep one waiting job per singleton key (a partial unique index). Cron ticks are checked every minute.
 */
export function createInProcessRunner(db: Knex, options: InProcessRunnerOptions): Jobs {
  const { logger } = options;
  const dialect = dialectOf(db);
  const workers = new Map<string, Worker>();
  const schedules = new Map<string, { cron: CronSchedule; data: JobData; options: ScheduleOptions }>();
  const timers = new Set<NodeJS.Timeout>();
  let started = false;
  let stopping = false;
  let polling: Promise<void> | null = null;
  let pollAgain = false;

  const nowIso = () => new Date().toISOString();

  async function finish(job: JobRow, error: unknown): Promise<void> {
    const update =
      error === null
        ? { state: 'completed', completed_on: nowIso() }
        : job.retry_count < job.retry_limit
          ? {
              state: 'retry',
              output: messageOf(error),
              start_after: new Date(
                Date.now() +
                  retryDelayMs({
                    retryDelaySeconds: job.retry_delay_sec,
                    retryBackoff: toBool(job.retry_backoff),
                    retryCount: job.retry_count,
                  }),
              ).toISOString(),
            }
          : { state: 'failed', output: messageOf(error), completed_on: nowIso() };
    // Only a run still active is finished: one that expired meanwhile has been failed already.
    await db('jobs').where({ id: job.id, state: 'active' }).update(update);
    if (error !== null)
      logger.warn({ err: error, job: job.name, jobId: job.id, retryCount: job.retry_count }, 'job failed');
  }

  function run(worker: Worker, job: JobRow): void {
    const done = (async () => {
      let failure: unknown = null;
      try {
        const data = JSON.parse(job.data) as JobData;
        await withTimeout(
          worker.handler(data, { id: job.id, name: job.name, retryCount: job.retry_count }),
          job.expire_in_sec * 1000,
        );
      } catch (error) {
        failure = error;
      }
      await finish(job, failure);
    })()
      .catch((error: unknown) => logger.error({ err: error, job: job.name, jobId: job.id }, 'job bookkeeping failed'))
      .finally(() => {
        worker.running.delete(job.id);
        wake();
      });
    worker.running.set(job.id, { job, done });
  }

  async function claimFor(name: string, worker: Worker): Promise<void> {
    const free = worker.concurrency - worker.running.size;
    if (free <= 0) return;
    const now = nowIso();
    const jobs = await dialect.claim<JobRow>(db, {
      table: 'jobs',
      due: (q) => q.where({ name }).whereIn('state', ['created', 'retry']).where('start_after', '<=', now),
      orderBy: ['created_on', 'id'],
      limit: free,
      set: {
        state: 'active',
        started_on: now,
        // As pg-boss counts: a job that ran before starts a retry.
        retry_count: db.raw('case when started_on is null then retry_count else retry_count + 1 end'),
      },
    });
    for (const job of jobs) run(worker, job);
  }

  async function pollLoop(): Promise<void> {
    do {
      pollAgain = false;
      for (const [name, worker] of workers) if (!stopping) await claimFor(name, worker);
    } while (pollAgain && !stopping);
  }

  /** One poll at a time; a wake during a poll makes it go round once more. */
  function poll(): Promise<void> {
    if (polling) {
      pollAgain = true;
      return polling;
    }
    polling = pollLoop()
      .catch((error: unknown) => logger.error({ err: error }, 'job poll failed'))
      .finally(() => {
        polling = null;
      });
    return polling;
  }

  function wake(): void {
    if (started && !stopping && workers.size > 0) setImmediate(() => void poll());
  }

  /** Fails runs that outlasted their limit in a process that is gone, and forgets old finished jobs. */
  async function maintain(): Promise<void> {
    const runningHere = new Set([...workers.values()].flatMap((worker) => [...worker.running.keys()]));
    const active: Array<JobRow & { started_on: unknown }> = await db('jobs').where({ state: 'active' });
    for (const job of active) {
      const expiresAt = new Date(toIso(job.started_on)).getTime() + job.expire_in_sec * 1000;
      if (!runningHere.has(job.id) && expiresAt < Date.now())
        await finish(job, new Error('The job expired while active'));
    }
    await db('jobs')
      .whereIn('state', ['completed', 'failed'])
      .where('completed_on', '<', new Date(Date.now() - KEEP_FINISHED_MS).toISOString())
      .delete();
  }

  async function fireSchedules(minute: Date): Promise<void> {
    for (const [name, schedule] of schedules) {
      if (!schedule.cron.matches(minute)) continue;
      await send(name, schedule.data, { ...schedule.options, singletonKey: SCHEDULE_SINGLETON_KEY }).catch(
        (error: unknown) => logger.error({ err: error, job: name }, 'scheduled job could not be sent'),
      );
    }
  }

  function every(ms: number, task: () => Promise<void>): void {
    const timer = setInterval(
      () => void task().catch((error: unknown) => logger.error({ err: error }, 'job runner task failed')),
      ms,
    );
    timer.unref();
    timers.add(timer);
  }

  /** Fires schedules at each minute's start, on a timer re-armed from the clock so that it never drifts. */
  function armCron(): void {
    const msToNextMinute = 60_000 - (Date.now() % 60_000);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopping) return;
      armCron();
      void fireSchedules(new Date());
    }, msToNextMinute);
    timer.unref();
    timers.add(timer);
  }

  async function send(
    name: string,
    data: JobData,
    sendOptions: Parameters<Jobs['send']>[2] = {},
    trx?: Knex.Transaction,
  ): Promise<string | null> {
    checkJobName(name);
    if (!started) throw new Error(`Cannot send ${name}: the job runner has not started`);
    const resolved = resolveSendOptions(sendOptions, new Date());
    const id = randomUUID();
    try {
      await (trx ?? db)('jobs').insert({
        id,
        name,
        data: JSON.stringify(data),
        state: 'created',
        singleton_key: resolved.singletonKey,
        retry_limit: resolved.retryLimit,
        retry_count: 0,
        retry_delay_sec: resolved.retryDelaySeconds,
        retry_backoff: resolved.retryBackoff,
        expire_in_sec: resolved.expireInSeconds,
        start_after: resolved.startAfter.toISOString(),
        created_on: nowIso(),
      });
    } catch (error) {
      if (resolved.singletonKey !== null && dialect.isUniqueViolation(error)) return null;
      throw error;
    }
    if (trx) trx.executionPromise.then(wake, () => undefined);
    else wake();
    return id;
  }

  return {
    engine: 'in-process',
    send,
    async work(name, handler, workOptions = {}) {
      checkJobName(name);
      workers.set(name, {
        handler: handler as JobHandler<JobData>,
        concurrency: workOptions.concurrency ?? 1,
        running: new Map(),
      });
      wake();
    },
    async schedule(name, cron, data = {}, scheduleOptions = {}) {
      checkSchedule(name, cron);
      schedules.set(name, { cron: parseCron(cron), data, options: scheduleOptions });
    },
    async start() {
      if (started) return;
      started = true;
      stopping = false;
      every(options.pollIntervalMs ?? 2000, poll);
      every(MAINTENANCE_INTERVAL_MS, maintain);
      armCron();
      await maintain();
      wake();
    },
    async stop() {
      if (!started) return;
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await polling;
      const running = [...workers.values()].flatMap((worker) => [...worker.running.values()]);
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(running.map((entry) => entry.done)),
        new Promise((resolve) => {
          grace = setTimeout(resolve, options.stopTimeoutMs ?? 30_000);
        }),
      ]);
      clearTimeout(grace);
      const unfinished = [...workers.values()].flatMap((worker) => [...worker.running.values()]);
      for (const { job } of unfinished) await finish(job, new Error('The job runner stopped while the job was active'));
      started = false;
    },
  };
}
