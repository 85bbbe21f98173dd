import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Knex } from 'knex';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { withDriverConnection } from '../db/dialect';
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
  type SendOptions,
} from './jobs.types';

const DEADLOCK_DETECTED = '40P01';
const QUEUE_CREATION_ATTEMPTS = 5;

export interface PgBossRunnerOptions {
  connectionString: string;
  logger: Logger;
  /** How often an idle worker asks for jobs; pg-boss allows 0.5 s at the least. */
  pollIntervalSeconds?: number;
  /** How long stop() lets running jobs finish before failing them for a retry. */
  stopTimeoutMs?: number;
}

interface Registered {
  name: string;
  handler: JobHandler<JobData>;
  concurrency: number;
  independentSlots: boolean;
}

interface Scheduled {
  name: string;
  cron: string;
  data: JobData;
  options: ScheduleOptions;
}

/** pg-boss's fields for the options both runners share. */
function pgBossOptions(options: SendOptions): PgBoss.SendOptions {
  const resolved = resolveSendOptions(options, new Date());
  return {
    startAfter: resolved.startAfter,
    retryLimit: resolved.retryLimit,
    retryDelay: resolved.retryDelaySeconds,
    retryBackoff: resolved.retryBackoff,
    expireInSeconds: resolved.expireInSeconds,
    ...(resolved.singletonKey === null ? {} : { singletonKey: resolved.singletonKey }),
  };
}

/** pg-boss runs its SQL through this executor, on the transaction's own connection. */
function transactionExecutor(trx: Knex.Transaction): PgBoss.Db {
  return {
    executeSql: (text, values) =>
      withDriverConnection<pg.ClientBase, pg.QueryResult>(trx, (client) => client.query(text, values)),
  };
}

/**
 * The jobs interface on pg-boss 10: every queue uses the "short" policy (one waiting job per singleton key), and a
 * send without a key gets its own id as key, so unkeyed jobs never collide. Jobs are fetched in batches of the
 * worker's concurrency, and each is completed or failed on its own.
 */
export function createPgBossRunner(options: PgBossRunnerOptions): Jobs {
  const { logger } = options;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    application_name: 'parley-jobs',
    max: 5,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job engine error'));
  const queues = new Map<string, Promise<void>>();
  const registered: Registered[] = [];
  const scheduled = new Map<string, Scheduled>();
  const workerIds = new Map<string, string[]>();
  let started = false;

  /**
   * pg-boss creates a queue's partition with DDL; processes starting together against one database can deadlock
   * there (PostgreSQL aborts one of them), so a deadlocked creation is tried again after a short random pause.
   */
  const createQueue = async (name: string): Promise<void> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await boss.createQueue(name, { name, policy: 'short' });
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== DEADLOCK_DETECTED || attempt >= QUEUE_CREATION_ATTEMPTS) throw error;
        await delay(Math.round(Math.random() * 100 * attempt));
      }
    }
  };

  const ensureQueue = (name: string): Promise<void> => {
    let created = queues.get(name);
    if (!created) {
      created = createQueue(name);
      created.catch(() => queues.delete(name));
      queues.set(name, created);
    }
    return created;
  };

  /** Local workers of that queue look for jobs now instead of at their next poll. */
  const wake = (name: string) => {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  };

  /**
   * pg-boss finishes a fetched batch together: a queue with independent slots has one worker per slot, each fetching
   * one job at a time; the others one worker fetching a batch of `concurrency`.
   */
  const subscribe = async ({ name, handler, concurrency, independentSlots }: Registered) => {
    await ensureQueue(name);
    const batchSize = independentSlots ? 1 : concurrency;
    for (let slot = 0; slot < (independentSlots ? concurrency : 1); slot += 1)
      await subscribeWorker(name, handler, batchSize);
  };

  const subscribeWorker = async (name: string, handler: JobHandler<JobData>, batchSize: number) => {
    const id = await boss.work<JobData>(
      name,
      { batchSize, includeMetadata: true, pollingIntervalSeconds: options.pollIntervalSeconds ?? 2 },
      async (jobs) => {
        await Promise.all(
          jobs.map(async (job) => {
            try {
              await handler(job.data, { id: job.id, name, retryCount: job.retryCount });
              await boss.complete(name, job.id);
            } catch (error) {
              logger.warn({ err: error, job: name, jobId: job.id, retryCount: job.retryCount }, 'job failed');
              await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
            }
          }),
        );
        // A full batch likely left more waiting: fetch again at once rather than after the polling interval.
        if (jobs.length === batchSize) wake(name);
      },
    );
    workerIds.set(name, [...(workerIds.get(name) ?? []), id]);
  };

  const applySchedule = async ({ name, cron, data, options: scheduleOptions }: Scheduled) => {
    await ensureQueue(name);
    const { startAfter: _startAfter, ...jobOptions } = pgBossOptions(scheduleOptions);
    await boss.schedule(name, cron, data, { ...jobOptions, singletonKey: SCHEDULE_SINGLETON_KEY, tz: 'UTC' });
  };

  /** pg-boss keeps schedules in the database: those this worker process was not given are dropped. */
  const dropOtherSchedules = async () => {
    for (const { name } of await boss.getSchedules()) if (!scheduled.has(name)) await boss.unschedule(name);
  };

  return {
    engine: 'pg-boss',
    async send(name, data, sendOptions = {}, trx) {
      checkJobName(name);
      if (!started) throw new Error(`Cannot send ${name}: the job runner has not started`);
      await ensureQueue(name);
      const id = randomUUID();
      const jobOptions: PgBoss.SendOptions = {
        singletonKey: id,
        ...pgBossOptions(sendOptions),
        id,
        ...(trx ? { db: transactionExecutor(trx) } : {}),
      };
      const sent = await boss.send(name, data, jobOptions);
      if (sent && trx)
        trx.executionPromise.then(
          () => wake(name),
          () => undefined,
        );
      else if (sent) wake(name);
      return sent;
    },
    async sendMany(name, data, sendOptions = {}, trx) {
      checkBatchOptions(name, sendOptions);
      if (!started) throw new Error(`Cannot send ${name}: the job runner has not started`);
      if (data.length === 0) return;
      await ensureQueue(name);
      const resolved = resolveSendOptions(sendOptions, new Date());
      const batch = data.map((item): PgBoss.JobInsert => {
        const id = randomUUID();
        return {
          id,
          name,
          data: item,
          singletonKey: id,
          startAfter: resolved.startAfter,
          retryLimit: resolved.retryLimit,
          retryDelay: resolved.retryDelaySeconds,
          retryBackoff: resolved.retryBackoff,
          expireInSeconds: resolved.expireInSeconds,
        };
      });
      await boss.insert(batch, trx ? { db: transactionExecutor(trx) } : {});
      if (trx)
        trx.executionPromise.then(
          () => wake(name),
          () => undefined,
        );
      else wake(name);
    },
    async work(name, handler, workOptions = {}) {
      checkJobName(name);
      const worker = {
        name,
        handler: handler as JobHandler<JobData>,
        concurrency: workOptions.concurrency ?? 1,
        independentSlots: workOptions.independentSlots ?? false,
      };
      registered.push(worker);
      if (started) await subscribe(worker);
    },
    async schedule(name, cron, data = {}, scheduleOptions = {}) {
      checkSchedule(name, cron);
      const schedule = { name, cron, data, options: scheduleOptions };
      scheduled.set(name, schedule);
      if (started) await applySchedule(schedule);
    },
    async start() {
      await boss.start();
      started = true;
      for (const worker of registered) await subscribe(worker);
      for (const schedule of scheduled.values()) await applySchedule(schedule);
      if (registered.length > 0) await dropOtherSchedules();
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, close: true, timeout: options.stopTimeoutMs ?? 30_000 });
    },
  };
}
