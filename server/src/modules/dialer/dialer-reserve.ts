import type { Knex } from 'knex';
import { campaignDayOf, isCallAllowed } from '@shared/domain/calling-window';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import type { DialingSettings } from '../campaigns/campaigns.service';
import type { DialingContact } from '../contacts/contact-dialing.service';
import {
  countCampaignAttemptsSince,
  earliestSlotFreeAt,
  holdSlotUntil,
  linesInUse,
  moveSlotHold,
  slotFreeAt,
  takeLine,
  takeSlot,
  takeSlotFreeBy,
} from './dialer.store';
import { accountPaceKeys, campaignSlotKey, outboundLines, paceSlots } from './pacing-rules';
import { calledPartyOf } from './window-rules';

/** How long a pass waits for the telephony account's next calls-per-second slot before it gives up for now. */
const PACING_WAIT_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Why a call may not go now. */
export type NotNow = 'window' | 'interval' | 'cap' | 'concurrency' | 'pacing';

/**
 * The capacity a recorded attempt holds: its line, and the pace slot its call goes in from `sendAtMs` (wall), held
 * until `paceHeldUntil` unless its call's request is answered sooner.
 */
export interface Held {
  line: number;
  paceKey: string;
  sendAtMs: number;
  paceHeldUntil: string;
}

export type DialerReserve = ReturnType<typeof createDialerReserve>;

/**
 * The capacity a call needs, taken in the transaction that records its attempt, at that moment: the campaign's
 * window and the called party's legal hours, its interval and daily cap, one of the tenant's outbound lines (a row
 * its settlement deletes), and one of the telephony account's pace slots. Reads before it only save work.
 */
export function createDialerReserve(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = deps;
  const pace = paceSlots(config.dialerCallsPerSecond);
  const paceKeys = accountPaceKeys(pace.count);
  const lines = outboundLines(config.dialerMaxConcurrentCalls, config.dialerInboundReserve);

  async function callsToday(queryable: Db | Knex.Transaction, campaign: DialingSettings, now: Date): Promise<number> {
    return countCampaignAttemptsSince(queryable, campaign.id, campaignDayOf(now, campaign.timezone).start);
  }

  return {
    lines,

    /** Why the campaign certainly cannot call now (window, interval, cap, lines), read without taking anything. */
    async plainlyNotNow(campaign: DialingSettings, now: Date): Promise<NotNow | null> {
      if (!isCallAllowed(now, campaign, { country: null })) return 'window';
      const slotAt = await slotFreeAt(db, campaignSlotKey(campaign.id));
      if (slotAt && slotAt > now.toISOString()) return 'interval';
      if ((await callsToday(db, campaign, now)) >= campaign.maxCallsPerDay) return 'cap';
      if ((await linesInUse(db, campaign.tenantId)) >= lines) return 'concurrency';
      return null;
    },

    /**
     * Waits on the wall clock (the carrier counts real seconds) until one of the account's pace slots frees within
     * the pace lead (`dialerPaceLeadMs`), at most a short while; whether one does. The slot is taken later, with the
     * attempt.
     */
    async awaitPace(): Promise<boolean> {
      const giveUpAt = Date.now() + PACING_WAIT_MS;
      for (;;) {
        const freeAt = await earliestSlotFreeAt(db, paceKeys);
        const waitMs = freeAt ? Date.parse(freeAt) - config.dialerPaceLeadMs - Date.now() : 0;
        if (waitMs <= 0) return true;
        if (Date.now() + waitMs > giveUpAt) return false;
        await sleep(waitMs);
      }
    },

    /**
     * Takes what the call needs at `now`, in the attempt's transaction, in one order (campaign, tenant, account) so
     * that waits never go round: the campaign's interval slot serialises its calls, so the daily cap counted after it
     * holds; then a line, then a pace slot free now or within the pace lead (`dialerPaceLeadMs`), when the window and
     * the called party's hours must still be open. What was not free, or what is held; a rollback gives everything
     * back.
     */
    async hold(
      trx: Knex.Transaction,
      campaign: DialingSettings,
      contact: DialingContact,
      attemptId: string,
      now: Date,
    ): Promise<Held | NotNow> {
      if (!isCallAllowed(now, campaign, calledPartyOf(contact))) return 'window';
      const intervalEnds = new Date(now.getTime() + campaign.callIntervalMinutes * 60_000).toISOString();
      if (!(await takeSlot(trx, campaignSlotKey(campaign.id), now.toISOString(), intervalEnds))) return 'interval';
      if ((await callsToday(trx, campaign, now)) >= campaign.maxCallsPerDay) return 'cap';
      const line = await takeLine(trx, campaign.tenantId, attemptId, lines, now.toISOString());
      if (line === null) return 'concurrency';
      const wallNow = Date.now();
      const slot = await takeSlotFreeBy(
        trx,
        paceKeys,
        new Date(wallNow).toISOString(),
        new Date(wallNow + config.dialerPaceLeadMs).toISOString(),
        // Until the call's request has had all its time to reach the provider, and one period after that.
        config.dialerCallRequestTimeoutMs + pace.periodMs,
      );
      if (!slot) return 'pacing';
      const sendAtMs = Date.parse(slot.freeAt);
      // A slot free already sends the call now, never before: the wall clock has moved on since the slot was read.
      const sendAt = new Date(clock.now().getTime() + Math.max(0, sendAtMs - Date.now()));
      if (!isCallAllowed(sendAt, campaign, calledPartyOf(contact))) return 'window';
      return { line, paceKey: slot.key, sendAtMs, paceHeldUntil: slot.heldUntil };
    },

    /**
     * Counts the interval from the moment the call was sent, and the pace slot from the moment the provider had
     * answered the request, rather than from when they were taken: a slow commit never brings two calls closer than
     * their spacing, and since the call started at the provider before its answer, no rolling second there holds more
     * calls than the pace allows, however long each request took to reach it. Until that answer the slot was held for
     * the request's whole time allowed, so no other call could take it while the request was on its way.
     */
    async sent(campaign: DialingSettings, held: Held, sentAt: { business: Date; wallMs: number }): Promise<void> {
      const intervalEnds = sentAt.business.getTime() + campaign.callIntervalMinutes * 60_000;
      await holdSlotUntil(db, campaignSlotKey(campaign.id), new Date(intervalEnds).toISOString());
      await moveSlotHold(db, held.paceKey, held.paceHeldUntil, new Date(sentAt.wallMs + pace.periodMs).toISOString());
    },

    /** Gives back the pace slot of a call that was not sent: the call before it in the slot went a period ago. */
    async unsent(held: Held): Promise<void> {
      await moveSlotHold(db, held.paceKey, held.paceHeldUntil, new Date(Date.now()).toISOString());
    },
  };
}
