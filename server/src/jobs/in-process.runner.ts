import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { parseCron, type CronSchedule } from './cron';
import { insertJob, insertJobs } from './in-process/job-queue.store';
import { createWorkerPool } from './in-process/worker-pool';
import {
  checkBatchOptions,
  checkJobName,
  checkSchedule,
  resolveSendOptions,
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

const MAINTENANCE_INTERVAL_MS = 60_000;

/**
 * The jobs interface on SQLite, with pg-boss's semantics: jobs persist in the `jobs` table (a restart loses none),
 * are claimed atomically through the dialect, retried with pg-boss's backoff, expire when a run outlasts its limit,
 * and keep one waiting job per singleton key (a partial unique index). Cron ticks are checked every minute.
 */
export function createInProcessRunner(db: Knex, options: InProcessRunnerOptions): Jobs {
  const { logger } = options;
  const pool = createWorkerPool(db, logger);
  const schedules = new Map<string, { cron: CronSchedule; data: JobData; options: ScheduleOptions }>();
  const timers = new Set<NodeJS.Timeout>();
  let started = false;
  let stopping = false;

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

  /** A job sent to start later wakes this process's workers when it is due, rather than at the next poll. */
  function wakeAt(name: string, startAfter: Date): void {
    const delayMs = startAfter.getTime() - Date.now();
    if (delayMs <= 0 || stopping) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      pool.wake(name);
    }, delayMs);
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
    const id = await insertJob(trx ?? db, name, data, resolved);
    if (id === null) return null;
    wakeWhenQueued(name, resolved.startAfter, trx);
    return id;
  }

  /** Wakes the workers once the jobs are queued (when `trx` commits), and again when they are due. */
  function wakeWhenQueued(name: string, startAfter: Date, trx?: Knex.Transaction): void {
    if (trx)
      trx.executionPromise.then(
        () => pool.wake(name),
        () => undefined,
      );
    else pool.wake(name);
    wakeAt(name, startAfter);
  }

  return {
    engine: 'in-process',
    send,
    async sendMany(name, data, sendOptions = {}, trx) {
      checkBatchOptions(name, sendOptions);
      if (!started) throw new Error(`Cannot send ${name}: the job runner has not started`);
      if (data.length === 0) return;
      const resolved = resolveSendOptions(sendOptions, new Date());
      await insertJobs(trx ?? db, name, data, resolved);
      wakeWhenQueued(name, resolved.startAfter, trx);
    },
    async work(name, handler, workOptions = {}) {
      checkJobName(name);
      pool.add(name, handler as JobHandler<JobData>, workOptions.concurrency ?? 1);
    },
    async schedule(name, cron, data = {}, scheduleOptions = {}) {
      checkSchedule(name, cron);
      schedules.set(name, { cron: parseCron(cron), data, options: scheduleOptions });
    },
    async start() {
      if (started) return;
      started = true;
      stopping = false;
      pool.open();
      every(options.pollIntervalMs ?? 2000, pool.poll);
      every(MAINTENANCE_INTERVAL_MS, pool.maintain);
      armCron();
      await pool.maintain();
      await pool.poll();
    },
    async stop() {
      if (!started) return;
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await pool.close(options.stopTimeoutMs ?? 30_000);
      started = false;
    },
  };
}
