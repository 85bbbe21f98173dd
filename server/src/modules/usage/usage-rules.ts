import type { SyncUsageResponse } from '@shared/api/admin-billing.types';
import type { CurrentUsageResponse, UsageRecord } from '@shared/api/usage.types';
import { billedMinutes, usageTotals } from '@shared/domain/call-minutes';
import { percentUsed, projectMonth, usageStatus } from '@shared/domain/usage-projection';
import type { UsageTerms } from '../tenants/tenants.service';
import { monthProgress } from './usage-month';
import type { MeterReport, UsageMonth, UsageMonthRecord, UsageUpdate } from './usage.store';

/** A month without calls yet, on the tenant's current allowance. */
export const emptyMonth = (month: string, minutesIncluded: number): UsageRecord => ({
  id: `${month}-none`,
  monthYyyyMm: month,
  minutesUsed: 0,
  minutesIncluded,
  minutesBillable: 0,
  billingCost: 0,
});

/**
 * The month with one more call of `durationSec`, billed in whole minutes at the tenant's rate; the month keeps the
 * allowance it started with. `minutes` is what the call adds, which its meter event reports.
 */
export function monthWithCall(
  current: UsageMonth,
  durationSec: number,
  terms: Pick<UsageTerms, 'ratePerMinuteCents' | 'currency'>,
): { update: UsageUpdate; minutes: number } {
  const minutes = billedMinutes(durationSec);
  const minutesUsed = current.minutesUsed + minutes;
  const totals = usageTotals(minutesUsed, current.minutesIncluded, terms.ratePerMinuteCents);
  return {
    minutes,
    update: {
      secondsUsed: current.secondsUsed + Math.max(0, durationSec),
      minutesUsed,
      minutesBillable: totals.minutesBillable,
      costPerMinuteApplied: terms.ratePerMinuteCents,
      billingCost: totals.billingCost,
      currency: terms.currency,
      callsCount: current.callsCount + 1,
    },
  };
}

/** The month's minutes on new terms: the new allowance and rate apply to the whole month, as the provider's price does. */
export function monthOnTerms(minutesUsed: number, terms: Omit<UsageTerms, 'meteredCustomerId'>) {
  const totals = usageTotals(minutesUsed, terms.minutesIncluded, terms.ratePerMinuteCents);
  return {
    minutesIncluded: terms.minutesIncluded,
    minutesBillable: totals.minutesBillable,
    costPerMinuteApplied: terms.ratePerMinuteCents,
    billingCost: totals.billingCost,
    currency: terms.currency,
  };
}

/** What to ask the provider's meter for the period: nothing without a meter, a customer or a report sent. */
export function providerCountQuery(
  reports: readonly MeterReport[],
  meterId: string | null,
): { meterId: string; customerId: string } | null {
  const customerId = reports[0]?.customerId;
  return meterId && customerId && reports.some((report) => report.state === 'sent') ? { meterId, customerId } : null;
}

/**
 * The period's reports to send: the pending ones, or every one when the provider counted fewer minutes than were
 * sent (it counts an identifier once, so only the missing ones count again). `counted` is undefined when not asked.
 */
export function reportsToSend(
  reports: readonly MeterReport[],
  counted: number | undefined,
): { resend: readonly MeterReport[]; callsAlreadyCounted: number } {
  const sent = reports.filter((report) => report.state === 'sent');
  const sentMinutes = sent.reduce((sum, report) => sum + report.minutes, 0);
  if (counted !== undefined && counted < sentMinutes) return { resend: reports, callsAlreadyCounted: 0 };
  return { resend: reports.filter((report) => report.state === 'pending'), callsAlreadyCounted: sent.length };
}

/** The superadmin's answer to a usage sync. */
export function syncAnswer(resend: readonly MeterReport[], callsAlreadyCounted: number): SyncUsageResponse {
  const minutesSent = resend.reduce((sum, report) => sum + report.minutes, 0);
  return {
    callsSent: resend.length,
    minutesSent,
    callsAlreadyCounted,
    message: resend.length
      ? `Sent ${resend.length} call${resend.length === 1 ? '' : 's'} (${minutesSent} minutes) to the payment provider.`
      : 'The payment provider already has all usage for this period.',
  };
}

/**
 * This month's usage and where it is heading at `now`: a month with calls at the rate it applied, a month without
 * at the tenant's current terms.
 */
export function currentUsageOf(
  stored: UsageMonthRecord | undefined,
  month: string,
  terms: Pick<UsageTerms, 'minutesIncluded' | 'ratePerMinuteCents'>,
  currency: string,
  now: Date,
): CurrentUsageResponse {
  const usage = stored ?? emptyMonth(month, terms.minutesIncluded);
  const rate = stored?.minutesUsed ? stored.costPerMinuteApplied : terms.ratePerMinuteCents;
  const { daysElapsed, daysInMonth } = monthProgress(now);
  return {
    usage: {
      id: usage.id,
      monthYyyyMm: usage.monthYyyyMm,
      minutesUsed: usage.minutesUsed,
      minutesIncluded: usage.minutesIncluded,
      minutesBillable: usage.minutesBillable,
      billingCost: usage.billingCost,
    },
    projection: projectMonth(usage.minutesUsed, usage.minutesIncluded, rate, daysElapsed, daysInMonth),
    usageStatus: usageStatus(usage.minutesUsed, usage.minutesIncluded),
    percentUsed: percentUsed(usage.minutesUsed, usage.minutesIncluded),
    overageRatePerMinute: rate,
    currency,
    daysElapsed,
    daysInMonth,
  };
}
