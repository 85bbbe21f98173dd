import type { Knex } from 'knex';
import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';

/** A tenant's month of calls: seconds and billed minutes, the allowance it started with, the overage so far. */
export interface UsageMonth {
  secondsUsed: number;
  minutesUsed: number;
  minutesIncluded: number;
  callsCount: number;
}

/** What recording one more call changes in its month. */
export interface UsageUpdate {
  secondsUsed: number;
  minutesUsed: number;
  minutesBillable: number;
  /** Cents per minute. */
  costPerMinuteApplied: number;
  /** Overage so far this month, in cents. */
  billingCost: number;
  callsCount: number;
}

/**
 * The tenant's row for `month`, created with `minutesIncluded` if it is the month's first call; locked on
 * PostgreSQL until the transaction ends so concurrent calls of one tenant add up (SQLite's single writer
 * serialises anyway).
 */
export async function lockUsageMonth(
  trx: Knex.Transaction,
  tenantId: string,
  month: string,
  minutesIncluded: number,
  now: string,
): Promise<UsageMonth> {
  await trx('usage')
    .insert({
      id: newId(),
      tenant_id: tenantId,
      month_yyyy_mm: month,
      minutes_included: minutesIncluded,
      created_at: now,
      updated_at: now,
    })
    .onConflict(['tenant_id', 'month_yyyy_mm'])
    .ignore();
  const row = await trx('usage').where({ tenant_id: tenantId, month_yyyy_mm: month }).forUpdate().first();
  return {
    secondsUsed: Number(row.seconds_used),
    minutesUsed: Number(row.minutes_used),
    minutesIncluded: Number(row.minutes_included),
    callsCount: Number(row.calls_count),
  };
}

export async function updateUsageMonth(
  trx: Knex.Transaction,
  tenantId: string,
  month: string,
  update: UsageUpdate,
  now: string,
): Promise<void> {
  await trx('usage').where({ tenant_id: tenantId, month_yyyy_mm: month }).update({
    seconds_used: update.secondsUsed,
    minutes_used: update.minutesUsed,
    minutes_billable: update.minutesBillable,
    cost_per_minute_applied: update.costPerMinuteApplied,
    billing_cost: update.billingCost,
    calls_count: update.callsCount,
    updated_at: now,
  });
}

export async function minutesUsedInMonth(db: Db, tenantId: string, month: string): Promise<number> {
  const row = await db('usage').where({ tenant_id: tenantId, month_yyyy_mm: month }).first('minutes_used');
  return Number(row?.minutes_used ?? 0);
}

/** All calls the tenant ever had, including those of deleted agents (usage rows outlive agents). */
export async function totalCalls(db: Db, tenantId: string): Promise<number> {
  const row = await db('usage').where({ tenant_id: tenantId }).sum({ n: 'calls_count' }).first();
  return Number(row?.n ?? 0);
}
