import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { isBillingUsable } from '@shared/domain/roles';
import {
  campaignDayOf,
  isCallAllowed,
  LOOKAHEAD_DAYS,
  nextAllowedTime,
  type CalledParty,
} from '@shared/domain/calling-window';
import { decideRetry, type AttemptOutcome, type AttemptStatus } from '@shared/domain/dialing-retry';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { newId } from '../../lib/ids';
import { isProviderNotFound } from '../../lib/provider-call';
import type { BatchCallState, VoiceConversation } from '../../providers/voice/voice.types';
import type { AgentsService } from '../agents/agents.service';
import { isRunningOutbound, type CampaignsService, type DialingSettings } from '../campaigns/campaigns.service';
import type { ContactDialingService, DialingContact } from '../contacts/contact-dialing.service';
import type { DoNotCallService } from '../do-not-call/do-not-call.service';
import type { EventsService } from '../events/events.service';

import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { TenantsService } from '../tenants/tenants.service';
import type { UsageService } from '../usage/usage.service';
import { createAttemptReconciliation } from './attempt-reconciliation';
import {
  attemptsOfContact,
  countCampaignAttemptsSince,
  countTenantCallsInFlight,
  findAttempt,
  findInFlightByConversation,
  inFlightAttemptsBefore,
  insertAttempt,
  markAnswered,
  NOT_PLACED,
  recentOutcomes,
  recordPlacedCall,
  settleAttempt,
  slotFreeAt,
  takeSlot,
  type AttemptRecord,
} from './dialer.store';

/** What settling needs to know of an attempt. */
type AttemptRef = Pick<AttemptRecord, 'id' | 'tenantId' | 'contactId'>;

/** The tenant-wide do-not-call list, as the dialer asks it before every dial: which of these numbers are listed. */
export type DoNotCallCheck = Pick<DoNotCallService, 'isBlocked'>;

/**
 * What the dialer asks of the campaigns module: where there is work, a campaign's settings, a pause with a reason, and
 * whether it still runs when an attempt is recorded.
 */
export type CampaignsForDialing = Pick<
  CampaignsService,
  'listActiveOutbound' | 'dialingSettings' | 'pause' | 'isDialable'
>;

/** A campaign's current settings, or undefined when it is gone. */
export async function findDialingSettings(
  campaigns: CampaignsForDialing,
  tenantId: string,
  campaignId: string,
): Promise<DialingSettings | undefined> {
  try {
    return await campaigns.dialingSettings(tenantId, campaignId);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') return undefined;
    throw error;
  }
}

export async function isOnDoNotCallList(doNotCall: DoNotCallCheck, tenantId: string, phoneNumber: string) {
  return (await doNotCall.isBlocked(tenantId, [phoneNumber])).size > 0;
}

/** How many due contacts one pass may step over (outside their legal hours, on the do-not-call list) to find one to call. */
const MAX_STEPS = 5;
/** The failure-rate brake: of the campaign's last this many settled calls… */
const FAILURE_WINDOW = 20;
/** …this share failing pauses it. */
const FAILURE_SHARE = 0.5;
/** How long a pass waits for the telephony account's next calls-per-second slot before it gives up for now. */
const PACING_WAIT_MS = 5_000;
/** A provider that refused for load is asked again after this. */
const BUSY_RETRY_MS = 60_000;
const RECONCILE_BATCH = 200;
/** At most one campaign.progress event per campaign this often, whichever worker moves it on; screens refetch on each. */
const PROGRESS_EVERY_MS = 2_000;
/** Two workers settling a campaign's last contacts at once both see it finished; one event is enough. */
const FINISHED_DEDUPE_MS = 60_000;
const DAY_MS = 86_400_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function memo<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** Who is called: the number's country (libphonenumber-js), and a zone if the contact's metadata names one. */
export function calledPartyOf(contact: Pick<DialingContact, 'phoneNumber' | 'metadata'>): CalledParty {
  const country = parsePhoneNumberFromString(contact.phoneNumber)?.country ?? null;
  const zone = contact.metadata.timezone ?? contact.metadata.Timezone ?? null;
  return { country, timezone: typeof zone === 'string' ? zone : null };
}

const ATTEMPT_STATUS_OF: Record<AttemptOutcome, AttemptStatus> = {
  answered: 'completed',
  voicemail: 'voicemail',
  busy: 'busy',
  no_answer: 'no_answer',
  failed: 'failed',
};

export interface PassResult {
  placed: number;
  /** Why nothing was placed, for logs and tests. */
  idle: null | 'paused' | 'billing' | 'window' | 'cap' | 'concurrency' | 'interval' | 'nothing-due' | 'pacing';
}

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
  const { db, clock, config, voice, logger } = deps;
  const { campaigns, contacts, tenants, agents, phoneNumbers, usage, doNotCall, events } = services;
  const later = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
  const carrier = createAttemptReconciliation({ ...deps, ...services, settleEnded });

  /** The provider's agent and number that place the campaign's calls, or why the campaign must pause. */
  async function callerOf(
    campaign: DialingSettings,
  ): Promise<{ agentId: string; phoneNumberId: string } | { brake: string }> {
    if (!campaign.agentId) return { brake: 'The campaign has no agent.' };
    const agent = await agents.require(campaign.tenantId, campaign.agentId).catch(() => null);
    if (!agent || !agent.active) return { brake: 'The campaign’s agent was deactivated.' };
    const number = await phoneNumbers.ofAgent(campaign.tenantId, agent.id);
    if (!agent.elevenlabsAgentId || !number?.elevenlabsPhoneNumberId) {
      return { brake: 'The campaign’s agent has no phone number to call from.' };
    }
    return { agentId: agent.elevenlabsAgentId, phoneNumberId: number.elevenlabsPhoneNumberId };
  }

  /** The provider's id of the agent that placed an attempt's call (active or not). */
  async function providerAgentOf(attempt: AttemptRecord): Promise<string | null> {
    const campaign = attempt.campaignId
      ? await findDialingSettings(campaigns, attempt.tenantId, attempt.campaignId)
      : undefined;
    if (!campaign?.agentId) return null;
    const agent = await agents.require(attempt.tenantId, campaign.agentId).catch(() => null);
    return agent?.elevenlabsAgentId ?? null;
  }

  /** The tenant's brakes: billing, outbound gating, minutes and the overage cap. `skip` when it must just wait. */
  async function tenantBrakeOf(tenantId: string): Promise<string | 'skip' | null> {
    const tenant = await tenants.get(tenantId);
    if (tenant.billingStatus === 'delinquent') return 'Paused: the account’s payment is past due.';
    if (tenant.billingStatus === 'canceled') return 'Paused: the subscription was cancelled.';
    if (!isBillingUsable(tenant.billingStatus) || !tenant.outboundCallingEnabled) return 'skip';
    const [terms, minutesUsed] = await Promise.all([tenants.usageTerms(tenantId), usage.minutesThisMonth(tenantId)]);
    if (minutesUsed >= terms.minutesIncluded + config.dialerOverageCapMinutes) {
      return 'Paused: this month’s minutes and the overage cap are used up.';
    }
    return null;
  }

  /** The campaign's own brake: its recent failure rate. */
  async function failureBrakeOf(campaign: DialingSettings): Promise<string | null> {
    const outcomes = await recentOutcomes(db, campaign.id, FAILURE_WINDOW);
    const failed = outcomes.filter((outcome) => outcome === 'failed').length;
    if (outcomes.length >= FAILURE_WINDOW && failed / outcomes.length >= FAILURE_SHARE) {
      return `Paused: ${failed} of the last ${outcomes.length} calls failed.`;
    }
    return null;
  }

  /**
   * What one round over all campaigns reads once per tenant and per agent rather than once per campaign: the
   * tenant's brakes and the agent that places the calls. A single pass gets a round of its own.
   */
  function newRound() {
    const tenantBrakes = new Map<string, Promise<string | 'skip' | null>>();
    const callers = new Map<string, ReturnType<typeof callerOf>>();
    return {
      tenantBrake: (tenantId: string) => memo(tenantBrakes, tenantId, () => tenantBrakeOf(tenantId)),
      caller: (campaign: DialingSettings) =>
        memo(callers, `${campaign.tenantId}:${campaign.agentId}`, () => callerOf(campaign)),
    };
  }
  type Round = ReturnType<typeof newRound>;

  /** Takes a slot on the wall clock: live events pace what people watch, not what the business clock schedules. */
  async function takeWallClockSlot(key: string, holdMs: number): Promise<boolean> {
    const nowMs = Date.now();
    return takeSlot(db, key, new Date(nowMs).toISOString(), new Date(nowMs + holdMs).toISOString());
  }

  /** Campaigns whose throttled progress this process will announce once the throttle lets it. */
  const announcing = new Set<string>();

  /**
   * A move the throttle held back is announced when the throttle frees, so the last one before a quiet spell reaches
   * the screens too. Best effort: a worker that stops first leaves it to the campaign's next move.
   */
  function announceLater(tenantId: string, campaignId: string): void {
    if (announcing.has(campaignId)) return;
    announcing.add(campaignId);
    setTimeout(() => {
      announcing.delete(campaignId);
      void announceProgress(tenantId, campaignId);
    }, PROGRESS_EVERY_MS).unref();
  }

  /**
   * Tells the campaign's screens that its contacts moved on: campaign.finished once none is left to dial, otherwise
   * campaign.progress, throttled across workers. An event that cannot be sent costs a refresh, never the call's outcome.
   */
  async function announceProgress(tenantId: string, campaignId: string): Promise<void> {
    try {
      const byStatus = await contacts.countByStatus(tenantId, campaignId);
      const done = byStatus.completed + byStatus.failed;
      const { total } = byStatus;
      if (total > 0 && done === total) {
        if (!(await takeWallClockSlot(`finished:${campaignId}`, FINISHED_DEDUPE_MS))) return;
        const campaign = await findDialingSettings(campaigns, tenantId, campaignId);
        if (campaign)
          await events.publish(tenantId, { type: 'campaign.finished', data: { campaignId, name: campaign.name } });
        return;
      }
      if (!(await takeWallClockSlot(`progress:${campaignId}`, PROGRESS_EVERY_MS))) {
        announceLater(tenantId, campaignId);
        return;
      }
      await events.publish(tenantId, { type: 'campaign.progress', data: { campaignId, completed: done, total } });
    } catch (error) {
      logger.warn({ err: error, campaignId }, 'campaign progress not announced');
    }
  }

  async function pause(campaign: DialingSettings, reason: string): Promise<void> {
    await campaigns.pause(campaign.tenantId, campaign.id, reason);
    logger.warn({ campaignId: campaign.id, reason }, 'dialer paused a campaign');
  }

  /**
   * Waits for the telephony account's next calls-per-second slot, shared by every tenant and worker. A rate the
   * carrier enforces in real seconds, so it runs on the wall clock, not the business clock the windows use.
   */
  async function takeAccountSlot(): Promise<boolean> {
    const spacingMs = Math.ceil(1000 / config.dialerCallsPerSecond);
    const giveUpAt = Date.now() + PACING_WAIT_MS;
    while (Date.now() < giveUpAt) {
      const nowMs = Date.now();
      const next = new Date(nowMs + spacingMs).toISOString();
      if (await takeSlot(db, 'account:telephony', new Date(nowMs).toISOString(), next)) return true;
      await sleep(Math.min(spacingMs, 250));
    }
    return false;
  }

  /** Ends an attempt that never reached the provider: it does not count as a try, and the contact is due again. */
  async function settleNotPlaced(attempt: AttemptRef, reason: string, dueAgainAt: string | null): Promise<void> {
    await db.transaction(async (trx) => {
      const settled = await settleAttempt(trx, attempt.id, {
        status: 'failed',
        outcome: NOT_PLACED,
        endedAt: clock.now().toISOString(),
        durationSec: null,
        failureReason: reason,
      });
      if (settled)
        await contacts.settle(trx, attempt.contactId, {
          status: 'pending',
          nextAttemptAt: dueAgainAt,
          conversationId: null,
        });
    });
  }

  /** Ends an attempt by how the call ended, and moves its contact on by the retry policy. */
  async function settleEnded(
    attempt: AttemptRef,
    end: { outcome: AttemptOutcome; durationSec: number | null; invalidNumber: boolean; reason: string | null },
    conversationId: string | null,
  ): Promise<boolean> {
    const contact = await contacts.find(attempt.tenantId, attempt.contactId);
    if (!contact) return false;
    const campaign = await findDialingSettings(campaigns, attempt.tenantId, contact.campaignId);
    const history = await attemptsOfContact(db, contact.id);
    const placedAttempts = history.filter((earlier) => earlier.outcome !== NOT_PLACED).length;
    const earlierVoicemails = history.filter(
      (earlier) => earlier.id !== attempt.id && earlier.outcome === 'voicemail',
    ).length;
    const endedAt = clock.now();
    const decision = decideRetry({
      outcome: end.outcome,
      attemptsMade: placedAttempts,
      maxRetries: contact.maxRetries,
      retryDelayMinutes: contact.retryDelayMinutes,
      earlierVoicemails,
      invalidNumber: end.invalidNumber,
      endedAt,
    });
    // A retry that falls outside the window or the legal hours moves to the next allowed moment; never failed for it.
    const retryAt = decision.retryAt
      ? campaign
        ? (nextAllowedTime(decision.retryAt, campaign, calledPartyOf(contact)) ??
          new Date(decision.retryAt.getTime() + LOOKAHEAD_DAYS * DAY_MS))
        : decision.retryAt
      : null;
    const settled = await db.transaction(async (trx) => {
      const settled = await settleAttempt(trx, attempt.id, {
        status: ATTEMPT_STATUS_OF[end.outcome],
        outcome: end.outcome,
        endedAt: endedAt.toISOString(),
        durationSec: end.durationSec,
        failureReason: end.reason,
        conversationId,
      });
      if (!settled) return false;
      await contacts.settle(trx, contact.id, {
        status: decision.contactStatus,
        nextAttemptAt: retryAt?.toISOString() ?? null,
        conversationId,
      });
      return true;
    });
    if (settled) await announceProgress(attempt.tenantId, contact.campaignId);
    return settled;
  }

  /** Settles an attempt from the provider's record of its conversation, if the call is over. */
  async function settleFromConversation(attempt: AttemptRecord, conversation: VoiceConversation): Promise<boolean> {
    if (conversation.status !== 'done' && conversation.status !== 'failed') {
      if (conversation.status === 'in-progress' || conversation.status === 'processing')
        await markAnswered(db, attempt.id);
      return false;
    }
    const reason = conversation.terminationReason ?? null;
    return settleEnded(
      attempt,
      {
        outcome: conversation.outcome,
        durationSec: Math.max(0, Math.round(conversation.durationSec)),
        invalidNumber: conversation.outcome === 'failed' && /invalid/i.test(reason ?? ''),
        reason: conversation.outcome === 'answered' ? null : reason,
      },
      conversation.conversationId,
    );
  }

  /**
   * Turns a leased contact into an attempt in flight, committed before any call is placed; null when the lease is no
   * longer the holder's, or when the campaign was paused or stopped since its settings were read (the contact is then
   * given back). The call must reach the provider by `placeBy`.
   */
  async function recordAttempt(
    campaignId: string,
    contact: DialingContact,
    leaseToken: string,
    placeBy: Date,
  ): Promise<AttemptRef | null> {
    const recorded = await db.transaction(async (trx): Promise<AttemptRef | null | 'stopped'> => {
      if (!(await campaigns.isDialable(trx, contact.tenantId, campaignId))) return 'stopped';
      const attemptNumber = await contacts.startAttempt(trx, contact.id, leaseToken);
      if (attemptNumber === null) return null;
      const attempt = {
        id: newId(),
        tenantId: contact.tenantId,
        contactId: contact.id,
        campaignId,
        attemptNumber,
        placeBy: placeBy.toISOString(),
      };
      await insertAttempt(trx, attempt, clock.now().toISOString());
      return attempt;
    });
    if (recorded !== 'stopped') return recorded;
    await contacts.release([contact.id], leaseToken, contact.nextAttemptAt);
    return null;
  }

  /**
   * Records the attempt, then places the call. A call not placed by the attempt's deadline is not placed at all, so the
   * reconciler, which waits past that deadline, never races a slow worker into a second call.
   */
  async function place(
    campaign: DialingSettings,
    caller: { agentId: string; phoneNumberId: string },
    contact: DialingContact,
    leaseToken: string,
  ): Promise<boolean> {
    const placeByMs = clock.now().getTime() + config.dialerPlaceWindowSec * 1000;
    const attempt = await recordAttempt(campaign.id, contact, leaseToken, new Date(placeByMs));
    if (!attempt) return false;
    const attemptId = attempt.id;
    if (clock.now().getTime() >= placeByMs) {
      await settleNotPlaced(attempt, 'The call was not placed in time.', null);
      return false;
    }
    try {
      const call = await voice.startOutboundCall({
        agentId: caller.agentId,
        agentPhoneNumberId: caller.phoneNumberId,
        toNumber: contact.phoneNumber,
        dynamicVariables: contact.metadata,
        overrides: {
          prompt: contact.conversationConfig?.prompt,
          firstMessage: contact.conversationConfig?.first_message,
        },
        userId: attemptId,
      });
      await recordPlacedCall(db, attemptId, call);
      await announceProgress(campaign.tenantId, campaign.id);
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'PROVIDER_BUSY') {
        await settleNotPlaced(attempt, error.message, later(BUSY_RETRY_MS));
        return false;
      }
      if (error instanceof DomainError && error.code === 'PROVIDER_REJECTED') {
        await settleEnded(
          attempt,
          { outcome: 'failed', durationSec: null, invalidNumber: true, reason: error.message },
          null,
        );
        return false;
      }
      // Timed out or cut off: the call may be ringing. The reconciler looks it up by the attempt id.
      logger.warn({ err: error, attemptId }, 'outbound call outcome unknown; left to the reconciler');
      return false;
    }
  }

  /**
   * One pass over one campaign: at most one call (its interval is at least a minute). It leases one due contact at a
   * time, stepping over those outside their legal hours; a contact it leased and did not call is given back before it
   * returns, whatever happens, so a stopping worker holds nothing. A campaign that is paused, inactive or not
   * outbound gets no call ('paused').
   */
  async function dialCampaign(campaign: DialingSettings, round: Round = newRound()): Promise<PassResult> {
    if (!isRunningOutbound(campaign)) return { placed: 0, idle: 'paused' };
    const now = clock.now();
    const slotKey = `campaign:${campaign.id}`;
    const slotAt = await slotFreeAt(db, slotKey);
    if (slotAt && slotAt > now.toISOString()) return { placed: 0, idle: 'interval' };
    const brake = (await round.tenantBrake(campaign.tenantId)) ?? (await failureBrakeOf(campaign));
    if (brake === 'skip') return { placed: 0, idle: 'billing' };
    if (brake) {
      await pause(campaign, brake);
      return { placed: 0, idle: 'paused' };
    }
    const caller = await round.caller(campaign);
    if ('brake' in caller) {
      await pause(campaign, `Paused: ${caller.brake}`);
      return { placed: 0, idle: 'paused' };
    }
    if (!isCallAllowed(now, campaign, { country: null })) return { placed: 0, idle: 'window' };
    const today = campaignDayOf(now, campaign.timezone);
    if ((await countCampaignAttemptsSince(db, campaign.id, today.start)) >= campaign.maxCallsPerDay) {
      return { placed: 0, idle: 'cap' };
    }
    const lines = config.dialerMaxConcurrentCalls - config.dialerInboundReserve;
    if ((await countTenantCallsInFlight(db, campaign.tenantId)) >= lines) return { placed: 0, idle: 'concurrency' };

    const leaseToken = newId();
    for (let stepped = 0; stepped < MAX_STEPS; stepped += 1) {
      const [contact] = await contacts.claimDue(campaign.id, 1, leaseToken, config.dialerLeaseSec);
      if (!contact) return { placed: 0, idle: 'nothing-due' };
      let handled = false;
      try {
        if (await isOnDoNotCallList(doNotCall, contact.tenantId, contact.phoneNumber)) {
          handled = true;
          await db.transaction((trx) =>
            contacts.settle(trx, contact.id, { status: 'failed', nextAttemptAt: null, conversationId: null }),
          );
          await announceProgress(campaign.tenantId, campaign.id);
          continue;
        }
        const allowedAt = nextAllowedTime(now, campaign, calledPartyOf(contact));
        if (allowedAt?.getTime() !== now.getTime()) {
          handled = true;
          const dueAt = allowedAt ?? new Date(now.getTime() + LOOKAHEAD_DAYS * DAY_MS);
          await contacts.release([contact.id], leaseToken, dueAt.toISOString());
          continue;
        }
        const nextSlot = later(campaign.callIntervalMinutes * 60_000);
        if (!(await takeSlot(db, slotKey, now.toISOString(), nextSlot))) return { placed: 0, idle: 'interval' };
        if (!(await takeAccountSlot())) return { placed: 0, idle: 'pacing' };
        handled = true;
        return { placed: (await place(campaign, caller, contact, leaseToken)) ? 1 : 0, idle: null };
      } finally {
        if (!handled) await contacts.release([contact.id], leaseToken, contact.nextAttemptAt);
      }
    }
    return { placed: 0, idle: 'nothing-due' };
  }

  /**
   * The conversation that placed an attempt's call, from the provider: its batch's recipient, or a conversation
   * carrying the attempt id. `wait` while a batch has yet to dial it; null when the provider has no call for it.
   */
  async function conversationOfAttempt(
    attempt: AttemptRecord,
    batches: Map<string, Promise<BatchCallState>>,
  ): Promise<string | null | 'wait'> {
    if (attempt.batchCallId) {
      const batchId = attempt.batchCallId;
      if (!batches.has(batchId)) batches.set(batchId, voice.getBatchCall(batchId));
      const batch = await (batches.get(batchId) as Promise<BatchCallState>);
      const recipient = batch.recipients.find((entry) => entry.userId === attempt.id);
      if (recipient?.conversationId) return recipient.conversationId;
      const waiting = recipient?.status === 'pending' || recipient?.status === 'dispatched';
      return waiting && batch.status !== 'cancelled' ? 'wait' : null;
    }
    const providerAgentId = await providerAgentOf(attempt);
    // Without the provider's agent the call cannot be looked up, so it is not assumed unplaced either.
    if (!providerAgentId) return 'wait';
    return (await voice.findConversationsOfUser(providerAgentId, attempt.id))[0] ?? null;
  }

  return {
    calledPartyOf,
    dialCampaign,

    callerOf,
    recordAttempt,
    settleNotPlaced,

    /** One pass over every dialable campaign; resolves to the calls placed. */
    async dialAll(): Promise<number> {
      const round = newRound();
      const dialable = await campaigns.listActiveOutbound();
      // Each worker starts its round at a random campaign, so workers spread out rather than queue on the same one.
      const start = Math.floor(Math.random() * dialable.length);
      let placed = 0;
      for (const campaign of [...dialable.slice(start), ...dialable.slice(0, start)]) {
        placed += (await dialCampaign(campaign, round)).placed;
      }
      return placed;
    },

    /**
     * Settles what webhooks did not: leases a crash left are freed; attempts past their deadline are read from the
     * provider — by conversation id, or, where the worker died before it learnt it, by the attempt id the call carried.
     * An attempt the provider has no call for was never placed, and its contact is due again.
     */
    async reconcile(): Promise<{ released: number; settled: number; notPlaced: number }> {
      const released = await contacts.releaseExpired();
      const before = new Date(clock.now().getTime() - config.dialerReconcileGraceSec * 1000).toISOString();
      let settled = 0;
      let notPlaced = 0;
      const batches = new Map<string, Promise<BatchCallState>>();
      for (const attempt of await inFlightAttemptsBefore(db, before, RECONCILE_BATCH)) {
        try {
          let conversationId = attempt.conversationId;
          if (!conversationId) {
            const found = await conversationOfAttempt(attempt, batches);
            if (found === 'wait') continue;
            conversationId = found;
            if (!conversationId) {
              const carried = await carrier.settleFromCarrier(attempt);
              settled += carried === 'settled' ? 1 : 0;
              if (carried !== 'none') continue;
              await settleNotPlaced(attempt, 'The call was not placed: its worker stopped first.', null);
              notPlaced += 1;
              continue;
            }
            await recordPlacedCall(db, attempt.id, { conversationId, callSid: null });
          }
          const conversation = await voice.getConversation(conversationId).catch((error: unknown) => {
            if (isProviderNotFound(error)) return null;
            throw error;
          });
          // A conversation the voice provider no longer has is read from the carrier's call instead.
          const done = conversation
            ? await settleFromConversation(attempt, conversation)
            : (await carrier.settleFromCarrier(attempt)) === 'settled';
          if (done) settled += 1;
        } catch (error) {
          logger.warn({ err: error, attemptId: attempt.id }, 'attempt not reconciled yet');
        }
      }
      return { released, settled, notPlaced };
    },

    /**
     * After the post-call webhook, with the conversation its job read from the provider: settles the attempt that
     * placed it, if it is ours and open.
     */
    async settleConversation(conversation: VoiceConversation): Promise<boolean> {
      const { conversationId } = conversation;
      const known = await findInFlightByConversation(db, conversationId);
      // A batch's calls, or a call whose worker stopped before noting it, are found by the attempt id they carry.
      const attempt = known ?? (conversation.userId ? await findAttempt(db, conversation.userId) : undefined);
      if (!attempt || (attempt.conversationId && attempt.conversationId !== conversationId)) return false;
      if (!attempt.conversationId) await recordPlacedCall(db, attempt.id, { conversationId, callSid: null });
      return settleFromConversation(attempt, conversation);
    },
  };
}
