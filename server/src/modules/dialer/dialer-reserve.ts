import { campaignDayOf } from '@shared/domain/calling-window';
import type { AppDeps } from '../../app-deps';
import type { DialingSettings } from '../campaigns/campaigns.service';
import { countCampaignAttemptsSince, countTenantCallsInFlight, slotFreeAt, takeSlot } from './dialer.store';
import { ACCOUNT_SLOT_KEY, accountSlotSpacingMs, campaignSlotKey, outboundLines } from './pacing-rules';

/** How long a pass waits for the telephony account's next calls-per-second slot before it gives up for now. */
const PACING_WAIT_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type DialerReserve = ReturnType<typeof createDialerReserve>;

/**
 * The capacity a call needs before it is placed: a free outbound line of the tenant, room under the campaign's daily
 * cap, the campaign's interval slot and the telephony account's calls-per-second slot.
 */
export function createDialerReserve(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = deps;

  /**
   * Waits for the telephony account's next calls-per-second slot, shared by every tenant and worker. A rate the
   * carrier enforces in real seconds, so it runs on the wall clock, not the business clock the windows use.
   */
  async function takeAccountSlot(): Promise<boolean> {
    const spacingMs = accountSlotSpacingMs(config.dialerCallsPerSecond);
    const giveUpAt = Date.now() + PACING_WAIT_MS;
    while (Date.now() < giveUpAt) {
      const nowMs = Date.now();
      const next = new Date(nowMs + spacingMs).toISOString();
      if (await takeSlot(db, ACCOUNT_SLOT_KEY, new Date(nowMs).toISOString(), next)) return true;
      await sleep(Math.min(spacingMs, 250));
    }
    return false;
  }

  return {
    /** Whether the campaign's interval since its last call has passed. */
    async intervalPassed(campaign: DialingSettings, now: Date): Promise<boolean> {
      const slotAt = await slotFreeAt(db, campaignSlotKey(campaign.id));
      return !(slotAt && slotAt > now.toISOString());
    },

    async dailyCapReached(campaign: DialingSettings, now: Date): Promise<boolean> {
      const today = campaignDayOf(now, campaign.timezone);
      return (await countCampaignAttemptsSince(db, campaign.id, today.start)) >= campaign.maxCallsPerDay;
    },

    async lineFree(tenantId: string): Promise<boolean> {
      const lines = outboundLines(config.dialerMaxConcurrentCalls, config.dialerInboundReserve);
      return (await countTenantCallsInFlight(db, tenantId)) < lines;
    },

    /**
     * Takes the campaign's interval slot, then the account's calls-per-second slot; which one was not free, or null
     * when both are taken and the call may be placed.
     */
    async takeSlots(campaign: DialingSettings, now: Date): Promise<'interval' | 'pacing' | null> {
      const nextSlot = new Date(clock.now().getTime() + campaign.callIntervalMinutes * 60_000).toISOString();
      if (!(await takeSlot(db, campaignSlotKey(campaign.id), now.toISOString(), nextSlot))) return 'interval';
      if (!(await takeAccountSlot())) return 'pacing';
      return null;
    },
  };
}
