import type { Knex } from 'knex';
import type { SyncUsageResponse } from '@shared/api/admin-billing.types';
import type { CurrentUsageResponse, UsageHistoryResponse, UsageLimitsResponse } from '@shared/api/usage.types';
import type { AppDeps } from '../../app-deps';
import { isoNow, monthKey } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { thresholdsCrossed } from '@shared/domain/usage-thresholds';
import type { TenantsService, UsageTerms } from '../tenants/tenants.service';
import type { WebhooksService } from '../webhooks/webhooks.service';
import {
  findMeterReport,
  findUsageMonth,
  insertMeterReport,
  lockUsageMonth,
  meterReportsBetween,
  minutesUsedInMonth,
  stalePendingReports,
  totalCalls,
  updateUsageMonth,
  usageHistory,
} from './usage.store';
import { createMeterReporter } from './meter-reports';
import {
  currentUsageOf,
  monthOnTerms,
  monthWithCall,
  providerCountQuery,
  reportsToSend,
  syncAnswer,
} from './usage-rules';

export type UsageService = ReturnType<typeof createUsageService>;

export { REPORT_USAGE_JOB, REPORT_USAGE_RETRIES } from './meter-reports';
/** The job that re-queues reports whose job was lost (a queue wiped, a job out of retries). */
export const SWEEP_USAGE_REPORTS_JOB = 'sweep-usage-reports';
/**
 * A pending report this old has likely lost its job (its run died with its process, which the engine notices only
 * after the job's expiry and its own maintenance pass); queuing it again is harmless, the provider counts it once.
 */
const STALE_REPORT_MS = 90 * 1000;
const SWEEP_BATCH = 500;

/**
 * Minutes per tenant and month, the overage they cost (the rule is shared/domain/call-minutes.ts), and each call's
 * meter event at the payments provider: committed with the call, sent by a job, counted once by the provider.
 */
export function createUsageService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs' | 'payments' | 'config'>,
  tenants: TenantsService,
  webhooks: Pick<WebhooksService, 'publish'>,
) {
  const { db } = deps;
  const reporter = createMeterReporter(deps);

  async function terms(tenantId: string) {
    const [tenant, plan, usageTerms] = await Promise.all([
      tenants.get(tenantId),
      tenants.plan(tenantId),
      tenants.usageTerms(tenantId),
    ]);
    return { tenant, plan, usageTerms };
  }

  return {
    /**
     * Adds one call to the tenant's month in `trx`, the transaction that records the call, so a call is counted
     * exactly when it is recorded; with a subscription, its meter event is committed and queued in the same
     * transaction. An existing month keeps the allowance it started with. The call that takes the month past 80 % or
     * 100 % of its included minutes sends the usage.threshold_reached webhook in the same transaction.
     */
    async recordCall(
      trx: Knex.Transaction,
      tenantId: string,
      call: { startedAt: string; durationSec: number; conversationId: string },
      usageTerms: UsageTerms,
    ): Promise<void> {
      const month = call.startedAt.slice(0, 7);
      const now = isoNow(deps.clock);
      const current = await lockUsageMonth(trx, tenantId, month, usageTerms.minutesIncluded, now);
      const { update, minutes } = monthWithCall(current, call.durationSec, usageTerms);
      await updateUsageMonth(trx, tenantId, month, update, now);
      for (const percent of thresholdsCrossed(current.minutesUsed, update.minutesUsed, current.minutesIncluded)) {
        const data = { percent, minutesUsed: update.minutesUsed, minutesIncluded: current.minutesIncluded, month };
        await webhooks.publish(tenantId, 'usage.threshold_reached', data, trx);
      }
      if (usageTerms.meteredCustomerId && minutes > 0) {
        const report = {
          id: newId(),
          tenantId,
          identifier: call.conversationId,
          customerId: usageTerms.meteredCustomerId,
          minutes,
          occurredAt: call.startedAt,
        };
        if (await insertMeterReport(trx, report, now)) await reporter.queue(report.id, trx);
      }
    },

    /**
     * The month's allowance and rate after a plan change: the provider's graduated price applies the new plan to
     * the whole period, so the month's overage is worked out again on the new terms.
     */
    async reviseCurrentMonth(trx: Knex.Transaction, tenantId: string, usageTerms: UsageTerms): Promise<void> {
      const month = monthKey(deps.clock.now());
      const now = isoNow(deps.clock);
      const current = await lockUsageMonth(trx, tenantId, month, usageTerms.minutesIncluded, now);
      await updateUsageMonth(trx, tenantId, month, monthOnTerms(current.minutesUsed, usageTerms), now);
    },

    /** The job's work: sends one report (nothing if it was sent). */
    async sendReport(reportId: string): Promise<void> {
      const report = await findMeterReport(db, reportId);
      if (!report || report.state === 'sent') return;
      await reporter.send(report);
    },

    /** Queues again the pending reports whose job was lost; answers how many. */
    async sweepPendingReports(): Promise<number> {
      const stale = await stalePendingReports(
        db,
        new Date(deps.clock.now().getTime() - STALE_REPORT_MS).toISOString(),
        SWEEP_BATCH,
      );
      for (const report of stale) await reporter.queue(report.id);
      return stale.length;
    },

    /**
     * Sends the period's calls the provider has not counted: every pending one, and when the provider's total is
     * below what we sent, the sent ones again (the provider counts an identifier once, so only the missing count).
     */
    async syncToProvider(
      tenantId: string,
      period: { start: number; end: number },
      meterId: string | null,
    ): Promise<SyncUsageResponse> {
      const from = new Date(period.start * 1000).toISOString();
      const reports = await meterReportsBetween(db, tenantId, from, new Date(period.end * 1000).toISOString());
      const query = providerCountQuery(reports, meterId);
      const counted = query ? await deps.payments.countedUsage({ ...query, ...period }) : undefined;
      const { resend, callsAlreadyCounted } = reportsToSend(reports, counted);
      for (const report of resend) await reporter.send(report);
      return syncAnswer(resend, callsAlreadyCounted);
    },

    async limits(tenantId: string): Promise<UsageLimitsResponse> {
      const { plan, usageTerms } = await terms(tenantId);
      return {
        limits: {
          minutesIncluded: usageTerms.minutesIncluded,
          overageRatePerMinute: usageTerms.ratePerMinuteCents,
          maxAgents: plan.maxAgents,
          maxPhoneNumbers: plan.maxPhoneNumbers,
          maxCampaigns: plan.maxCampaigns,
        },
        currency: plan.currency,
      };
    },

    async current(tenantId: string): Promise<CurrentUsageResponse> {
      const now = deps.clock.now();
      const month = monthKey(now);
      const [{ plan, usageTerms }, stored] = await Promise.all([terms(tenantId), findUsageMonth(db, tenantId, month)]);
      return currentUsageOf(stored, month, usageTerms, plan.currency, now);
    },

    async history(tenantId: string, limit: number): Promise<UsageHistoryResponse> {
      const [plan, months] = await Promise.all([tenants.plan(tenantId), usageHistory(db, tenantId, limit)]);
      return {
        usageHistory: months.map(({ costPerMinuteApplied: _rate, ...month }) => month),
        currency: plan.currency,
      };
    },

    /** Minutes used this calendar month (UTC). */
    minutesThisMonth: (tenantId: string) => minutesUsedInMonth(db, tenantId, monthKey(deps.clock.now())),

    totalCalls: (tenantId: string) => totalCalls(db, tenantId),
  };
}
