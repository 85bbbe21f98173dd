import { ERROR_MESSAGES } from '@shared/api/error-catalogue';
import type { Knex } from 'knex';
import type { Agent } from '@shared/api/agents.types';
import type { Campaign, DeleteCampaignResponse } from '@shared/api/campaigns.types';
import {
  CAMPAIGN_MESSAGES,
  callingWindowInOrder,
  type CreateCampaignRequest,
  type UpdateCampaignRequest,
} from '@shared/schemas/campaign.schema';
import { uploadIdFromPath } from '@shared/schemas/upload.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError, invalidField } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { DIAL_CAMPAIGN_JOB, dialCampaignJobOptions } from '../dialer/dial-campaign.job';
import type { EventsService } from '../events/events.service';
import type { TenantsService } from '../tenants/tenants.service';
import type { UploadsService } from '../uploads/uploads.service';
import {
  campaignHasHistory,
  countActiveCampaigns,
  deleteCampaign,
  findAgentCampaignId,
  findCampaign,
  findCampaignLink,
  insertCampaign,
  isDialableHeld,
  listActiveOutboundCampaigns,
  listCampaigns,
  setCampaignAgent,
  updateCampaign,
  type CampaignFields,
  type CampaignLink,
  type CampaignRecord,
} from './campaigns.store';

export type CampaignsService = ReturnType<typeof createCampaignsService>;
export type { CampaignRecord };

/** What campaigns need of the agents module, which is built after this one (it links agents to campaigns). */
export interface CampaignAgents {
  get(tenantId: string, agentId: string): Promise<Agent>;
}

/** The calling settings the dialer works a campaign by. */
export type DialingSettings = Pick<
  CampaignRecord,
  | 'id'
  | 'tenantId'
  | 'name'
  | 'agentId'
  | 'active'
  | 'campaignType'
  | 'callingHoursType'
  | 'callingStartTime'
  | 'callingEndTime'
  | 'timezone'
  | 'daysOfWeek'
  | 'maxCallsPerDay'
  | 'callIntervalMinutes'
  | 'pausedReason'
>;

/** Whether the dialer may call in the campaign: active, outbound and not paused (the store's runningOutbound in SQL). */
export function isRunningOutbound(campaign: Pick<Campaign, 'active' | 'campaignType' | 'pausedReason'>): boolean {
  return campaign.active && campaign.campaignType === 'outbound' && !campaign.pausedReason;
}

const notFound = () => new DomainError('NOT_FOUND', 'The campaign could not be found.');
const taken = () => new DomainError('CAMPAIGN_HAS_AGENT');
const outboundRefused = () => new DomainError('OUTBOUND_NOT_ENABLED');

function planLimit(max: number): DomainError {
  const campaigns = `${max} active campaign${max === 1 ? '' : 's'}`;
  return new DomainError(
    'PLAN_LIMIT_REACHED',
    `Your plan allows up to ${campaigns}. Deactivate a campaign or upgrade your plan to add more.`,
  );
}

const toCampaign = ({ tenantId: _tenantId, ...campaign }: CampaignRecord): Campaign => campaign;

/**
 * Campaigns (spec 000 §2, §3, §5): the plan's campaign limit, one agent per campaign, outbound only for tenants with
 * outbound calling, a knowledge source that is a public page or one of the tenant's PDFs; and what the dialer reads.
 */
export function createCampaignsService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>,
  tenants: TenantsService,
  uploads: UploadsService,
  events: Pick<EventsService, 'publish'>,
  /** The agents module is built after this one (it calls campaigns too): a port that reaches it at call time. */
  agents: CampaignAgents,
) {
  const { db } = deps;

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
    if (!campaign) throw notFound();
    return campaign;
  }

  async function assertOutboundAllowed(tenantId: string): Promise<void> {
    if (!(await tenants.get(tenantId)).outboundCallingEnabled) throw outboundRefused();
  }

  /**
   * Counted under the tenant's lock, so two creates or reactivations racing for the last slot cannot both pass.
   * The plan is read before the transaction: SQLite has one connection, which the transaction holds.
   */
  async function roomForAnother(tenantId: string): Promise<(trx: Knex.Transaction) => Promise<void>> {
    const { maxCampaigns } = await tenants.plan(tenantId);
    return async (trx) => {
      await tenants.lock(trx, tenantId);
      if ((await countActiveCampaigns(trx, tenantId)) >= maxCampaigns) throw planLimit(maxCampaigns);
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

  /** An upload path must name one of the tenant's knowledge PDFs; a URL was checked by the schema. */
  async function assertKnowledge(tenantId: string, knowledgeUrl: string | null | undefined): Promise<void> {
    const uploadId = knowledgeUrl ? uploadIdFromPath(knowledgeUrl) : null;
    if (!uploadId) return;
    const file = await uploads.read(tenantId, uploadId).catch(() => null);
    if (!file || file.upload.kind !== 'knowledge') throw invalidField('knowledgeUrl', CAMPAIGN_MESSAGES.knowledgeUrl);
  }

  return {
    async list(tenantId: string): Promise<Campaign[]> {
      return (await listCampaigns(db, tenantId)).map(toCampaign);
    },

    async get(tenantId: string, id: string): Promise<Campaign> {
      return toCampaign(await require(tenantId, id));
    },

    /** The campaign with its tenant, for the modules that work inside it (contacts, the dialer). */
    require,

    /** An outbound campaign starts paused: the admin resumes it once its contacts are in and the preview was seen. */
    async create(tenantId: string, input: CreateCampaignRequest): Promise<Campaign> {
      const outbound = input.campaignType === 'outbound';
      if (outbound) await assertOutboundAllowed(tenantId);
      if (input.agentId) await assertAgentFree(tenantId, input.agentId, null);
      await assertKnowledge(tenantId, input.knowledgeUrl);
      const id = newId();
      const now = isoNow(deps.clock);
      const assertRoom = await roomForAnother(tenantId);
      await db.transaction(async (trx) => {
        await assertRoom(trx);
        await insertCampaign(trx, {
          ...input,
          id,
          tenantId,
          knowledgeUrl: input.knowledgeUrl ?? null,
          agentId: input.agentId ?? null,
          active: true,
          pausedReason: outbound ? CAMPAIGN_MESSAGES.notStarted : null,
          pausedAt: outbound ? now : null,
          now,
        });
      });
      return toCampaign(await require(tenantId, id));
    },

    async update(tenantId: string, id: string, patch: UpdateCampaignRequest): Promise<Campaign> {
      const current = await require(tenantId, id);
      const next = { ...current, ...patch };
      if (!callingWindowInOrder(next)) throw invalidField('callingEndTime', CAMPAIGN_MESSAGES.endAfterStart);
      const becomesOutbound = next.campaignType === 'outbound' && current.campaignType !== 'outbound';
      const reactivated = patch.active === true && !current.active;
      if (becomesOutbound || (reactivated && next.campaignType === 'outbound')) await assertOutboundAllowed(tenantId);
      if (patch.agentId && patch.agentId !== current.agentId) await assertAgentFree(tenantId, patch.agentId, id);
      if (patch.knowledgeUrl !== undefined) await assertKnowledge(tenantId, patch.knowledgeUrl);
      const fields: CampaignFields = { ...patch };
      const assertRoom = reactivated ? await roomForAnother(tenantId) : null;
      await db.transaction(async (trx) => {
        await assertRoom?.(trx);
        if (!(await updateCampaign(trx, tenantId, id, fields, isoNow(deps.clock)))) throw notFound();
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
      return campaign.agentId ? [await agents.get(tenantId, campaign.agentId)] : [];
    },

    /** Stops the dialer calling in this campaign until it is resumed; the reason is shown on the campaign. */
    async pause(tenantId: string, id: string, reason: string): Promise<Campaign> {
      await require(tenantId, id);
      const now = isoNow(deps.clock);
      await updateCampaign(db, tenantId, id, { pausedReason: reason, pausedAt: now }, now);
      const paused = toCampaign(await require(tenantId, id));
      await events.publish(tenantId, { type: 'campaign.paused', data: { campaignId: id, name: paused.name, reason } });
      return paused;
    },

    async resume(tenantId: string, id: string): Promise<Campaign> {
      const campaign = await require(tenantId, id);
      if (campaign.campaignType === 'outbound') await assertOutboundAllowed(tenantId);
      await updateCampaign(db, tenantId, id, { pausedReason: null, pausedAt: null }, isoNow(deps.clock));
      return dialSoon(tenantId, toCampaign(await require(tenantId, id)));
    },

    /** Active, unpaused outbound campaigns of every tenant: where the dialer looks for work. */
    async listActiveOutbound(): Promise<DialingSettings[]> {
      return listActiveOutboundCampaigns(db);
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
      const campaign = await findCampaignLink(db, tenantId, campaignId);
      if (!campaign) throw notFound();
      if (campaign.agentId) throw taken();
      return campaign;
    },

    /** Gives the campaign its agent in `trx`; checked again there, so two agents racing for it cannot both win. */
    async linkAgent(trx: Knex.Transaction, tenantId: string, campaignId: string, agentId: string): Promise<void> {
      const current = await findCampaignLink(trx, tenantId, campaignId);
      if (!current) throw notFound();
      if (current.agentId) throw taken();
      await setCampaignAgent(trx, tenantId, campaignId, agentId, isoNow(deps.clock));
    },

    campaignOfAgent: (tenantId: string, agentId: string) => findAgentCampaignId(db, tenantId, agentId),
  };
}
