import type { Knex } from 'knex';
import type { Campaign } from '@shared/api/campaigns.types';
import { isoNow } from '../../lib/clock';
import { assertWithoutAgent, toCampaign } from './campaign-rules';
import type { CampaignsContext } from './campaigns-context';
import {
  findAgentCampaignId,
  findCampaignLink,
  isDialableHeld,
  listActiveOutboundCampaigns,
  listActiveOutboundOf,
  setCampaignAgent,
  updateCampaign,
  type CampaignLink,
  type CampaignRecord,
} from './campaigns.store';

/** The calling settings the dialer works a campaign by. */
export type DialingSettings = Pick<
  CampaignRecord,
  | 'id'
  | 'tenantId'
  | 'name'
  | 'agentId'
  | 'active'
  | 'campaignType'
  | 'purpose'
  | 'callingHoursType'
  | 'callingStartTime'
  | 'callingEndTime'
  | 'timezone'
  | 'daysOfWeek'
  | 'maxCallsPerDay'
  | 'callIntervalMinutes'
  | 'machineHandling'
  | 'pausedReason'
>;

/** A campaign as the dialer and the agents module work it: paused and resumed, read for calling, given its agent. */
export function createCampaignsDialing(context: CampaignsContext) {
  const { deps, modules, require, dialSoon, assertOutboundAllowed } = context;
  const { db } = deps;

  return {
    /** Stops the dialer calling in this campaign until it is resumed; the reason is shown on the campaign. */
    async pause(tenantId: string, id: string, reason: string): Promise<Campaign> {
      await require(tenantId, id);
      const now = isoNow(deps.clock);
      await updateCampaign(db, tenantId, id, { pausedReason: reason, pausedAt: now }, now);
      const paused = toCampaign(await require(tenantId, id));
      const data = { campaignId: id, name: paused.name, reason };
      await modules.events.publish(tenantId, { type: 'campaign.paused', data });
      return paused;
    },

    async resume(tenantId: string, id: string): Promise<Campaign> {
      const campaign = await require(tenantId, id);
      if (campaign.campaignType === 'outbound') {
        await assertOutboundAllowed(tenantId);
        await context.assertDisclosure(tenantId, campaign.agentId);
      }
      await updateCampaign(db, tenantId, id, { pausedReason: null, pausedAt: null }, isoNow(deps.clock));
      const resumed = toCampaign(await require(tenantId, id));
      await modules.events.publish(tenantId, {
        type: 'campaign.resumed',
        data: { campaignId: id, name: resumed.name },
      });
      return dialSoon(tenantId, resumed);
    },

    /** Active, unpaused outbound campaigns of every tenant: where the dialer looks for work. */
    async listActiveOutbound(): Promise<DialingSettings[]> {
      return listActiveOutboundCampaigns(db);
    },

    /** Active outbound campaigns, paused ones too, of one tenant or (null) of all: what operations watch. */
    async listOperating(tenantId: string | null): Promise<DialingSettings[]> {
      return listActiveOutboundOf(db, tenantId);
    },

    /** One campaign's calling settings, read afresh (the dialer checks them again before each call). */
    async dialingSettings(tenantId: string, id: string): Promise<DialingSettings> {
      return require(tenantId, id);
    },

    /**
     * Whether the campaign may still place calls, checked in the transaction that records an attempt: a pause that
     * commits first is seen, and one that comes later waits for that transaction (the attempt is then already made).
     */
    isDialable: (trx: Knex.Transaction, tenantId: string, id: string) => isDialableHeld(trx, tenantId, id),

    /** A campaign of the tenant that has no agent yet; checked before an agent is made for it. */
    async requireWithoutAgent(tenantId: string, campaignId: string): Promise<CampaignLink> {
      return assertWithoutAgent(await findCampaignLink(db, tenantId, campaignId));
    },

    /** Gives the campaign its agent in `trx`; checked again there, so two agents racing for it cannot both win. */
    async linkAgent(trx: Knex.Transaction, tenantId: string, campaignId: string, agentId: string): Promise<void> {
      assertWithoutAgent(await findCampaignLink(trx, tenantId, campaignId));
      await setCampaignAgent(trx, tenantId, campaignId, agentId, isoNow(deps.clock));
    },

    campaignOfAgent: (tenantId: string, agentId: string) => findAgentCampaignId(db, tenantId, agentId),
  };
}
