import type { JobDefinition } from '../../jobs/jobs.types';
import type { CallbacksService } from './callbacks.service';

export const CALLBACKS_DUE_JOB = 'callbacks-due';

/**
 * Every minute (and at each worker's start): open callbacks nobody took whose time has come go back to their
 * campaigns, whose dialer calls the contacts (see CallbacksService.dialDue).
 */
export function callbackJobs(callbacks: CallbacksService): JobDefinition[] {
  return [
    {
      name: CALLBACKS_DUE_JOB,
      handler: async () => {
        await callbacks.dialDue();
      },
      cron: '* * * * *',
      scheduleOptions: { retryLimit: 0, expireInSeconds: 120 },
      atStart: { singletonKey: 'start', retryLimit: 0, expireInSeconds: 120 },
    },
  ];
}
