import type { Campaign } from '@shared/api/campaigns.types';

/** Campaigns that are calling: switched on and not paused. */
export function activeCampaigns(campaigns: readonly Campaign[]): Campaign[] {
  return campaigns.filter((campaign) => campaign.active && campaign.pausedAt === null);
}
