import { openDatabase } from '../../../server/src/db/database';
import { createJobs } from '../../../server/src/jobs/create-jobs';
import { createLogger } from '../../../server/src/logger';

/**
 * A worker process for the jobs suite: runs `count-me` jobs against the database in its environment and records
 * each run in `job_runs`, so the suite can check that no job ran twice. Says "ready" over IPC once it takes jobs and
 * stops gracefully on SIGTERM.
 */
const settings = { databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR ?? '' };
const worker = process.env.WORKER_NAME ?? String(process.pid);
const db = openDatabase(settings);
const jobs = createJobs(settings, db, createLogger({ logLevel: 'silent', nodeEnv: 'test' }), {
  pollIntervalSeconds: 0.5,
});

await jobs.work(
  'count-me',
  async (_data, job) => {
    await db('job_runs').insert({ job_id: job.id, worker });
    // Enough work that one process cannot drain the queue between two polls of the other (0.5 s), so both
    // processes hold jobs at the same time.
    await new Promise((resolve) => setTimeout(resolve, 50));
  },
  { concurrency: 4 },
);
await jobs.start();
process.send?.('ready');

process.once('SIGTERM', () => {
  void jobs
    .stop()
    .then(() => db.destroy())
    .then(() => process.exit(0));
});
