import type { Knex } from 'knex';
import { billedMinutes, usageTotals } from '@shared/domain/call-minutes';
import type { AppDeps } from '../../app-deps';
import { isoNow, monthKey } from '../../lib/clock';
import type { UsageTerms } from '../tenants/tenants.service';
import { lockUsageMonth, minutesUsedInMonth, totalCalls, updateUsageMonth } from './usage.store';

export type UsageService = ReturnType<typeof createUsageService>;

/** Minutes per tenant and month, and the overage they cost (the rule is shared/domain/call-minutes.ts). */
export function createUsageService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    /**
     * Adds one call to the tenant's month in `trx`, the transaction that records the call, so a call is
     * counted exactly when it is recorded. An existing month keeps the allowance it started with.
     */
    async recordCall(
      trx: Knex.Transaction,
      tenantId: string,
      call: { startedAt: string; durationSec: number },
      terms: UsageTerms,
    ): Promise<void> {
      const month = call.startedAt.slice(0, 7);
      const now = isoNow(deps.clock);
      const current = await lockUsageMonth(trx, tenantId, month, terms.minutesIncluded, now);
      const minutesUsed = current.minutesUsed + billedMinutes(call.durationSec);
      const totals = usageTotals(minutesUsed, current.minutesIncluded, terms.ratePerMinuteCents);
      await updateUsageMonth(
        trx,
        tenantId,
        month,
        {
          secondsUsed: current.secondsUsed + Math.max(0, call.durationSec),
          minutesUsed,
          minutesBillable: totals.minutesBillable,
          costPerMinuteApplied: terms.ratePerMinuteCents,
          billingCost: totals.billingCost,
          callsCount: current.callsCount + 1,
        },
        now,
      );
    },

    /** Minutes used this calendar month (UTC). */
    minutesThisMonth: (tenantId: string) => minutesUsedInMonth(deps.db, tenantId, monthKey(deps.clock.now())),

    totalCalls: (tenantId: string) => totalCalls(deps.db, tenantId),
  };
}
