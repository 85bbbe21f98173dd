import type { JobDefinition } from '../../jobs/jobs.types';
import type { RetentionService } from './retention.service';

export const RETENTION_PURGE_JOB = 'retention-purge';
/** How long one daily pass over every tenant may take before the engine gives up on it (the next night resumes). */
const RETENTION_EXPIRY_SEC = 60 * 60;

/** The nightly retention purge of recordings and transcripts older than each tenant's data policy keeps. */
export function dataPolicyJobs(retention: RetentionService): JobDefinition[] {
  return [
    {
      name: RETENTION_PURGE_JOB,
      handler: async () => {
        await retention.purge();
      },
      cron: '23 2 * * *',
      // The next night's pass is the retry; what a pass did is marked on the calls, so it never repeats work.
      scheduleOptions: { retryLimit: 0, expireInSeconds: RETENTION_EXPIRY_SEC },
    },
  ];
}
