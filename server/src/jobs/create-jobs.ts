import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { createInProcessRunner } from './in-process.runner';
import type { Jobs } from './jobs.types';
import { createPgBossRunner } from './pg-boss.runner';

export interface JobRunnerTuning {
  /** How often idle workers look for jobs (pg-boss allows 0.5 s at the least). */
  pollIntervalSeconds?: number;
  /** How long stop() waits for running jobs. */
  stopTimeoutMs?: number;
}

/** pg-boss where the database is PostgreSQL; the in-process runner on SQLite, which pg-boss cannot use. */
export function createJobs(
  config: Pick<Config, 'databaseUrl'>,
  db: Knex,
  logger: Logger,
  tuning: JobRunnerTuning = {},
): Jobs {
  const jobsLogger = logger.child({ component: 'jobs' });
  if (config.databaseUrl) {
    return createPgBossRunner({ connectionString: config.databaseUrl, logger: jobsLogger, ...tuning });
  }
  return createInProcessRunner(db, {
    logger: jobsLogger,
    stopTimeoutMs: tuning.stopTimeoutMs,
    pollIntervalMs: tuning.pollIntervalSeconds === undefined ? undefined : tuning.pollIntervalSeconds * 1000,
  });
}
