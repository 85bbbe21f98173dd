import { CALL_OUTCOMES, MACHINE_VERDICT_OUTCOMES } from '@shared/domain/call-outcomes';
import type {
  CallAttempt,
  CampaignAnalytics,
  CampaignAnalyticsDay,
  DialingPreview,
  DialingProgress,
} from '@shared/api/dialer.types';
import { campaignDays, analyticsPeriodEndingToday } from '@shared/domain/campaign-days';
import { campaignDayOf, nextAllowedTime } from '@shared/domain/calling-window';
import type { AttemptOutcome } from '@shared/domain/dialing-retry';
import type { CampaignAnalyticsQuery } from '@shared/schemas/campaign-analytics.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import type { CallbacksService } from '../callbacks/callbacks.service';
import type { CallsService } from '../calls/calls.service';
import type { DialingSettings } from '../campaigns/campaigns.service';

import type { ContactDialingService } from '../contacts/contact-dialing.service';
import { findDialingSettings, type CampaignsForDialing, type DoNotCallCheck } from './dialer-ports';
import { createDialerLiveService } from './dialer-live.service';
import { forecastPreview, outcomeMixOf, type ScheduleSettings } from './forecast-rules';
import { campaignSlotKey, outboundLines } from './pacing-rules';
import {
  attemptsOfContact,
  countAttemptsByOutcome,
  countCampaignAttemptsSince,
  countSettledByDay,
  slotFreeAt,
  type AttemptRecord,
  linesInUse,
} from './dialer.store';

export type DialerOverviewService = ReturnType<typeof createDialerOverviewService>;

function toAttempt(record: AttemptRecord): CallAttempt {
  return {
    id: record.id,
    contactId: record.contactId,
    attemptNumber: record.attemptNumber,
    status: record.status,
    startedAt: record.startedAt,
    endedAt: record.endedAt,
    durationSec: record.durationSec,
    outcome: record.outcome,
    failureReason: record.failureReason,
    conversationId: record.conversationId,
    batchCallId: record.batchCallId,
    createdAt: record.createdAt,
  };
}

const campaignNotFound = () => new DomainError('NOT_FOUND', 'Campaign not found');

const OUTCOMES: readonly AttemptOutcome[] = CALL_OUTCOMES;

const noOutcomes = () => Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0])) as Record<AttemptOutcome, number>;
const isOutcome = (value: string): value is AttemptOutcome => (OUTCOMES as readonly string[]).includes(value);

/** What the dialer shows: a contact's attempts, the preview before activation, a campaign's progress and analytics. */
export function createDialerOverviewService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  services: {
    campaigns: CampaignsForDialing;
    contacts: ContactDialingService;
    doNotCall: DoNotCallCheck;
    calls: Pick<CallsService, 'campaignCost' | 'campaignMachineVerdicts'>;
    callbacks: Pick<CallbacksService, 'countDue'>;
  },
) {
  const { campaigns, contacts, doNotCall, calls, callbacks } = services;

  async function requireOutbound(tenantId: string, campaignId: string): Promise<DialingSettings> {
    const campaign = await findDialingSettings(campaigns, tenantId, campaignId);
    if (!campaign) throw campaignNotFound();
    if (campaign.campaignType !== 'outbound') {
      throw new DomainError('CAMPAIGN_NOT_OUTBOUND');
    }
    return campaign;
  }

  const live = createDialerLiveService(deps);

  return {
    async attempts(tenantId: string, contactId: string): Promise<CallAttempt[]> {
      const contact = await contacts.find(tenantId, contactId);
      if (!contact) throw new DomainError('NOT_FOUND', 'Contact not found');
      return (await attemptsOfContact(deps.db, contact.id)).map(toAttempt);
    },

    /**
     * Before calling starts: who can be called now, later and never, and when the last call should be placed,
     * simulated over the campaign's settings, the tenant's lines and the contacts' legal hours and retries.
     */
    async preview(tenantId: string, campaignId: string): Promise<DialingPreview> {
      const campaign = await requireOutbound(tenantId, campaignId);
      const now = deps.clock.now();
      const pending = await contacts.pendingNumbers(campaign.id);
      const [listed, history, { callsToday, slotFreeAt: slotAt }, callsInFlight] = await Promise.all([
        doNotCall.isBlocked(
          tenantId,
          pending.map((contact) => contact.phoneNumber),
        ),
        countAttemptsByOutcome(deps.db, campaign.id),
        live.pace(campaign, now),
        linesInUse(deps.db, tenantId),
      ]);
      const settings: ScheduleSettings = {
        window: campaign,
        maxCallsPerDay: campaign.maxCallsPerDay,
        callIntervalMinutes: campaign.callIntervalMinutes,
        outboundLines: outboundLines(live.capacity.maxConcurrentCalls, live.capacity.inboundReserve),
        callsInFlight,
        callsPerSecond: live.capacity.callsPerSecond,
        callsToday,
        slotFreeAt: slotAt ? new Date(slotAt) : null,
      };
      const needsMarketingConsent = campaign.purpose === 'marketing';
      return forecastPreview(pending, listed, settings, outcomeMixOf(history), now, needsMarketingConsent);
    },

    /**
     * The Analytics tab: the period's calls by day of the campaign's time zone and outcome, the answer rate, the
     * answered calls' mean length and what the calls cost — two indexed range reads, whatever the campaign's size.
     */
    async analytics(tenantId: string, campaignId: string, query: CampaignAnalyticsQuery): Promise<CampaignAnalytics> {
      const campaign = await requireOutbound(tenantId, campaignId);
      const { from, to } =
        query.from && query.to
          ? { from: query.from, to: query.to }
          : analyticsPeriodEndingToday(deps.clock.now(), campaign.timezone);
      const period = campaignDays(from, to, campaign.timezone);
      const since = period.days[0]?.startsAt ?? period.endsAt;
      const [counts, cost, callbacksDue, reviewed] = await Promise.all([
        countSettledByDay(
          deps.db,
          tenantId,
          campaign.id,
          period.days.map((day) => day.startsAt),
          period.endsAt,
        ),
        calls.campaignCost(tenantId, campaign.id, since, period.endsAt),
        callbacks.countDue(tenantId, deps.clock.now(), campaign.id),
        calls.campaignMachineVerdicts(tenantId, campaign.id, since, period.endsAt),
      ]);
      const days: CampaignAnalyticsDay[] = period.days.map((day) => ({ date: day.date, outcomes: noOutcomes() }));
      let answeredSeconds = 0;
      for (const count of counts) {
        const day = days[count.day];
        if (!day || !isOutcome(count.outcome)) continue;
        day.outcomes[count.outcome] += count.calls;
        if (count.outcome === 'answered') answeredSeconds += count.seconds;
      }
      const total = (outcome: AttemptOutcome) => days.reduce((sum, day) => sum + day.outcomes[outcome], 0);
      const answered = total('answered');
      const callCount = OUTCOMES.reduce((sum, outcome) => sum + total(outcome), 0);
      const machineVerdicts = MACHINE_VERDICT_OUTCOMES.reduce((sum, outcome) => sum + total(outcome), 0);
      return {
        from,
        to,
        timezone: campaign.timezone,
        days,
        calls: callCount,
        answered,
        answerRate: callCount > 0 ? answered / callCount : null,
        averageDurationSec: answered > 0 ? Math.round(answeredSeconds / answered) : null,
        transferred: total('transferred'),
        transferMissed: total('transfer_missed'),
        callbacksDue,
        machineVerdicts,
        voicemailLeft: total('voicemail_left'),
        machineRate: callCount > 0 ? machineVerdicts / callCount : null,
        verdictsMarkedWrong: reviewed.markedWrong,
        wrongVerdictShare: reviewed.total > 0 ? reviewed.markedWrong / reviewed.total : null,
        ...cost,
      };
    },

    async progress(tenantId: string, campaignId: string): Promise<DialingProgress> {
      const campaign = await requireOutbound(tenantId, campaignId);
      const now = deps.clock.now();
      const [byStatus, attemptsByOutcome, callsToday, dueAt, slotAt] = await Promise.all([
        contacts.countByStatus(tenantId, campaign.id),
        countAttemptsByOutcome(deps.db, campaign.id),
        countCampaignAttemptsSince(deps.db, campaign.id, campaignDayOf(now, campaign.timezone).start),
        contacts.nextDueAt(campaign.id),
        slotFreeAt(deps.db, campaignSlotKey(campaign.id)),
      ]);
      const { total: _total, ...contactsByStatus } = byStatus;
      const earliest = [dueAt, slotAt].filter((at): at is string => at !== null).sort();
      const notBefore = dueAt === null ? null : new Date(earliest[earliest.length - 1] ?? now.toISOString());
      const nextCallAt = notBefore ? nextAllowedTime(notBefore, campaign, { country: null }) : null;
      return {
        contactsByStatus,
        attemptsByOutcome,
        callsToday,
        maxCallsPerDay: campaign.maxCallsPerDay,
        nextCallAt: nextCallAt?.toISOString() ?? null,
        pausedReason: campaign.pausedReason,
      };
    },
  };
}
