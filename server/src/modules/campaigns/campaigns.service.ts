import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { findAgentCampaignId, findCampaignLink, setCampaignAgent, type CampaignLink } from './campaigns.store';

export type CampaignsService = ReturnType<typeof createCampaignsService>;

const taken = () => new DomainError('CONFLICT', 'This campaign already has an agent.');

/** Campaigns: for now, the one agent each campaign may have. */
export function createCampaignsService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    /** A campaign of the tenant that has no agent yet; checked before an agent is made for it. */
    async requireWithoutAgent(tenantId: string, campaignId: string): Promise<CampaignLink> {
      const campaign = await findCampaignLink(deps.db, tenantId, campaignId);
      if (!campaign) throw new DomainError('NOT_FOUND', 'The campaign could not be found.');
      if (campaign.agentId) throw taken();
      return campaign;
    },

    /** Gives the campaign its agent in `trx`; checked again there, so two agents racing for it cannot both win. */
    async linkAgent(trx: Knex.Transaction, tenantId: string, campaignId: string, agentId: string): Promise<void> {
      const current = await findCampaignLink(trx, tenantId, campaignId);
      if (!current) throw new DomainError('NOT_FOUND', 'The campaign could not be found.');
      if (current.agentId) throw taken();
      await setCampaignAgent(trx, tenantId, campaignId, agentId, isoNow(deps.clock));
    },

    campaignOfAgent: (tenantId: string, agentId: string) => findAgentCampaignId(deps.db, tenantId, agentId),
  };
}
