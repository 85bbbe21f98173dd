import type { Knex } from 'knex';
import type { UsageRecord } from '@shared/api/usage.types';
import { toIso, type Db } from '../../db/database';
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
  /** Minor units of `currency` per minute. */
  costPerMinuteApplied: number;
  /** Overage so far this month, in minor units of `currency`. */
  billingCost: number;
  /** The tenant's currency (its plan's). */
  currency: string;
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

/** What a plan change revises in the month: its allowance, and its overage on the new terms. */
export type UsageRevision = Pick<
  UsageUpdate,
  'minutesBillable' | 'costPerMinuteApplied' | 'billingCost' | 'currency'
> & {
  minutesIncluded: number;
};

const USAGE_COLUMNS: Record<keyof UsageUpdate | keyof UsageRevision, string> = {
  secondsUsed: 'seconds_used',
  minutesUsed: 'minutes_used',
  minutesIncluded: 'minutes_included',
  minutesBillable: 'minutes_billable',
  costPerMinuteApplied: 'cost_per_minute_applied',
  billingCost: 'billing_cost',
  currency: 'currency',
  callsCount: 'calls_count',
};

/** Writes a recorded call's or a plan change's figures to the month, which the caller holds locked. */
export async function updateUsageMonth(
  trx: Knex.Transaction,
  tenantId: string,
  month: string,
  update: UsageUpdate | UsageRevision,
  now: string,
): Promise<void> {
  const figures: Partial<UsageUpdate & UsageRevision> = update;
  const columns: Record<string, string | number> = {};
  for (const [field, column] of Object.entries(USAGE_COLUMNS) as Array<[keyof typeof USAGE_COLUMNS, string]>) {
    const value = figures[field];
    if (value !== undefined) columns[column] = value;
  }
  await trx('usage')
    .where({ tenant_id: tenantId, month_yyyy_mm: month })
    .update({ ...columns, updated_at: now });
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

/** A month as the API shows it (spec 001 §3), with the rate its overage was worked out at. */
export interface UsageMonthRecord extends UsageRecord {
  costPerMinuteApplied: number;
}

interface UsageRow {
  id: string;
  month_yyyy_mm: string;
  minutes_used: number | string;
  minutes_included: number | string;
  minutes_billable: number | string;
  billing_cost: number | string;
  cost_per_minute_applied: number | string;
}

const toUsageMonthRecord = (row: UsageRow): UsageMonthRecord => ({
  id: row.id,
  monthYyyyMm: row.month_yyyy_mm,
  minutesUsed: Number(row.minutes_used),
  minutesIncluded: Number(row.minutes_included),
  minutesBillable: Number(row.minutes_billable),
  billingCost: Number(row.billing_cost),
  costPerMinuteApplied: Number(row.cost_per_minute_applied),
});

export async function findUsageMonth(db: Db, tenantId: string, month: string): Promise<UsageMonthRecord | undefined> {
  const row: UsageRow | undefined = await db('usage').where({ tenant_id: tenantId, month_yyyy_mm: month }).first();
  return row ? toUsageMonthRecord(row) : undefined;
}

/** Newest month first. */
export async function usageHistory(db: Db, tenantId: string, limit: number): Promise<UsageMonthRecord[]> {
  const rows: UsageRow[] = await db('usage')
    .where({ tenant_id: tenantId })
    .orderBy('month_yyyy_mm', 'desc')
    .limit(limit);
  return rows.map(toUsageMonthRecord);
}

/** A meter event waiting to be sent, or sent: one per call. */
export interface MeterReport {
  id: string;
  tenantId: string;
  identifier: string;
  customerId: string;
  minutes: number;
  occurredAt: string;
  state: 'pending' | 'sent';
}

interface MeterReportRow {
  id: string;
  tenant_id: string;
  identifier: string;
  customer_id: string;
  minutes: number | string;
  occurred_at: unknown;
  state: 'pending' | 'sent';
}

const toMeterReport = (row: MeterReportRow): MeterReport => ({
  id: row.id,
  tenantId: row.tenant_id,
  identifier: row.identifier,
  customerId: row.customer_id,
  minutes: Number(row.minutes),
  occurredAt: toIso(row.occurred_at),
  state: row.state,
});

/** False when the call already has its report (a call recorded twice is reported once). */
export async function insertMeterReport(
  trx: Knex.Transaction,
  report: Omit<MeterReport, 'state'>,
  now: string,
): Promise<boolean> {
  const inserted = await trx('usage_meter_reports')
    .insert({
      id: report.id,
      tenant_id: report.tenantId,
      identifier: report.identifier,
      customer_id: report.customerId,
      minutes: report.minutes,
      occurred_at: report.occurredAt,
      state: 'pending',
      created_at: now,
    })
    .onConflict('identifier')
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

export async function findMeterReport(db: Db, id: string): Promise<MeterReport | undefined> {
  const row: MeterReportRow | undefined = await db('usage_meter_reports').where({ id }).first();
  return row ? toMeterReport(row) : undefined;
}

export async function markMeterReportSent(db: Db, id: string, now: string): Promise<void> {
  await db('usage_meter_reports')
    .where({ id })
    .update({ state: 'sent', sent_at: now, last_error: null, attempts: db.raw('attempts + 1') });
}

export async function markMeterReportFailed(db: Db, id: string, error: string): Promise<void> {
  await db('usage_meter_reports')
    .where({ id })
    .update({ last_error: error.slice(0, 1000), attempts: db.raw('attempts + 1') });
}

/** The tenant's reports of calls that started in [from, to). */
export async function meterReportsBetween(db: Db, tenantId: string, from: string, to: string): Promise<MeterReport[]> {
  const rows: MeterReportRow[] = await db('usage_meter_reports')
    .where({ tenant_id: tenantId })
    .where('occurred_at', '>=', from)
    .where('occurred_at', '<', to)
    .orderBy('occurred_at');
  return rows.map(toMeterReport);
}

/** Pending reports older than `before`, oldest first: those whose job was lost. */
export async function stalePendingReports(db: Db, before: string, limit: number): Promise<MeterReport[]> {
  const rows: MeterReportRow[] = await db('usage_meter_reports')
    .where({ state: 'pending' })
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit);
  return rows.map(toMeterReport);
}
