import type { Agent } from '@shared/api/agents.types';
import type { Campaign, DeleteCampaignResponse } from '@shared/api/campaigns.types';
import type { CreateCampaignRequest, UpdateCampaignRequest } from '@shared/schemas/campaign.schema';
import { isoNow } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { campaignEditChecks, campaignNotFound, initialPause, toCampaign } from './campaign-rules';
import type { CampaignsContext } from './campaigns-context';
import {
  campaignHasHistory,
  deleteCampaign,
  insertCampaign,
  listCampaigns,
  updateCampaign,
  type CampaignFields,
} from './campaigns.store';

/** The tenant's campaigns as its admins manage them: list, create, edit, delete, and the agent of each. */
export function createCampaignsEditing(context: CampaignsContext) {
  const { deps, modules, require, dialSoon, assertOutboundAllowed, roomForAnother, assertAgentFree } = context;
  const { db } = deps;

  return {
    async list(tenantId: string): Promise<Campaign[]> {
      return (await listCampaigns(db, tenantId)).map(toCampaign);
    },

    async get(tenantId: string, id: string): Promise<Campaign> {
      return toCampaign(await require(tenantId, id));
    },

    /** An outbound campaign starts paused: the admin resumes it once its contacts are in and the preview was seen. */
    async create(tenantId: string, input: CreateCampaignRequest): Promise<Campaign> {
      if (input.campaignType === 'outbound') await assertOutboundAllowed(tenantId);
      if (input.agentId) await assertAgentFree(tenantId, input.agentId, null);
      if (input.campaignType === 'outbound') await context.assertDisclosure(tenantId, input.agentId ?? null);
      await context.assertKnowledge(tenantId, input.knowledgeUrl);
      const id = newId();
      const now = isoNow(deps.clock);
      const assertRoom = await roomForAnother(tenantId);
      const defaultCountry = input.defaultCountry ?? (await modules.tenants.get(tenantId)).country;
      await db.transaction(async (trx) => {
        await assertRoom(trx);
        await insertCampaign(trx, {
          ...input,
          defaultCountry,
          id,
          tenantId,
          knowledgeUrl: input.knowledgeUrl ?? null,
          agentId: input.agentId ?? null,
          active: true,
          ...initialPause(input.campaignType, now),
          now,
        });
      });
      return toCampaign(await require(tenantId, id));
    },

    async update(tenantId: string, id: string, patch: UpdateCampaignRequest): Promise<Campaign> {
      const current = await require(tenantId, id);
      const checks = campaignEditChecks(current, patch);
      if (checks.outbound) await assertOutboundAllowed(tenantId);
      if (checks.agentId) await assertAgentFree(tenantId, checks.agentId, id);
      const outbound = (patch.campaignType ?? current.campaignType) === 'outbound';
      if (outbound && (checks.agentId || checks.outbound)) {
        await context.assertDisclosure(tenantId, patch.agentId ?? current.agentId);
      }
      if (checks.knowledge) await context.assertKnowledge(tenantId, patch.knowledgeUrl);
      const fields: CampaignFields = { ...patch };
      const assertRoom = checks.reactivated ? await roomForAnother(tenantId) : null;
      await db.transaction(async (trx) => {
        await assertRoom?.(trx);
        if (!(await updateCampaign(trx, tenantId, id, fields, isoNow(deps.clock)))) throw campaignNotFound();
      });
      const updated = toCampaign(await require(tenantId, id));
      return patch.active ? dialSoon(tenantId, updated) : updated;
    },

    /** Deletes a campaign nobody was called in; one with call history is only deactivated, keeping it. */
    async remove(tenantId: string, id: string): Promise<DeleteCampaignResponse> {
      return db.transaction(async (trx) => {
        await require(tenantId, id, trx);
        if (await campaignHasHistory(trx, tenantId, id)) {
          await updateCampaign(trx, tenantId, id, { active: false }, isoNow(deps.clock));
          return { deleted: false, message: 'Campaign deactivated: it has call history, which is kept.' };
        }
        await deleteCampaign(trx, tenantId, id);
        return { deleted: true, message: 'Campaign deleted.' };
      });
    },

    /** The campaign's agent, as a list (spec 000 §7: agents of the campaign); empty when it has none. */
    async agents(tenantId: string, id: string): Promise<Agent[]> {
      const campaign = await require(tenantId, id);
      return campaign.agentId ? [await modules.agents.get(tenantId, campaign.agentId)] : [];
    },
  };
}
