import type { JobDefinition } from '../../jobs/jobs.types';
import { REPORT_USAGE_JOB, REPORT_USAGE_RETRIES, SWEEP_USAGE_REPORTS_JOB, type UsageService } from './usage.service';

/** Meter events on the job engine: one job per call, retried; a sweep every minute re-queues lost ones. */
export function usageJobs(usage: UsageService): JobDefinition[] {
  return [
    {
      name: REPORT_USAGE_JOB,
      handler: async ({ reportId }) => {
        if (typeof reportId !== 'string') throw new TypeError('report-usage needs a reportId');
        await usage.sendReport(reportId);
      },
      work: { concurrency: 4 },
    },
    {
      name: SWEEP_USAGE_REPORTS_JOB,
      handler: async () => {
        await usage.sweepPendingReports();
      },
      cron: '* * * * *',
      scheduleOptions: REPORT_USAGE_RETRIES,
      atStart: {},
    },
  ];
}
