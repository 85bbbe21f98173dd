import type { Campaign } from '@shared/api/campaigns.types';
import { CAMPAIGN_MESSAGES, callingWindowInOrder, type UpdateCampaignRequest } from '@shared/schemas/campaign.schema';
import { DomainError, invalidField } from '../../domain/domain-error';
import type { CampaignLink, CampaignRecord } from './campaigns.store';

export const campaignNotFound = () => new DomainError('NOT_FOUND', 'The campaign could not be found.');

/** Whether the dialer may call in the campaign: active, outbound and not paused (the store's runningOutbound in SQL). */
export function isRunningOutbound(campaign: Pick<Campaign, 'active' | 'campaignType' | 'pausedReason'>): boolean {
  return campaign.active && campaign.campaignType === 'outbound' && !campaign.pausedReason;
}

export const toCampaign = ({ tenantId: _tenantId, ...campaign }: CampaignRecord): Campaign => campaign;

/** The refusal of one active campaign more than the plan allows, saying how many it does. */
export function campaignLimitReached(max: number): DomainError {
  const campaigns = `${max} active campaign${max === 1 ? '' : 's'}`;
  return new DomainError(
    'PLAN_LIMIT_REACHED',
    `Your plan allows up to ${campaigns}. Deactivate a campaign or upgrade your plan to add more.`,
  );
}

/** An outbound campaign starts paused: the admin resumes it once its contacts are in and the preview was seen. */
export function initialPause(campaignType: Campaign['campaignType'], now: string) {
  const outbound = campaignType === 'outbound';
  return { pausedReason: outbound ? CAMPAIGN_MESSAGES.notStarted : null, pausedAt: outbound ? now : null };
}

/**
 * What an edit asks to be checked, from the campaign as it is and the patch: the calling window stays in order
 * (refused here), outbound calling is allowed when the campaign becomes or comes back as outbound, a new agent is
 * free, a new knowledge source is the tenant's, and a reactivation fits the plan's campaign limit.
 */
export function campaignEditChecks(current: CampaignRecord, patch: UpdateCampaignRequest) {
  const next = { ...current, ...patch };
  if (!callingWindowInOrder(next)) throw invalidField('callingEndTime', CAMPAIGN_MESSAGES.endAfterStart);
  const becomesOutbound = next.campaignType === 'outbound' && current.campaignType !== 'outbound';
  const reactivated = patch.active === true && !current.active;
  return {
    outbound: becomesOutbound || (reactivated && next.campaignType === 'outbound'),
    agentId: patch.agentId && patch.agentId !== current.agentId ? patch.agentId : null,
    knowledge: patch.knowledgeUrl !== undefined,
    reactivated,
  };
}

/** A campaign an agent is being made for: it must exist and have none yet. */
export function assertWithoutAgent(campaign: CampaignLink | undefined): CampaignLink {
  if (!campaign) throw campaignNotFound();
  if (campaign.agentId) throw new DomainError('CAMPAIGN_HAS_AGENT');
  return campaign;
}
