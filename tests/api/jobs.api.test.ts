import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createJobs } from '../../server/src/jobs/create-jobs';
import type { JobContext, JobData, Jobs } from '../../server/src/jobs/jobs.types';
import { createLogger } from '../../server/src/logger';
import { eventually } from './support/eventually';
import { TEST_DATABASES, type DatabaseKind } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-database';

const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where each runner keeps a job's state: pg-boss's own table, or ours on SQLite. */
async function stateOf(kind: DatabaseKind, db: Knex, id: string): Promise<string | undefined> {
  if (kind === 'postgres') return (await db.raw('select state from pgboss.job where id = ?', [id])).rows[0]?.state;
  return (await db('jobs').where({ id }).first('state'))?.state;
}

describe.each(TEST_DATABASES)('jobs (%s)', (kind) => {
  let database: TestDatabase;
  let jobs: Jobs;
  const extraRunners: Jobs[] = [];

  const runner = () => createJobs(database.settings, database.db, logger, { pollIntervalSeconds: 0.5 });

  /** A runner of its own, started, with one worker that records each run. */
  async function recordingRunner(name: string, handler?: (data: JobData, job: JobContext) => Promise<void>) {
    const own = runner();
    extraRunners.push(own);
    const runs: Array<{ data: JobData; job: JobContext; at: number }> = [];
    await own.work(name, async (data, job) => {
      runs.push({ data, job, at: Date.now() });
      await handler?.(data, job);
    });
    await own.start();
    return { runner: own, runs };
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    jobs = runner();
    await jobs.start();
  });
  afterEach(async () => {
    await Promise.all(extraRunners.splice(0).map((own) => own.stop()));
  });
  afterAll(async () => {
    await jobs?.stop();
    await database?.close();
  });

  it('uses pg-boss on PostgreSQL and the in-process runner on SQLite', () => {
    expect(jobs.engine).toBe(kind === 'postgres' ? 'pg-boss' : 'in-process');
  });

  it('runs a sent job once, with its data', async () => {
    const { runs } = await recordingRunner('greet');
    const id = await jobs.send('greet', { who: 'Ava', n: 1 });
    expect(id).toEqual(expect.any(String));
    await eventually(async () => expect(runs).toHaveLength(1));
    expect(runs[0]?.data).toEqual({ who: 'Ava', n: 1 });
    expect(runs[0]?.job).toEqual({ id, name: 'greet', retryCount: 0 });
    await eventually(async () => expect(await stateOf(kind, database.db, id as string)).toBe('completed'));
    await sleep(600);
    expect(runs).toHaveLength(1);
  });

  it('runs a delayed job no earlier than asked', async () => {
    const { runs } = await recordingRunner('later');
    const sentAt = Date.now();
    await jobs.send('later', {}, { delaySeconds: 1 });
    const startAfter = new Date(Date.now() + 1500);
    await jobs.send('later', { second: true }, { startAfter });
    await eventually(async () => expect(runs).toHaveLength(2));
    // The database's clock decides; a few milliseconds of difference from ours are allowed.
    expect(runs[0]!.at).toBeGreaterThanOrEqual(sentAt + 1000 - 50);
    expect(runs[1]!.at).toBeGreaterThanOrEqual(startAfter.getTime() - 50);
  });

  it('keeps one waiting job per singleton key, and unkeyed jobs never collide', async () => {
    const later = { delaySeconds: 3600 };
    const first = await jobs.send('tick', { campaign: 'c1' }, { ...later, singletonKey: 'c1' });
    expect(first).toEqual(expect.any(String));
    expect(await jobs.send('tick', { campaign: 'c1' }, { ...later, singletonKey: 'c1' })).toBeNull();
    expect(await jobs.send('tick', { campaign: 'c2' }, { ...later, singletonKey: 'c2' })).toEqual(expect.any(String));
    // The same key on another job name is another queue.
    expect(await jobs.send('other-tick', {}, { ...later, singletonKey: 'c1' })).toEqual(expect.any(String));
    const unkeyed = [await jobs.send('tick', {}, later), await jobs.send('tick', {}, later)];
    expect(unkeyed.every((id) => typeof id === 'string') && unkeyed[0] !== unkeyed[1]).toBe(true);
  });

  it('accepts the key again once the waiting job has started', async () => {
    let release: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { runs } = await recordingRunner('sync-usage', () => running);
    expect(await jobs.send('sync-usage', {}, { singletonKey: 't1' })).toEqual(expect.any(String));
    await eventually(async () => expect(runs).toHaveLength(1));
    expect(await jobs.send('sync-usage', {}, { singletonKey: 't1' })).toEqual(expect.any(String));
    release();
    await eventually(async () => expect(runs).toHaveLength(2));
  });

  it('retries a failing job with a growing pause, then gives up after its retry limit', async () => {
    const { runs } = await recordingRunner('flaky', async (data, job) => {
      if (job.retryCount < Number(data.failures)) throw new Error(`failure ${job.retryCount + 1}`);
    });
    await jobs.send('flaky', { failures: 2 }, { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true });
    await eventually(async () => expect(runs).toHaveLength(3), 20_000);
    expect(runs.map((run) => run.job.retryCount)).toEqual([0, 1, 2]);
    // Backoff: at least 1 s before the first retry and at least 2 s before the second.
    expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(1000 - 50);
    expect(runs[2]!.at - runs[1]!.at).toBeGreaterThanOrEqual(2000 - 50);

    const hopeless = await jobs.send(
      'flaky',
      { failures: 99 },
      { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false },
    );
    await eventually(async () => expect(await stateOf(kind, database.db, hopeless as string)).toBe('failed'), 20_000);
    expect(runs.filter((run) => run.data.failures === 99)).toHaveLength(2);
  });

  it('fails a run that outlasts its expiry and retries it', async () => {
    const { runs } = await recordingRunner('slow', async (_data, job) => {
      if (job.retryCount === 0) await sleep(2500);
    });
    const id = await jobs.send(
      'slow',
      {},
      { expireInSeconds: 1, retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false },
    );
    await eventually(async () => expect(await stateOf(kind, database.db, id as string)).toBe('completed'), 20_000);
    expect(runs.map((run) => run.job.retryCount)).toEqual([0, 1]);
  });

  it('queues a job in the caller’s transaction: nothing if it rolls back, the job if it commits', async () => {
    const { runs } = await recordingRunner('after-write');
    await expect(
      database.db.transaction(async (trx) => {
        await jobs.send('after-write', { outcome: 'rolled back' }, {}, trx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await database.db.transaction(async (trx) => {
      await jobs.send('after-write', { outcome: 'committed' }, {}, trx);
    });
    await eventually(async () => expect(runs.map((run) => run.data.outcome)).toEqual(['committed']));
    await jobs.send('after-write', { outcome: 'marker' });
    await eventually(async () => expect(runs.map((run) => run.data.outcome)).toEqual(['committed', 'marker']));
  });

  it('queues a batch in one go, in the caller’s transaction, each job with its own data and the batch’s options', async () => {
    const { runs } = await recordingRunner('batch-item');
    await expect(
      database.db.transaction(async (trx) => {
        await jobs.sendMany('batch-item', [{ n: -1 }, { n: -2 }], {}, trx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await database.db.transaction((trx) => jobs.sendMany('batch-item', [{ n: 1 }, { n: 2 }, { n: 3 }], {}, trx));
    await jobs.sendMany('batch-item', [{ n: 4 }], { retryLimit: 0 });
    await eventually(async () => expect(runs.map((run) => run.data.n).sort()).toEqual([1, 2, 3, 4]));
    expect(new Set(runs.map((run) => run.job.id)).size).toBe(4);
    await expect(jobs.sendMany('batch-item', [{ n: 5 }], { singletonKey: 'one' })).rejects.toThrow(/singleton key/);
    await expect(jobs.sendMany('Bad Name', [{ n: 6 }])).rejects.toThrow(/Not a job name/);
  });

  it('keeps queued jobs across a restart of the runner', async () => {
    const first = runner();
    await first.start();
    const id = await first.send('survivor', { n: 7 }, { delaySeconds: 1 });
    await first.stop();
    const { runs } = await recordingRunner('survivor');
    await eventually(async () => expect(runs.map((run) => run.job.id)).toEqual([id]));
  });

  it('lets a running job finish before stop() resolves', async () => {
    const own = runner();
    let finished = false;
    let started = false;
    await own.work('long', async () => {
      started = true;
      await sleep(500);
      finished = true;
    });
    await own.start();
    const id = await jobs.send('long', {});
    await eventually(async () => expect(started).toBe(true));
    await own.stop();
    expect(finished).toBe(true);
    expect(await stateOf(kind, database.db, id as string)).toBe('completed');
  });

  it('refuses bad names, options and schedules before queuing anything', async () => {
    await expect(jobs.send('Not A Name', {})).rejects.toThrow(/Not a job name/);
    await expect(jobs.send('fine', {}, { retryLimit: -1 })).rejects.toThrow(/retryLimit must be a whole number/);
    await expect(jobs.send('fine', {}, { delaySeconds: 1.5 })).rejects.toThrow(/delaySeconds/);
    await expect(jobs.schedule('nightly', '0 3 * *')).rejects.toThrow(/5 fields/);
    await expect(jobs.schedule('nightly', '0 3 * * *')).resolves.toBeUndefined();
    await expect(runner().send('fine', {})).rejects.toThrow(/has not started/);
  });

  it('never runs a job twice with two worker processes on one database', async () => {
    await database.db.schema.createTable('job_runs', (t) => {
      t.increments('id');
      t.string('job_id', 64).notNullable();
      t.string('worker', 32).notNullable();
    });
    const children: ChildProcess[] = ['one', 'two'].map((name) =>
      fork(path.join(import.meta.dirname, 'support/job-worker.process.ts'), [], {
        execArgv: ['--import', 'tsx'],
        env: {
          ...process.env,
          DATABASE_URL: database.settings.databaseUrl ?? '',
          DATA_DIR: database.settings.dataDir,
          WORKER_NAME: name,
        },
      }),
    );
    try {
      await Promise.all(children.map((child) => new Promise((resolve) => child.once('message', resolve))));
      const total = 120;
      const ids = new Set<string>();
      for (let i = 0; i < total; i += 1) ids.add((await jobs.send('count-me', { i })) as string);
      await eventually(async () => {
        const counted = await database.db('job_runs').count({ n: '*' }).first();
        expect(Number(counted?.n)).toBeGreaterThanOrEqual(total);
      }, 60_000);
      // A moment for a duplicate run, were there one, to be recorded too.
      await sleep(1500);
      const rows: Array<{ job_id: string; worker: string }> = await database.db('job_runs').select('job_id', 'worker');
      expect(rows).toHaveLength(total);
      expect(new Set(rows.map((row) => row.job_id))).toEqual(ids);
      expect(new Set(rows.map((row) => row.worker))).toEqual(new Set(['one', 'two']));
    } finally {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    }
  }, 90_000);
});

describe('the in-process runner’s claims (sqlite)', () => {
  it('asks the table for the names that may have due jobs, not for every name after every job', async () => {
    const database = await openTestDatabase('sqlite');
    const names = Array.from({ length: 10 }, (_, i) => `quiet-${i}`);
    const own = createJobs(database.settings, database.db, logger, { pollIntervalSeconds: 0.5 });
    const claimsOf = new Map<string, number>();
    const countClaims = (query: { sql: string; bindings?: unknown[] }) => {
      if (!/^update [`"]jobs[`"] set [`"]state[`"]/.test(query.sql) || !query.sql.includes('start_after')) return;
      const name = String(query.bindings?.find((value) => typeof value === 'string' && /^(busy|quiet-)/.test(value)));
      claimsOf.set(name, (claimsOf.get(name) ?? 0) + 1);
    };
    try {
      let ran = 0;
      await own.work('busy', async () => {
        ran += 1;
      });
      for (const name of names) await own.work(name, async () => undefined);
      await own.start();
      database.db.on('query', countClaims);
      const started = Date.now();
      for (let i = 0; i < 60; i += 1) await own.send('busy', { i });
      await eventually(async () => expect(ran).toBe(60));
      database.db.off('query', countClaims);
      // Each quiet name is asked at each periodic poll, and at most once more when the first of them runs.
      const periodicPolls = Math.ceil((Date.now() - started) / 500) + 1;
      for (const name of names) expect(claimsOf.get(name) ?? 0, name).toBeLessThanOrEqual(periodicPolls);
      expect(claimsOf.get('busy')).toBeGreaterThan(0);
    } finally {
      await own.stop();
      await database.close();
    }
  });
});
