import { isCallAllowed } from '@shared/domain/calling-window';
import type { AppDeps } from '../../app-deps';
import { newId } from '../../lib/ids';
import type { AgentsService } from '../agents/agents.service';
import { isRunningOutbound, type DialingSettings } from '../campaigns/campaigns.service';
import type { ContactDialingService } from '../contacts/contact-dialing.service';
import type { EventsService } from '../events/events.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { TenantsService } from '../tenants/tenants.service';
import type { UsageService } from '../usage/usage.service';
import { createDialerBrakes, type Round } from './dialer-brakes';
import { createDialerClaim } from './dialer-claim';
import { createDialerPlacement } from './dialer-place';
import type { CampaignsForDialing, DoNotCallCheck } from './dialer-ports';
import { createCampaignProgress } from './dialer-progress';
import { createDialerReconciler } from './dialer-reconcile';
import { createDialerReserve } from './dialer-reserve';
import { createDialerSettlement } from './dialer-settle';
import { rotateFrom } from './pacing-rules';
import { calledPartyOf } from './window-rules';

export interface PassResult {
  placed: number;
  /** Why nothing was placed, for logs and tests. */
  idle: null | 'paused' | 'billing' | 'window' | 'cap' | 'concurrency' | 'interval' | 'nothing-due' | 'pacing';
}

const idle = (reason: NonNullable<PassResult['idle']>): PassResult => ({ placed: 0, idle: reason });

export type DialerService = ReturnType<typeof createDialerService>;

/**
 * The dialer: for each dialable campaign, one call at a time inside its window and the called party's legal hours,
 * under its daily cap, its interval, the tenant's free lines and the telephony account's calls per second. A contact
 * is leased before anything else, its attempt is committed before the call is placed, and the outcome settles both
 * exactly once — from the webhook or, when that is lost, from the provider's own record; never by dialling again.
 */
export function createDialerService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'logger' | 'voice' | 'telephony' | 'config' | 'jobs'>,
  services: {
    campaigns: CampaignsForDialing;
    contacts: ContactDialingService;
    tenants: TenantsService;
    agents: AgentsService;
    phoneNumbers: PhoneNumbersService;
    usage: UsageService;
    doNotCall: DoNotCallCheck;
    events: Pick<EventsService, 'publish'>;
  },
) {
  const { clock } = deps;
  const { campaigns } = services;
  const progress = createCampaignProgress(deps, services);
  const brakes = createDialerBrakes(deps, services);
  const claim = createDialerClaim(deps, { ...services, progress });
  const reserve = createDialerReserve(deps);
  const settlement = createDialerSettlement(deps, { ...services, progress });
  const placement = createDialerPlacement(deps, { ...services, claim, settlement, progress });
  const reconciler = createDialerReconciler(deps, { ...services, settlement });

  /**
   * One pass over one campaign: at most one call (its interval is at least a minute). It leases one due contact at a
   * time, stepping over those outside their legal hours; a contact it leased and did not call is given back before it
   * returns, whatever happens, so a stopping worker holds nothing. A campaign that is paused, inactive or not
   * outbound gets no call ('paused').
   */
  async function dialCampaign(campaign: DialingSettings, round: Round = brakes.newRound()): Promise<PassResult> {
    if (!isRunningOutbound(campaign)) return idle('paused');
    const now = clock.now();
    if (!(await reserve.intervalPassed(campaign, now))) return idle('interval');
    const brake = await brakes.brakeOf(campaign, round);
    if (brake === 'skip') return idle('billing');
    if (brake) {
      await brakes.pause(campaign, brake);
      return idle('paused');
    }
    const caller = await round.caller(campaign);
    if ('brake' in caller) {
      await brakes.pause(campaign, `Paused: ${caller.brake}`);
      return idle('paused');
    }
    if (!isCallAllowed(now, campaign, { country: null })) return idle('window');
    if (await reserve.dailyCapReached(campaign, now)) return idle('cap');
    if (!(await reserve.lineFree(campaign.tenantId))) return idle('concurrency');

    const leaseToken = newId();
    const contact = await claim.nextCallable(campaign, now, leaseToken);
    if (!contact) return idle('nothing-due');
    let placing = false;
    try {
      const busy = await reserve.takeSlots(campaign, now);
      if (busy) return idle(busy);
      placing = true;
      return { placed: (await placement.place(campaign, caller, contact, leaseToken)) ? 1 : 0, idle: null };
    } finally {
      if (!placing) await claim.giveBack(contact, leaseToken);
    }
  }

  return {
    calledPartyOf,
    dialCampaign,

    callerOf: brakes.callerOf,
    recordAttempt: placement.recordAttempt,
    settleNotPlaced: settlement.settleNotPlaced,

    /** One pass over every dialable campaign; resolves to the calls placed. */
    async dialAll(): Promise<number> {
      const round = brakes.newRound();
      const dialable = await campaigns.listActiveOutbound();
      const start = Math.floor(Math.random() * dialable.length);
      let placed = 0;
      for (const campaign of rotateFrom(dialable, start)) {
        placed += (await dialCampaign(campaign, round)).placed;
      }
      return placed;
    },

    reconcile: reconciler.reconcile,
    settleConversation: settlement.settleConversation,
  };
}
