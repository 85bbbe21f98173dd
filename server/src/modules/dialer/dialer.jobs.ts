import type { JobDefinition } from '../../jobs/jobs.types';
import type { Jobs } from '../../jobs/jobs.types';
import { DIAL_CAMPAIGN_JOB, dialCampaignJobOptions } from './dial-campaign.job';
import { findDialingSettings, type CampaignsForDialing } from './dialer-ports';
import type { DialerService, PassResult } from './dialer.service';
import type { DialingSettings } from '../campaigns/campaigns.service';

export const DIALER_TICK_JOB = 'dialer-tick';

/**
 * How long one dial-campaign job keeps dialing: shorter than the runners' 30 s stop grace, so a worker told to stop
 * finishes its pass (a call placed, or its leased contacts given back) before it exits.
 */
const BURST_MS = 20_000;
/**
 * Pause between passes while the campaign waits for its interval, a free line (a freed line ends the wait at once) or a
 * calls-per-second slot.
 */
const WAIT_MS: Partial<Record<NonNullable<PassResult['idle']>, number>> = {
  interval: 2_000,
  concurrency: 500,
  pacing: 100,
};
/** The shortest sleep of a campaign with nothing to do now, so that it never spins. */
const MIN_SLEEP_MS = 250;
/** The tick sends a campaign's job when its next contact is due within this (the next tick sees later ones). */
const TICK_AHEAD_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The dialer on the job engine. Every minute (and at each worker's start) a tick reconciles open attempts and sends a
 * dial-campaign job for each dialable campaign with a contact due within the minute, to start when it is due; workers
 * on any number of processes take them. A campaign's burst ends when it has nothing to do now: it then sends its own
 * job for when its next contact may be called (bounded), which the tick's sends wait behind (one waiting per campaign).
 */
export function dialerJobs(dialer: DialerService, campaigns: CampaignsForDialing, jobs: Jobs): JobDefinition[] {
  /** Sends the campaign's job to start in `delayMs` (business time, run on the engine's clock). */
  const sendIn = (campaign: Pick<DialingSettings, 'tenantId' | 'id'>, delayMs: number) =>
    jobs.send(
      DIAL_CAMPAIGN_JOB,
      { tenantId: campaign.tenantId, campaignId: campaign.id },
      { ...dialCampaignJobOptions(campaign.id), startAfter: new Date(Date.now() + Math.max(0, delayMs)) },
    );

  return [
    {
      name: DIALER_TICK_JOB,
      handler: async () => {
        await dialer.reconcile();
        for (const campaign of await campaigns.listActiveOutbound()) {
          const dueInMs = await dialer.sleepMs(campaign);
          if (dueInMs !== null && dueInMs <= TICK_AHEAD_MS) await sendIn(campaign, dueInMs);
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
          let waitMs = WAIT_MS[pass.idle];
          if (pass.idle === 'nothing-due' || pass.idle === 'window' || pass.idle === 'cap') {
            const sleepMs = await dialer.sleepMs(campaign, pass.idle);
            if (sleepMs === null) return;
            waitMs = Math.max(sleepMs, MIN_SLEEP_MS);
            if (Date.now() + waitMs > endAt) {
              await sendIn(campaign, waitMs);
              return;
            }
          }
          if (waitMs === undefined) return;
          const waitFor = Math.min(waitMs, endAt - Date.now());
          await (pass.idle === 'concurrency' ? dialer.awaitFreeLine(tenantId, waitFor) : sleep(waitFor));
        }
      },
      work: { concurrency: 4 },
    },
  ];
}
