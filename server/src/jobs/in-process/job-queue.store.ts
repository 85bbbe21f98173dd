import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { toBool } from '../../db/database';
import { dialectOf } from '../../db/dialect';
import { retryDelayMs, type JobData, type ResolvedSendOptions } from '../jobs.types';

/** A row of the `jobs` table (migration 0003). */
export interface JobRow {
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

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** How a run ends in the table: completed, back for a retry after pg-boss's delay, or failed for good. */
export function finishedState(job: JobRow, error: unknown, now: Date): Record<string, string> {
  if (error === null) return { state: 'completed', completed_on: now.toISOString() };
  if (job.retry_count < job.retry_limit) {
    const delay = retryDelayMs({
      retryDelaySeconds: job.retry_delay_sec,
      retryBackoff: toBool(job.retry_backoff),
      retryCount: job.retry_count,
    });
    return {
      state: 'retry',
      output: messageOf(error),
      start_after: new Date(now.getTime() + delay).toISOString(),
    };
  }
  return { state: 'failed', output: messageOf(error), completed_on: now.toISOString() };
}

/** Only a run still active is finished: one that expired meanwhile has been failed already. */
export async function finishJob(db: Knex, job: JobRow, error: unknown): Promise<void> {
  await db('jobs')
    .where({ id: job.id, state: 'active' })
    .update(finishedState(job, error, new Date()));
}

/** A waiting job's row. */
function jobRow(name: string, data: JobData, resolved: ResolvedSendOptions, createdOn: string) {
  return {
    id: randomUUID(),
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
    created_on: createdOn,
  };
}

/** Queues a job; answers null when a waiting job holds its singleton key already. */
export async function insertJob(
  db: Knex | Knex.Transaction,
  name: string,
  data: JobData,
  resolved: ResolvedSendOptions,
): Promise<string | null> {
  const row = jobRow(name, data, resolved, new Date().toISOString());
  try {
    await db('jobs').insert(row);
  } catch (error) {
    if (resolved.singletonKey !== null && dialectOf(db).isUniqueViolation(error)) return null;
    throw error;
  }
  return row.id;
}

/** Queues one job of this name per item of `data`, with the same options (no singleton key). */
export async function insertJobs(
  db: Knex | Knex.Transaction,
  name: string,
  data: readonly JobData[],
  resolved: ResolvedSendOptions,
): Promise<void> {
  const createdOn = new Date().toISOString();
  const rows = data.map((item) => jobRow(name, item, { ...resolved, singletonKey: null }, createdOn));
  // SQLite refuses a multi-row insert of more than 500 rows.
  for (let start = 0; start < rows.length; start += 500) await db('jobs').insert(rows.slice(start, start + 500));
}

/** Takes up to `limit` due jobs of one name atomically, oldest first, marking them active. */
export function claimDueJobs(db: Knex, name: string, limit: number): Promise<JobRow[]> {
  const now = new Date().toISOString();
  return dialectOf(db).claim<JobRow>(db, {
    table: 'jobs',
    // The states written out as the partial index `jobs_claimable` has them, so that SQLite reads through it.
    due: (q) => q.where({ name }).whereRaw(`state in ('created', 'retry')`).where('start_after', '<=', now),
    orderBy: ['created_on', 'id'],
    limit,
    set: {
      state: 'active',
      started_on: now,
      // As pg-boss counts: a job that ran before starts a retry.
      retry_count: db.raw('case when started_on is null then retry_count else retry_count + 1 end'),
    },
  });
}

export const activeJobs = (db: Knex): Promise<JobRow[]> => db('jobs').where({ state: 'active' });

export async function deleteFinishedBefore(db: Knex, before: Date): Promise<void> {
  await db('jobs').whereIn('state', ['completed', 'failed']).where('completed_on', '<', before.toISOString()).delete();
}
