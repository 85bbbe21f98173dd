import type { AppDeps } from '../../app-deps';
import type { AgentsService } from '../agents/agents.service';
import type { DialingSettings } from '../campaigns/campaigns.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { TenantsService } from '../tenants/tenants.service';
import type { UsageService } from '../usage/usage.service';
import {
  billingBrake,
  callerOrBrake,
  failureBrake,
  FAILURE_WINDOW,
  minutesBrake,
  type Brake,
  type Caller,
} from './brake-rules';
import type { CampaignsForDialing } from './dialer-ports';
import { recentOutcomes } from './dialer.store';

export type DialerBrakes = ReturnType<typeof createDialerBrakes>;

/**
 * What stops a campaign's calls: the tenant's billing, plan and minutes, the campaign's failure rate, an agent that
 * cannot place calls. A brake with a reason pauses the campaign; `skip` only waits.
 */
export function createDialerBrakes(
  deps: Pick<AppDeps, 'db' | 'config' | 'logger'>,
  services: {
    campaigns: Pick<CampaignsForDialing, 'pause'>;
    tenants: Pick<TenantsService, 'get' | 'usageTerms'>;
    usage: Pick<UsageService, 'minutesThisMonth'>;
    agents: Pick<AgentsService, 'require'>;
    phoneNumbers: Pick<PhoneNumbersService, 'ofAgent'>;
  },
) {
  const { db, config, logger } = deps;
  const { campaigns, tenants, usage, agents, phoneNumbers } = services;

  /** The provider's agent and number that place the campaign's calls, or why the campaign must pause. */
  async function callerOf(campaign: DialingSettings): Promise<Caller | { brake: string }> {
    if (!campaign.agentId) return { brake: 'The campaign has no agent.' };
    const agent = await agents.require(campaign.tenantId, campaign.agentId).catch(() => null);
    const number = agent?.active ? await phoneNumbers.ofAgent(campaign.tenantId, agent.id) : null;
    return callerOrBrake(agent, number);
  }

  /** The tenant's brakes: billing, outbound gating, minutes and the overage cap. */
  async function tenantBrakeOf(tenantId: string): Promise<Brake> {
    const brake = billingBrake(await tenants.get(tenantId));
    if (brake) return brake;
    const [terms, minutesUsed] = await Promise.all([tenants.usageTerms(tenantId), usage.minutesThisMonth(tenantId)]);
    return minutesBrake(minutesUsed, terms.minutesIncluded, config.dialerOverageCapMinutes);
  }

  /** The tenant's brakes, else the campaign's failure rate (both read at once). */
  async function brakeOf(campaign: DialingSettings): Promise<Brake> {
    const [tenantBrake, outcomes] = await Promise.all([
      tenantBrakeOf(campaign.tenantId),
      recentOutcomes(db, campaign.id, FAILURE_WINDOW),
    ]);
    return tenantBrake ?? failureBrake(outcomes);
  }

  async function pause(campaign: DialingSettings, reason: string): Promise<void> {
    await campaigns.pause(campaign.tenantId, campaign.id, reason);
    logger.warn({ campaignId: campaign.id, reason }, 'dialer paused a campaign');
  }

  return {
    callerOf,

    pause,

    /**
     * The caller that places the campaign's calls when nothing stops them; otherwise 'billing' (wait) or 'paused'
     * (the campaign was paused with the brake's reason), read now.
     */
    async callerUnlessBraked(campaign: DialingSettings): Promise<Caller | 'billing' | 'paused'> {
      const [brake, caller] = await Promise.all([brakeOf(campaign), callerOf(campaign)]);
      if (brake === 'skip') return 'billing';
      if (brake) {
        await pause(campaign, brake);
        return 'paused';
      }
      if (!('brake' in caller)) return caller;
      await pause(campaign, `Paused: ${caller.brake}`);
      return 'paused';
    },
  };
}
