import { ERROR_MESSAGES } from '@shared/api/error-catalogue';
import type { Knex } from 'knex';
import type { Agent } from '@shared/api/agents.types';
import type { Campaign } from '@shared/api/campaigns.types';
import { CAMPAIGN_MESSAGES } from '@shared/schemas/campaign.schema';
import { uploadIdFromPath } from '@shared/schemas/upload.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError, invalidField } from '../../domain/domain-error';
import { DIAL_CAMPAIGN_JOB, dialCampaignJobOptions } from '../dialer/dial-campaign.job';
import type { EventsService } from '../events/events.service';
import type { TenantsService } from '../tenants/tenants.service';
import type { UploadsService } from '../uploads/uploads.service';
import { campaignLimitReached, campaignNotFound, isRunningOutbound } from './campaign-rules';
import { countActiveCampaigns, findAgentCampaignId, findCampaign, type CampaignRecord } from './campaigns.store';

export const CAMPAIGN_DISCLOSURE_MISSING =
  'The agent has no disclosure line. Outbound agents must open with who is calling and that it is an automated ' +
  'assistant: add one on the agent first.';

/** What campaigns need of the agents module, which is built after this one (it links agents to campaigns). */
export interface CampaignAgents {
  get(tenantId: string, agentId: string): Promise<Agent>;
}

export type CampaignsDeps = Pick<AppDeps, 'db' | 'clock' | 'jobs'>;
export interface CampaignsModules {
  tenants: TenantsService;
  uploads: UploadsService;
  events: Pick<EventsService, 'publish'>;
  /** The agents module is built after this one (it calls campaigns too): a port that reaches it at call time. */
  agents: CampaignAgents;
}
export type CampaignsContext = ReturnType<typeof createCampaignsContext>;

/** What every part of the campaigns service shares: the campaign a request names and the checks a change needs. */
export function createCampaignsContext(deps: CampaignsDeps, modules: CampaignsModules) {
  const { db } = deps;
  const { tenants, uploads, agents } = modules;

  /** A campaign that starts running is handed to the dialer at once, rather than at the next minute's tick. */
  async function dialSoon(tenantId: string, campaign: Campaign): Promise<Campaign> {
    if (isRunningOutbound(campaign)) {
      await deps.jobs.send(
        DIAL_CAMPAIGN_JOB,
        { tenantId, campaignId: campaign.id },
        dialCampaignJobOptions(campaign.id),
      );
    }
    return campaign;
  }

  async function require(tenantId: string, id: string, trx: Knex | Knex.Transaction = db): Promise<CampaignRecord> {
    const campaign = await findCampaign(trx, tenantId, id);
    if (!campaign) throw campaignNotFound();
    return campaign;
  }

  async function assertOutboundAllowed(tenantId: string): Promise<void> {
    if (!(await tenants.get(tenantId)).outboundCallingEnabled) throw new DomainError('OUTBOUND_NOT_ENABLED');
  }

  /**
   * Counted under the tenant's lock, so two creates or reactivations racing for the last slot cannot both pass.
   * The plan is read before the transaction: SQLite has one connection, which the transaction holds.
   */
  async function roomForAnother(tenantId: string): Promise<(trx: Knex.Transaction) => Promise<void>> {
    const { maxCampaigns } = await tenants.plan(tenantId);
    return async (trx) => {
      await tenants.lock(trx, tenantId);
      if ((await countActiveCampaigns(trx, tenantId)) >= maxCampaigns) throw campaignLimitReached(maxCampaigns);
    };
  }

  /** The agent is the tenant's and serves no other campaign (a campaign has one agent, an agent one campaign). */
  async function assertAgentFree(tenantId: string, agentId: string, campaignId: string | null): Promise<void> {
    await agents.get(tenantId, agentId).catch((error: unknown) => {
      throw error instanceof DomainError && error.code === 'NOT_FOUND'
        ? invalidField('agentId', 'The agent could not be found.')
        : error;
    });
    const serving = await findAgentCampaignId(db, tenantId, agentId);
    if (serving && serving !== campaignId) {
      throw new DomainError('AGENT_SERVES_ANOTHER_CAMPAIGN', undefined, {
        fields: { agentId: ERROR_MESSAGES.AGENT_SERVES_ANOTHER_CAMPAIGN },
      });
    }
  }

  /**
   * An outbound campaign's agent opens every call with its disclosure (who is calling, that it is an automated
   * assistant): one without a disclosure line cannot be given to an outbound campaign, nor start one.
   */
  async function assertDisclosure(tenantId: string, agentId: string | null): Promise<void> {
    if (!agentId) return;
    const agent = await agents.get(tenantId, agentId).catch(() => null);
    if (agent && !agent.disclosure?.trim()) throw invalidField('agentId', CAMPAIGN_DISCLOSURE_MISSING);
  }

  /** An upload path must name one of the tenant's knowledge PDFs; a URL was checked by the schema. */
  async function assertKnowledge(tenantId: string, knowledgeUrl: string | null | undefined): Promise<void> {
    const uploadId = knowledgeUrl ? uploadIdFromPath(knowledgeUrl) : null;
    if (!uploadId) return;
    const file = await uploads.read(tenantId, uploadId).catch(() => null);
    if (!file || file.upload.kind !== 'knowledge') throw invalidField('knowledgeUrl', CAMPAIGN_MESSAGES.knowledgeUrl);
  }

  return {
    deps,
    modules,
    dialSoon,
    require,
    assertOutboundAllowed,
    roomForAnother,
    assertAgentFree,
    assertKnowledge,
    assertDisclosure,
  };
}
