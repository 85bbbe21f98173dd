import type { JobDefinition } from '../../jobs/jobs.types';
import { SYNC_PHONE_BILLING_JOB, type BillingService } from './billing.service';

/** Extra phone numbers reach the subscription's per-number item after each purchase, retried while it fails. */
export function billingJobs(billing: BillingService): JobDefinition[] {
  return [
    {
      name: SYNC_PHONE_BILLING_JOB,
      handler: async ({ tenantId }) => {
        if (typeof tenantId !== 'string') throw new TypeError('sync-phone-billing needs a tenantId');
        await billing.syncPhoneNumberBilling(tenantId);
      },
    },
  ];
}
