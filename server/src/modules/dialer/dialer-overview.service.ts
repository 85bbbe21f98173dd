import type {
  CallAttempt,
  CampaignAnalytics,
  CampaignAnalyticsDay,
  DialingPreview,
  DialingProgress,
} from '@shared/api/dialer.types';
import { campaignDays, analyticsPeriodEndingToday } from '@shared/domain/campaign-days';
import { estimateFinish } from '@shared/domain/campaign-estimate';
import { campaignDayOf, nextAllowedTime } from '@shared/domain/calling-window';
import type { AttemptOutcome } from '@shared/domain/dialing-retry';
import type { CampaignAnalyticsQuery } from '@shared/schemas/campaign-analytics.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import type { CallsService } from '../calls/calls.service';
import type { DialingSettings } from '../campaigns/campaigns.service';

import type { ContactDialingService } from '../contacts/contact-dialing.service';
import { findDialingSettings, type CampaignsForDialing, type DoNotCallCheck } from './dialer-ports';
import { forecastPending } from './forecast-rules';
import {
  attemptsOfContact,
  countAttemptsByOutcome,
  countCampaignAttemptsSince,
  countSettledByDay,
  slotFreeAt,
  type AttemptRecord,
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

const OUTCOMES: readonly AttemptOutcome[] = ['answered', 'voicemail', 'busy', 'no_answer', 'failed'];

const noOutcomes = () => Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0])) as Record<AttemptOutcome, number>;
const isOutcome = (value: string): value is AttemptOutcome => (OUTCOMES as readonly string[]).includes(value);

/** What the dialer shows: a contact's attempts, the preview before activation, a campaign's progress and analytics. */
export function createDialerOverviewService(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  services: {
    campaigns: CampaignsForDialing;
    contacts: ContactDialingService;
    doNotCall: DoNotCallCheck;
    calls: Pick<CallsService, 'campaignCost'>;
  },
) {
  const { campaigns, contacts, doNotCall, calls } = services;

  async function requireOutbound(tenantId: string, campaignId: string): Promise<DialingSettings> {
    const campaign = await findDialingSettings(campaigns, tenantId, campaignId);
    if (!campaign) throw campaignNotFound();
    if (campaign.campaignType !== 'outbound') {
      throw new DomainError('CAMPAIGN_NOT_OUTBOUND');
    }
    return campaign;
  }

  return {
    async attempts(tenantId: string, contactId: string): Promise<CallAttempt[]> {
      const contact = await contacts.find(tenantId, contactId);
      if (!contact) throw new DomainError('NOT_FOUND', 'Contact not found');
      return (await attemptsOfContact(deps.db, contact.id)).map(toAttempt);
    },

    /**
     * "N of M contacts will be called; K skipped", and when the last of them would first be called.
     */
    async preview(tenantId: string, campaignId: string): Promise<DialingPreview> {
      const campaign = await requireOutbound(tenantId, campaignId);
      const now = deps.clock.now();
      const pending = await contacts.pendingNumbers(campaign.id);
      const listed = await doNotCall.isBlocked(
        tenantId,
        pending.map((contact) => contact.phoneNumber),
      );
      const { willCall, skipped } = forecastPending(pending, listed, campaign, now);
      const finish = estimateFinish(willCall, campaign, campaign, now);
      return { total: pending.length, willCall, skipped, estimatedFinishAt: finish?.toISOString() ?? null };
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
      const [counts, cost] = await Promise.all([
        countSettledByDay(
          deps.db,
          tenantId,
          campaign.id,
          period.days.map((day) => day.startsAt),
          period.endsAt,
        ),
        calls.campaignCost(tenantId, campaign.id, since, period.endsAt),
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
      return {
        from,
        to,
        timezone: campaign.timezone,
        days,
        calls: callCount,
        answered,
        answerRate: callCount > 0 ? answered / callCount : null,
        averageDurationSec: answered > 0 ? Math.round(answeredSeconds / answered) : null,
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
        slotFreeAt(deps.db, `campaign:${campaign.id}`),
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
