import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { toIso } from '../../db/database';
import type { JobData, JobHandler } from '../jobs.types';
import { activeJobs, claimDueJobs, deleteFinishedBefore, finishJob, type JobRow } from './job-queue.store';

interface Worker {
  handler: JobHandler<JobData>;
  concurrency: number;
  running: Map<string, { job: JobRow; done: Promise<void> }>;
}

/** Completed and failed jobs are kept this long for inspection, as pg-boss keeps its archive. */
const KEEP_FINISHED_MS = 7 * 24 * 3600 * 1000;

export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The job ran longer than its ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** When a run that started at `startedOn` outlasts its limit. */
export const expiryOf = (job: Pick<JobRow, 'started_on' | 'expire_in_sec'>): number =>
  new Date(toIso(job.started_on)).getTime() + job.expire_in_sec * 1000;

/**
 * The workers of this process: each claims due jobs of its name up to its concurrency and runs them with their
 * time limit. Polls run one at a time; a wake during a poll makes it go round once more. A poll asks the table only
 * for the names that may have due jobs — one sent or due since, or every name at a periodic poll — and forgets a name
 * whose claim came back short, so that a finished job does not send a claim for every name the process works.
 */
export function createWorkerPool(db: Knex, logger: Logger) {
  const workers = new Map<string, Worker>();
  /** Names that may have due jobs, each with how often it was marked, so a claim never forgets a later mark. */
  const mayHaveDue = new Map<string, number>();
  let accepting = false;
  let polling: Promise<void> | null = null;
  let pollAgain = false;

  async function finish(job: JobRow, error: unknown): Promise<void> {
    await finishJob(db, job, error);
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
    const marks = mayHaveDue.get(name);
    if (free <= 0 || marks === undefined) return;
    const jobs = await claimDueJobs(db, name, free);
    if (jobs.length < free && mayHaveDue.get(name) === marks) mayHaveDue.delete(name);
    for (const job of jobs) run(worker, job);
  }

  async function pollLoop(): Promise<void> {
    do {
      pollAgain = false;
      for (const [name, worker] of workers) if (accepting) await claimFor(name, worker);
    } while (pollAgain && accepting);
  }

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

  /** Notes that jobs of `names` (every name, when none is given) may be due. */
  function markDue(...names: string[]): void {
    for (const name of names.length > 0 ? names : workers.keys()) mayHaveDue.set(name, (mayHaveDue.get(name) ?? 0) + 1);
  }

  /** Polls soon; jobs of `name`, if given, may have become due. */
  function wake(name?: string): void {
    if (name !== undefined) markDue(name);
    if (accepting && workers.size > 0) setImmediate(() => void poll());
  }

  const runningEntries = () => [...workers.values()].flatMap((worker) => [...worker.running.values()]);

  return {
    /** A periodic poll: every name is asked, for jobs sent by another process or due again after a failed run. */
    poll(): Promise<void> {
      markDue();
      return poll();
    },
    wake,
    add(name: string, handler: JobHandler<JobData>, concurrency: number): void {
      workers.set(name, { handler, concurrency, running: new Map() });
      wake(name);
    },
    open(): void {
      accepting = true;
    },

    /** Fails runs that outlasted their limit in a process that is gone, and forgets old finished jobs. */
    async maintain(): Promise<void> {
      const runningHere = new Set(runningEntries().map(({ job }) => job.id));
      for (const job of await activeJobs(db)) {
        if (!runningHere.has(job.id) && expiryOf(job) < Date.now())
          await finish(job, new Error('The job expired while active'));
      }
      await deleteFinishedBefore(db, new Date(Date.now() - KEEP_FINISHED_MS));
    },

    /** Claims no more; lets running jobs finish for `graceMs`, then fails the rest for a retry. */
    async close(graceMs: number): Promise<void> {
      accepting = false;
      await polling;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(runningEntries().map((entry) => entry.done)),
        new Promise((resolve) => {
          grace = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(grace);
      for (const { job } of runningEntries())
        await finish(job, new Error('The job runner stopped while the job was active'));
    },
  };
}
