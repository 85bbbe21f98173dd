import { campaignDayOf, isCallAllowed } from '@shared/domain/calling-window';
import type { AppDeps } from '../../app-deps';
import type { DialingSettings } from '../campaigns/campaigns.service';
import type { DialingContact } from '../contacts/contact-dialing.service';
import { billingBrake } from './brake-rules';
import {
  countAttemptsStartedSince,
  countCampaignAttemptsSince,
  inFlightAttempts,
  slotFreeAt,
  linesInUse,
} from './dialer.store';
import { campaignSlotKey } from './pacing-rules';
import { calledPartyOf } from './window-rules';

export type DialerLiveService = ReturnType<typeof createDialerLiveService>;

/** The dialer as it stands now, for operations and the preview: its capacity, calls under way, pace and holds. */
export function createDialerLiveService(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  /** A campaign's pace today: calls made in its day, and when its interval lets it call again. */
  async function pace(
    campaign: DialingSettings,
    now: Date,
  ): Promise<{ callsToday: number; slotFreeAt: string | null }> {
    const [callsToday, slotAt] = await Promise.all([
      countCampaignAttemptsSince(deps.db, campaign.id, campaignDayOf(now, campaign.timezone).start),
      slotFreeAt(deps.db, campaignSlotKey(campaign.id)),
    ]);
    return { callsToday, slotFreeAt: slotAt };
  }

  const capacity = {
    maxConcurrentCalls: deps.config.dialerMaxConcurrentCalls,
    inboundReserve: deps.config.dialerInboundReserve,
    callsPerSecond: deps.config.dialerCallsPerSecond,
  };

  return {
    /** The tenant's lines and the telephony account's calls per second, as the dialer is configured. */
    capacity,

    /** Calls under way now, of one tenant or (null) of every tenant. */
    liveCalls: (tenantId: string | null) => inFlightAttempts(deps.db, tenantId),

    /** The outbound lines the tenant's calls hold now (each call reserves one before it is placed). */
    linesInUse: (tenantId: string) => linesInUse(deps.db, tenantId),

    /** Calls started through the telephony account over the last minute, per second. */
    async currentCallsPerSecond(): Promise<number> {
      const since = new Date(deps.clock.now().getTime() - 60_000).toISOString();
      return (await countAttemptsStartedSince(deps.db, since)) / 60;
    },

    pace,

    /** Whether any of these due contacts of the campaign may be called at `now`, inside its own legal hours. */
    anyCallable: (
      campaign: DialingSettings,
      due: ReadonlyArray<Pick<DialingContact, 'phoneNumber' | 'metadata'>>,
      now: Date,
    ) => due.some((contact) => isCallAllowed(now, campaign, calledPartyOf(contact))),

    /** Whether the tenant's billing or plan holds every campaign of it back without pausing them. */
    billingHolds: (tenant: { billingStatus: string; outboundCallingEnabled: boolean }) => billingBrake(tenant) !== null,
  };
}
