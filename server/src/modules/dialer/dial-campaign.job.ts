/**
 * The job that dials one campaign, sent by the dialer's minute tick and by the campaigns module when a campaign
 * starts running; its handler is in dialer.jobs.ts.
 */
export const DIAL_CAMPAIGN_JOB = 'dial-campaign';

/** One waiting dial-campaign job per campaign, whoever sends it: the minute's tick or a campaign just started. */
export const dialCampaignJobOptions = (campaignId: string) => ({
  singletonKey: campaignId,
  retryLimit: 0,
  expireInSeconds: 120,
});
