import type { Knex } from 'knex';
import { backoffMs } from '@shared/domain/backoff';
import { parseCron } from './cron';

/**
 * The jobs interface every background task uses (dialer ticks, webhook processing, usage sync, reconciliation,
 * imports, re-analysis). pg-boss runs it on PostgreSQL; an in-process runner with the same semantics runs it on
 * SQLite. Handlers are registered in one place (job-registry.ts).
 */
export type JobData = Record<string, unknown>;

export interface SendOptions {
  /**
   * At most one job of this name and key waits to run: a send while one waits is dropped and resolves to null. A job
   * that is running or waiting to be retried does not count (pg-boss's "short" queue policy).
   */
  singletonKey?: string;
  /** Run no earlier than this many seconds from now. */
  delaySeconds?: number;
  /** Run no earlier than this moment; wins over delaySeconds. */
  startAfter?: Date;
  /** Runs after the first failed one; a job runs at most retryLimit + 1 times. */
  retryLimit?: number;
  /** Pause before a retry; with retryBackoff it doubles on each retry, plus up to as much again at random. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A run that takes longer counts as failed (and is retried if it may be). */
  expireInSeconds?: number;
}

/** What a scheduled job's sends take: retries and expiry (each fires at once, with its own singleton key). */
export type ScheduleOptions = Pick<
  SendOptions,
  'retryLimit' | 'retryDelaySeconds' | 'retryBackoff' | 'expireInSeconds'
>;

export type ResolvedSendOptions = Required<Omit<SendOptions, 'singletonKey' | 'delaySeconds'>> & {
  singletonKey: string | null;
};

export const JOB_DEFAULTS = { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true, expireInSeconds: 15 * 60 };

export interface JobContext {
  id: string;
  name: string;
  /** 0 on the first run, 1 on the first retry, and so on. */
  retryCount: number;
}

/** Does the job's work; throwing fails the run (to be retried while retries remain). */
export type JobHandler<T extends JobData = JobData> = (data: T, job: JobContext) => Promise<void>;

export interface WorkOptions {
  /** How many jobs of this name one process runs at once; 1 unless told. */
  concurrency?: number;
  /**
   * Each of the `concurrency` slots takes its next job as soon as it is free, so that one slow job never holds up
   * others (at the cost of a poll per slot). Without it, jobs are fetched and finished in batches.
   */
  independentSlots?: boolean;
}

/**
 * One background job: the name services send, the handler that does the work, how many run at once per process, an
 * optional cron schedule and an optional send at each worker's start. Modules declare theirs; job-registry.ts lists
 * them all.
 */
export interface JobDefinition<T extends JobData = JobData> {
  name: string;
  handler: JobHandler<T>;
  work?: WorkOptions;
  /** A five-field UTC cron expression (see cron.ts) at which the job is sent with `scheduleData`. */
  cron?: string;
  scheduleData?: JobData;
  scheduleOptions?: ScheduleOptions;
  /** Also sent (with `scheduleData`) each time a worker process starts, with these options. */
  atStart?: SendOptions;
}

export interface Jobs {
  readonly engine: 'pg-boss' | 'in-process';
  /**
   * Queues a job and resolves to its id (null when a waiting job holds its singleton key). Given a transaction, the
   * job is queued in it: it exists only if the transaction commits.
   */
  send(name: string, data: JobData, options?: SendOptions, trx?: Knex.Transaction): Promise<string | null>;
  /**
   * Queues one job of this name per item of `data`, all with the same options (no singleton key), in one statement;
   * in `trx` as send() does.
   */
  sendMany(name: string, data: readonly JobData[], options?: SendOptions, trx?: Knex.Transaction): Promise<void>;
  /** Runs the handler for jobs of this name in this process, from start() until stop(). */
  work<T extends JobData>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /**
   * Sends the job (with this data) at every minute the five-field UTC cron expression names (see cron.ts); a tick is
   * dropped while the previous one still waits. A process that runs workers owns the list of schedules: on start it
   * drops the schedules it was not given.
   */
  schedule(name: string, cron: string, data?: JobData, options?: ScheduleOptions): Promise<void>;
  /** Connects, and runs the workers and schedules given so far (and those given later); send() needs it first. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones (failing, for a retry, those that outlast the grace period). */
  stop(): Promise<void>;
}

/** The key that keeps one scheduled job waiting at a time, on both runners. */
export const SCHEDULE_SINGLETON_KEY = 'schedule';

const JOB_NAME = /^[a-z][a-z0-9-]{0,62}$/;

export function checkJobName(name: string): void {
  if (!JOB_NAME.test(name)) throw new RangeError(`Not a job name (lower-case kebab-case): ${JSON.stringify(name)}`);
}

function wholeNumber(value: number, what: string, min: number): number {
  if (!Number.isInteger(value) || value < min) throw new RangeError(`${what} must be a whole number ≥ ${min}`);
  return value;
}

/** The options both runners store for a job, with the defaults applied and the start moment fixed. */
export function resolveSendOptions(options: SendOptions, now: Date): ResolvedSendOptions {
  const delayMs = wholeNumber(options.delaySeconds ?? 0, 'delaySeconds', 0) * 1000;
  return {
    singletonKey: options.singletonKey ?? null,
    startAfter: options.startAfter ?? new Date(now.getTime() + delayMs),
    retryLimit: wholeNumber(options.retryLimit ?? JOB_DEFAULTS.retryLimit, 'retryLimit', 0),
    retryDelaySeconds: wholeNumber(options.retryDelaySeconds ?? JOB_DEFAULTS.retryDelaySeconds, 'retryDelaySeconds', 0),
    retryBackoff: options.retryBackoff ?? JOB_DEFAULTS.retryBackoff,
    expireInSeconds: wholeNumber(options.expireInSeconds ?? JOB_DEFAULTS.expireInSeconds, 'expireInSeconds', 1),
  };
}

/** Checks a batch's options the same way on both runners: a singleton key would keep all but one of the batch out. */
export function checkBatchOptions(name: string, options: SendOptions): void {
  checkJobName(name);
  if (options.singletonKey !== undefined) throw new RangeError('A batch of jobs cannot share a singleton key');
}

/** Checks a schedule's arguments the same way on both runners. */
export function checkSchedule(name: string, cron: string): void {
  checkJobName(name);
  parseCron(cron);
}

/** pg-boss's retry pause: the delay, or with backoff delay × 2^retryCount × (1 + random). */
export function retryDelayMs(job: { retryDelaySeconds: number; retryBackoff: boolean; retryCount: number }): number {
  if (!job.retryBackoff) return job.retryDelaySeconds * 1000;
  const firstMs = Math.max(job.retryDelaySeconds, 1) * 1000;
  return backoffMs(job.retryCount + 1, { firstMs, maxMs: firstMs * 2 ** 16, jitter: true });
}
