import type { AppDeps } from '../../app-deps';
import { newId } from '../../lib/ids';
import type { AgentsService } from '../agents/agents.service';
import type { CallbacksService } from '../callbacks/callbacks.service';
import { isRunningOutbound, type DialingSettings } from '../campaigns/campaigns.service';
import type { ContactDialingService } from '../contacts/contact-dialing.service';
import type { WebhooksService } from '../webhooks/webhooks.service';
import type { EventsService } from '../events/events.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { TenantsService } from '../tenants/tenants.service';
import type { UsageService } from '../usage/usage.service';
import { createDialerBrakes } from './dialer-brakes';
import { createDialerClaim } from './dialer-claim';
import { createLineWake } from './dialer-line-wake';
import { createDialerPlacement, type NotPlaced } from './dialer-place';
import type { CampaignsForDialing, DoNotCallCheck } from './dialer-ports';
import { createCampaignProgress } from './dialer-progress';
import { createDialerReconciler } from './dialer-reconcile';
import { createDialerReserve } from './dialer-reserve';
import { createDialerSettlement } from './dialer-settle';
import { linesInUse } from './dialer.store';
import { rotateFrom, wakeMoment, type WakeReason } from './pacing-rules';
import { campaignDayOf } from '@shared/domain/calling-window';
import { calledPartyOf, nextDialableMoment } from './window-rules';

export interface PassResult {
  placed: number;
  /** Why nothing was placed, for logs and tests. */
  idle: null | 'paused' | 'billing' | 'window' | 'cap' | 'concurrency' | 'interval' | 'nothing-due' | 'pacing';
}

const idle = (reason: NonNullable<PassResult['idle']>): PassResult => ({ placed: 0, idle: reason });

/** How long a pass keeps its contact while other passes take the pace slots or the lines it waits for. */
const PATIENCE_MS = 5_000;
/** How long it waits for one of the tenant's lines to be freed, before it gives the contact back. */
const LINE_PATIENCE_MS = 500;

/** A pass by what became of the contact it held: called, failed to call, on the list, or not called now. */
function passOf(outcome: Exclude<NotPlaced, 'pacing' | 'concurrency'> | 'placed' | 'failed' | 'listed'): PassResult {
  if (outcome === 'placed') return { placed: 1, idle: null };
  if (outcome === 'failed') return { placed: 0, idle: null };
  return idle(outcome === 'lease' || outcome === 'listed' ? 'nothing-due' : outcome);
}

export type DialerService = ReturnType<typeof createDialerService>;

/**
 * The dialer: for each dialable campaign, one call at a time inside its window and the called party's legal hours,
 * under its daily cap, its interval, the tenant's free lines and the telephony account's calls per second. A contact
 * is leased before anything else, its attempt is committed before the call is placed, and the outcome settles both
 * exactly once — from the webhook or, when that is lost, from the provider's own record; never by dialling again.
 */
export function createDialerService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'logger' | 'voice' | 'telephony' | 'config' | 'jobs' | 'notifier'>,
  services: {
    campaigns: CampaignsForDialing;
    contacts: ContactDialingService;
    tenants: TenantsService;
    agents: AgentsService;
    phoneNumbers: PhoneNumbersService;
    usage: UsageService;
    doNotCall: DoNotCallCheck;
    events: Pick<EventsService, 'publish'>;
    webhooks: Pick<WebhooksService, 'publish'>;
    callbacks: Pick<CallbacksService, 'recordMissedTransfer'>;
  },
) {
  const { clock } = deps;
  const { campaigns } = services;
  const progress = createCampaignProgress(deps, services);
  const brakes = createDialerBrakes(deps, services);
  const claim = createDialerClaim(deps, { ...services, progress });
  const reserve = createDialerReserve(deps);
  const lines = createLineWake(deps);
  const settlement = createDialerSettlement(deps, { ...services, progress, lines });
  const placement = createDialerPlacement(deps, { ...services, claim, reserve, settlement, progress });
  const reconciler = createDialerReconciler(deps, { ...services, settlement });

  /**
   * One pass over one campaign: at most one call (its interval is at least a minute). What plainly stops it now is
   * read first, cheaply, and ends most passes; then it leases a contact callable now and waits for a pace slot; then,
   * at that moment, the brakes and the do-not-call list are read, and the attempt's transaction checks the window,
   * legal hours, interval and cap and takes a line and the pace slot before the call is sent. A contact it leased and
   * did not call is given back before it returns, whatever happens, so a stopping worker holds nothing.
   */
  async function dialCampaign(campaign: DialingSettings): Promise<PassResult> {
    if (!isRunningOutbound(campaign)) return idle('paused');
    const now = clock.now();
    const notNow = await reserve.plainlyNotNow(campaign, now);
    if (notNow) return idle(notNow);

    const leaseToken = newId();
    const contact = await claim.nextCallable(campaign, now, leaseToken);
    if (!contact) return idle('nothing-due');
    let handedOver = false;
    try {
      // A pass that loses a pace slot or a line to another keeps its contact and waits for the next, a short while.
      const giveUpAt = Date.now() + PATIENCE_MS;
      let waitingFor: 'pacing' | 'concurrency' = 'pacing';
      while (Date.now() < giveUpAt && (await reserve.awaitPace())) {
        const [caller, listed] = await Promise.all([
          brakes.callerUnlessBraked(campaign),
          claim.failIfListed(campaign, contact, leaseToken),
        ]);
        if (listed) {
          handedOver = true;
          return passOf('listed');
        }
        if (typeof caller === 'string') return idle(caller);
        const outcome = await placement.place(campaign, caller, contact, leaseToken);
        if (outcome === 'pacing' || outcome === 'concurrency') {
          waitingFor = outcome;
          const freed = outcome === 'pacing' || (await lines.wait(campaign.tenantId, LINE_PATIENCE_MS));
          if (freed) continue;
          break;
        }
        handedOver = true;
        return passOf(outcome);
      }
      return idle(waitingFor);
    } finally {
      if (!handedOver) await claim.giveBack(contact, leaseToken);
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
      const dialable = await campaigns.listActiveOutbound();
      const start = Math.floor(Math.random() * dialable.length);
      let placed = 0;
      for (const campaign of rotateFrom(dialable, start)) {
        placed += (await dialCampaign(campaign)).placed;
      }
      return placed;
    },

    reconcile: reconciler.reconcile,

    /** Waits, at most `maxMs`, for one of the tenant's lines to be freed (after a pass found none free). */
    awaitFreeLine: lines.wait,

    /** The outbound lines the tenant's dialer calls hold now, and how many it may hold. */
    async linesOf(tenantId: string): Promise<{ inUse: number; limit: number }> {
      return { inUse: await linesInUse(deps.db, tenantId), limit: reserve.lines };
    },

    /**
     * How long a campaign may sleep, in milliseconds, after a pass that found nothing to do now (`reason`), or before
     * its first pass (none); null while nothing is pending. Business time: the job engine adds it to its own clock.
     */
    async sleepMs(campaign: DialingSettings, reason: WakeReason = 'nothing-due'): Promise<number | null> {
      const now = clock.now();
      const next = await services.contacts.nextDueAt(campaign.id);
      const notBefore =
        reason === 'cap'
          ? new Date(campaignDayOf(now, campaign.timezone).end)
          : reason === 'window'
            ? nextDialableMoment(now, campaign, { country: null })
            : now;
      const wake = wakeMoment(next ? new Date(next) : null, notBefore, now);
      return wake ? wake.getTime() - now.getTime() : null;
    },
    settleConversation: settlement.settleConversation,
  };
}
