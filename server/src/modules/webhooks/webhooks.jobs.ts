import type { JobDefinition } from '../../jobs/jobs.types';
import { DELIVERY_BOUNDS, WEBHOOK_DELIVERY_JOB } from './webhook-delivery';
import { WEBHOOK_PRUNE_JOB, type WebhooksService } from './webhooks.service';

/**
 * Webhook attempts, as many at once per process as two tenants' bounds, each bounded per endpoint and tenant; and a
 * nightly pass that forgets events older than the delivery log keeps.
 */
export function webhookJobs(webhooks: WebhooksService): JobDefinition[] {
  return [
    {
      name: WEBHOOK_DELIVERY_JOB,
      // A slow receiver holds only its own slot (and its endpoint's and tenant's bounds), never the others.
      work: { concurrency: DELIVERY_BOUNDS.perTenant * 2, independentSlots: true },
      handler: async ({ deliveryId, attemptsBefore }) => {
        if (typeof deliveryId !== 'string' || typeof attemptsBefore !== 'number') {
          throw new TypeError(`${WEBHOOK_DELIVERY_JOB} needs a deliveryId and attemptsBefore`);
        }
        await webhooks.attempt({ deliveryId, attemptsBefore });
      },
    },
    {
      name: WEBHOOK_PRUNE_JOB,
      handler: async () => {
        await webhooks.prune();
      },
      cron: '41 3 * * *',
      // The next night's pass is the retry.
      scheduleOptions: { retryLimit: 0 },
    },
  ];
}
