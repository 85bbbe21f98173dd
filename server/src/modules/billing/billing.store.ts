import type { Knex } from 'knex';
import type { SubscriptionItemSummary, SubscriptionStatus } from '@shared/api/billing.types';
import { parseJson, toBool, type Db } from '../../db/database';

/** What the tenant is billed for each of its phone numbers, one row per number and month. */
export interface PhoneNumberCharge {
  id: string;
  phoneNumberId: string;
  month: string;
  /** Minor units of `currency` per month; 0 when the number is included in the plan. */
  costMonthly: number;
  /** The plan's currency when the number was bought. */
  currency: string;
  includedInPlan: boolean;
}

export async function insertPhoneNumberCharge(
  trx: Knex.Transaction,
  tenantId: string,
  charge: PhoneNumberCharge,
  now: string,
): Promise<void> {
  await trx('phone_number_billing').insert({
    id: charge.id,
    tenant_id: tenantId,
    phone_number_id: charge.phoneNumberId,
    month_yyyy_mm: charge.month,
    cost_monthly: charge.costMonthly,
    currency: charge.currency,
    included_in_plan: charge.includedInPlan,
    created_at: now,
  });
}

/** The tenant's subscription as the payments provider last described it. */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  customerId: string;
  status: SubscriptionStatus;
  planId: string | null;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  items: SubscriptionItemSummary[];
}

interface SnapshotRow {
  subscription_id: string;
  customer_id: string;
  status: SubscriptionStatus;
  plan_id: string | null;
  current_period_start: number | string;
  current_period_end: number | string;
  cancel_at_period_end: boolean | number;
  items: string;
}

export async function findSubscription(db: Db, tenantId: string): Promise<SubscriptionSnapshot | undefined> {
  const row: SnapshotRow | undefined = await db('billing_subscriptions').where({ tenant_id: tenantId }).first();
  return row
    ? {
        subscriptionId: row.subscription_id,
        customerId: row.customer_id,
        status: row.status,
        planId: row.plan_id,
        currentPeriodStart: Number(row.current_period_start),
        currentPeriodEnd: Number(row.current_period_end),
        cancelAtPeriodEnd: toBool(row.cancel_at_period_end),
        items: parseJson<SubscriptionItemSummary[]>(row.items, []),
      }
    : undefined;
}

/** One row per tenant: its current subscription replaces the one before. */
export async function saveSubscription(
  db: Db,
  tenantId: string,
  snapshot: SubscriptionSnapshot,
  now: string,
): Promise<void> {
  const columns = {
    subscription_id: snapshot.subscriptionId,
    customer_id: snapshot.customerId,
    status: snapshot.status,
    plan_id: snapshot.planId,
    current_period_start: snapshot.currentPeriodStart,
    current_period_end: snapshot.currentPeriodEnd,
    cancel_at_period_end: snapshot.cancelAtPeriodEnd,
    items: JSON.stringify(snapshot.items),
    updated_at: now,
  };
  await db('billing_subscriptions')
    .insert({ tenant_id: tenantId, ...columns })
    .onConflict('tenant_id')
    .merge(columns);
}

/** The tenant's phone numbers, for the subscription's per-number item (a read of the phone-numbers table). */
export async function countPhoneNumbers(db: Db, tenantId: string): Promise<number> {
  const row = await db('phone_numbers').where({ tenant_id: tenantId }).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export async function isEventProcessed(db: Db, eventId: string): Promise<boolean> {
  return !!(await db('stripe_events').where({ event_id: eventId }).first('event_id'));
}

/** False when the event was already recorded (another delivery got there first). */
export async function recordEvent(db: Db, eventId: string, type: string, now: string): Promise<boolean> {
  const inserted = await db('stripe_events')
    .insert({ event_id: eventId, type, processed_at: now })
    .onConflict('event_id')
    .ignore()
    .returning('event_id');
  return inserted.length > 0;
}
