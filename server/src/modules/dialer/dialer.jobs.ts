import type { JobDefinition } from '../../jobs/jobs.types';
import type { Jobs } from '../../jobs/jobs.types';
import { DIAL_CAMPAIGN_JOB, dialCampaignJobOptions } from './dial-campaign.job';
import { findDialingSettings, type CampaignsForDialing } from './dialer-ports';
import type { DialerService, PassResult } from './dialer.service';

export const DIALER_TICK_JOB = 'dialer-tick';

/**
 * How long one dial-campaign job keeps dialing: shorter than the runners' 30 s stop grace, so a worker told to stop
 * finishes its pass (a call placed, or its leased contacts given back) before it exits.
 */
const BURST_MS = 20_000;
/** Pause between passes while the campaign waits for its interval, a free line or a calls-per-second slot. */
const WAIT_MS: Partial<Record<NonNullable<PassResult['idle']>, number>> = {
  interval: 2_000,
  concurrency: 2_000,
  pacing: 1_000,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The dialer on the job engine. Every minute (and at each worker's start) a tick reconciles open attempts and sends
 * one dial-campaign job per dialable campaign, one waiting per campaign; workers on any number of processes take
 * them, and a campaign's burst ends when it has nothing to do now (window closed, cap reached, paused, none due).
 */
export function dialerJobs(dialer: DialerService, campaigns: CampaignsForDialing, jobs: Jobs): JobDefinition[] {
  return [
    {
      name: DIALER_TICK_JOB,
      handler: async () => {
        await dialer.reconcile();
        for (const campaign of await campaigns.listActiveOutbound()) {
          await jobs.send(
            DIAL_CAMPAIGN_JOB,
            { tenantId: campaign.tenantId, campaignId: campaign.id },
            dialCampaignJobOptions(campaign.id),
          );
        }
      },
      cron: '* * * * *',
      scheduleOptions: { retryLimit: 0, expireInSeconds: 120 },
      atStart: { singletonKey: 'start', retryLimit: 0, expireInSeconds: 120 },
    },
    {
      name: DIAL_CAMPAIGN_JOB,
      handler: async ({ tenantId, campaignId }) => {
        if (typeof tenantId !== 'string' || typeof campaignId !== 'string') {
          throw new TypeError('dial-campaign needs a tenantId and a campaignId');
        }
        const endAt = Date.now() + BURST_MS;
        while (Date.now() < endAt) {
          const campaign = await findDialingSettings(campaigns, tenantId, campaignId);
          if (!campaign) return;
          const pass = await dialer.dialCampaign(campaign);
          if (pass.idle === null) continue;
          const wait = WAIT_MS[pass.idle];
          if (wait === undefined) return;
          await sleep(Math.min(wait, endAt - Date.now()));
        }
      },
      work: { concurrency: 4 },
    },
  ];
}
