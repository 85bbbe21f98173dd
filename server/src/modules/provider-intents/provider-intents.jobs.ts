import type { Config } from '../../config';
import type { JobDefinition } from '../../jobs/jobs.types';
import type { ProviderIntentsService } from './provider-intents.service';

export const RECONCILE_PROVIDER_INTENTS = 'reconcile-provider-intents';

/** How long one pass may take before the engine counts it as failed. */
const PASS_EXPIRY_SEC = 10 * 60;

/**
 * The reconciler on the job engine: every minute on one worker of the deployment, and once at each worker's start,
 * as soon as the leases of whatever a crash left open have run out. Passes may overlap (a slow one, a start-up one):
 * claiming leases each intent to one of them.
 */
export function providerIntentJobs(
  intents: ProviderIntentsService,
  config: Pick<Config, 'providerIntentLeaseSec'>,
): JobDefinition[] {
  return [
    {
      name: RECONCILE_PROVIDER_INTENTS,
      handler: async () => {
        await intents.reconcileExpired();
      },
      cron: '* * * * *',
      // The next minute's pass is the retry.
      scheduleOptions: { retryLimit: 0, expireInSeconds: PASS_EXPIRY_SEC },
      atStart: {
        delaySeconds: config.providerIntentLeaseSec,
        singletonKey: 'start',
        retryLimit: 2,
        expireInSeconds: PASS_EXPIRY_SEC,
      },
    },
  ];
}
