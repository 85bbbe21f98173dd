import type { Plan } from '@shared/api/plans.types';
import type { Tenant } from '@shared/api/tenants.types';
import { BILLING_STATUSES, type BillingStatus } from '@shared/domain/roles';
import { countRows, toBool, toIso, type Db } from '../../db/database';
import { newId } from '../../lib/ids';

/** Tenants and the plans they are on; the tenants module owns both tables. */
export interface TenantRecord extends Tenant {
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
}

export type PlanRecord = Plan;

export const DEFAULT_PLAN_ID = 'standard';

interface TenantRow {
  id: string;
  name: string;
  plan: string;
  minutes_included: number | string;
  price_per_minute_override: number | string | null;
  billing_status: BillingStatus;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  has_payment_method: boolean | number;
  outbound_calling_enabled: boolean | number;
  subdomain: string | null;
  custom_domain: string | null;
  country: string;
  created_at: unknown;
}

interface PlanRow {
  id: string;
  name: string;
  description: string;
  base_price_monthly: number | string;
  base_price_yearly: number | string | null;
  currency: string;
  minutes_included: number | string;
  overage_rate_per_minute: number | string;
  max_agents: number | string;
  max_phone_numbers: number | string;
  max_campaigns: number | string;
  support_level: string;
  phone_numbers_included: number | string;
  phone_number_cost_monthly: number | string;
  multi_user_enabled: boolean | number;
  active: boolean | number;
  visible: boolean | number;
  sort_order: number | string;
  stripe_product_id: string | null;
  stripe_price_id_monthly: string | null;
  stripe_price_id_yearly: string | null;
  stripe_price_id_metered: string | null;
  stripe_meter_id: string | null;
  stripe_price_id_phone_number: string | null;
}

/** Where a plan is sold at the payments provider; null ids until the plan is synced. */
export interface PlanPricing {
  productId: string | null;
  monthlyPriceId: string | null;
  yearlyPriceId: string | null;
  meteredPriceId: string | null;
  meterId: string | null;
  /** Each phone number beyond the included ones, per month; null when they cost nothing. */
  phoneNumberPriceId: string | null;
}

function toTenantRecord(row: TenantRow): TenantRecord {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    minutesIncluded: Number(row.minutes_included),
    pricePerMinuteOverride: row.price_per_minute_override === null ? null : Number(row.price_per_minute_override),
    billingStatus: row.billing_status,
    hasPaymentMethod: toBool(row.has_payment_method),
    outboundCallingEnabled: toBool(row.outbound_calling_enabled),
    subdomain: row.subdomain,
    customDomain: row.custom_domain,
    country: row.country,
    createdAt: toIso(row.created_at),
    stripeCustomerId: row.stripe_customer_id,
    stripeSubscriptionId: row.stripe_subscription_id,
  };
}

function toPlanRecord(row: PlanRow): PlanRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    basePriceMonthly: Number(row.base_price_monthly),
    basePriceYearly: row.base_price_yearly === null ? null : Number(row.base_price_yearly),
    currency: row.currency,
    minutesIncluded: Number(row.minutes_included),
    overageRatePerMinute: Number(row.overage_rate_per_minute),
    maxAgents: Number(row.max_agents),
    maxPhoneNumbers: Number(row.max_phone_numbers),
    maxCampaigns: Number(row.max_campaigns),
    supportLevel: row.support_level,
    phoneNumbersIncluded: Number(row.phone_numbers_included),
    phoneNumberCostMonthly: Number(row.phone_number_cost_monthly),
    multiUserEnabled: toBool(row.multi_user_enabled),
    active: toBool(row.active),
    visible: toBool(row.visible),
    sortOrder: Number(row.sort_order),
    stripeProductId: row.stripe_product_id,
  };
}

export async function findTenantById(db: Db, id: string): Promise<TenantRecord | undefined> {
  const row = await db<TenantRow>('tenants').where({ id }).first();
  return row ? toTenantRecord(row) : undefined;
}

export interface NewTenant {
  name: string;
  subdomain: string | null;
  now: string;
  /** The default plan, with its included minutes, unless a plan is named. */
  plan?: PlanRecord;
  billingStatus?: BillingStatus;
  hasPaymentMethod?: boolean;
  outboundCallingEnabled?: boolean;
  /** The tenant's own overage rate in cents per minute; its plan's applies without one. */
  pricePerMinuteOverride?: number | null;
}

export async function createTenant(db: Db, input: NewTenant): Promise<string> {
  const plan = input.plan ?? (await findPlan(db, DEFAULT_PLAN_ID));
  const id = newId();
  await db('tenants').insert({
    id,
    name: input.name,
    plan: plan?.id ?? DEFAULT_PLAN_ID,
    minutes_included: plan?.minutesIncluded ?? 100,
    price_per_minute_override: input.pricePerMinuteOverride ?? null,
    billing_status: input.billingStatus ?? 'inactive',
    has_payment_method: input.hasPaymentMethod ?? false,
    outbound_calling_enabled: input.outboundCallingEnabled ?? false,
    subdomain: input.subdomain,
    created_at: input.now,
    updated_at: input.now,
  });
  return id;
}

/** A free subdomain derived from the tenant's name: lower-case letters, digits and dashes. */
export async function updateTenantCountry(db: Db, id: string, country: string, now: string): Promise<void> {
  await db('tenants').where({ id }).update({ country, updated_at: now });
}

export async function slugifySubdomain(db: Db, name: string): Promise<string> {
  const base =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'tenant';
  for (let suffix = 0; suffix < 50; suffix += 1) {
    const candidate = suffix === 0 ? base : `${base}-${suffix + 1}`;
    if (!(await db('tenants').where({ subdomain: candidate }).first('id'))) return candidate;
  }
  return `${base}-${newId().slice(0, 8)}`;
}

/** True when a tenant has this id; false leaves the row untouched. */
export async function updateBillingStatus(
  db: Db,
  id: string,
  billingStatus: BillingStatus,
  now: string,
): Promise<boolean> {
  return (await db('tenants').where({ id }).update({ billing_status: billingStatus, updated_at: now })) > 0;
}

export async function findPlan(db: Db, id: string): Promise<PlanRecord | undefined> {
  const row = await db<PlanRow>('plans').where({ id }).first();
  return row ? toPlanRecord(row) : undefined;
}

const planColumns = (plan: Omit<PlanRecord, 'id' | 'stripeProductId'>) => ({
  name: plan.name,
  description: plan.description,
  base_price_monthly: plan.basePriceMonthly,
  base_price_yearly: plan.basePriceYearly,
  currency: plan.currency,
  minutes_included: plan.minutesIncluded,
  overage_rate_per_minute: plan.overageRatePerMinute,
  max_agents: plan.maxAgents,
  max_phone_numbers: plan.maxPhoneNumbers,
  max_campaigns: plan.maxCampaigns,
  support_level: plan.supportLevel,
  phone_numbers_included: plan.phoneNumbersIncluded,
  phone_number_cost_monthly: plan.phoneNumberCostMonthly,
  multi_user_enabled: plan.multiUserEnabled,
  active: plan.active,
  visible: plan.visible,
  sort_order: plan.sortOrder,
});

export async function insertPlan(db: Db, plan: PlanRecord, now: string): Promise<void> {
  await db('plans').insert({
    id: plan.id,
    ...planColumns(plan),
    // A new plan is not at the payments provider yet, whatever the copy it was made from had.
    stripe_product_id: null,
    created_at: now,
    updated_at: now,
  });
}

/** The plan a tenant is on; every tenant references an existing plan by foreign key. */
export async function findTenantPlan(db: Db, tenantId: string): Promise<PlanRecord | undefined> {
  const row: PlanRow | undefined = await db('plans as p')
    .join('tenants as t', 't.plan', 'p.id')
    .where('t.id', tenantId)
    .first('p.*');
  return row ? toPlanRecord(row) : undefined;
}

/**
 * Serialises plan-limit checks of one tenant (agents, phone numbers) inside a transaction: PostgreSQL locks
 * the tenant row until commit; on SQLite knex drops FOR UPDATE, and the single connection already serialises.
 */
export async function lockTenant(trx: Db, tenantId: string): Promise<void> {
  await trx('tenants').where({ id: tenantId }).forUpdate().first('id');
}

export function countTenants(db: Db): Promise<number> {
  return countRows(db('tenants'));
}

/** Tenants per billing status, every status present (0 when none). */
export async function countTenantsByBillingStatus(db: Db): Promise<Record<BillingStatus, number>> {
  const rows: Array<{ billing_status: string; n: number | string }> = await db('tenants')
    .groupBy('billing_status')
    .select('billing_status')
    .count({ n: '*' });
  const counts = Object.fromEntries(BILLING_STATUSES.map((status) => [status, 0])) as Record<BillingStatus, number>;
  for (const row of rows) {
    if ((BILLING_STATUSES as readonly string[]).includes(row.billing_status)) {
      counts[row.billing_status as BillingStatus] = Number(row.n);
    }
  }
  return counts;
}

/** Plans in display order; `visibleOnly` for what a tenant may pick (active and visible). */
export async function listPlans(
  db: Db,
  filter: { visibleOnly?: boolean; activeOnly?: boolean },
): Promise<PlanRecord[]> {
  const query = db<PlanRow>('plans').orderBy([{ column: 'sort_order' }, { column: 'id' }]);
  if (filter.visibleOnly || filter.activeOnly) query.where({ active: true });
  if (filter.visibleOnly) query.where({ visible: true });
  return (await query).map(toPlanRecord);
}

const UNSYNCED = {
  stripe_product_id: null,
  stripe_price_id_monthly: null,
  stripe_price_id_yearly: null,
  stripe_price_id_metered: null,
  stripe_price_id_phone_number: null,
};

/**
 * True when the plan exists. With `unsync`, its provider product and prices are forgotten (the provider's prices
 * cannot change; the plan is synced again as new ones), while live subscriptions keep the prices they have.
 */
export async function updatePlan(
  db: Db,
  id: string,
  plan: Omit<PlanRecord, 'id' | 'stripeProductId'>,
  now: string,
  unsync: boolean,
): Promise<boolean> {
  const columns = { ...planColumns(plan), ...(unsync ? UNSYNCED : {}), updated_at: now };
  return (await db('plans').where({ id }).update(columns)) > 0;
}

export async function findPlanPricing(db: Db, id: string): Promise<PlanPricing | undefined> {
  const row = await db<PlanRow>('plans').where({ id }).first();
  return row
    ? {
        productId: row.stripe_product_id,
        monthlyPriceId: row.stripe_price_id_monthly,
        yearlyPriceId: row.stripe_price_id_yearly,
        meteredPriceId: row.stripe_price_id_metered,
        meterId: row.stripe_meter_id,
        phoneNumberPriceId: row.stripe_price_id_phone_number,
      }
    : undefined;
}

/** Records where the plan is sold, only if it was not synced yet; false when another sync got there first. */
export async function setPlanPricing(db: Db, id: string, pricing: PlanPricing, now: string): Promise<boolean> {
  const updated = await db('plans').where({ id }).whereNull('stripe_product_id').update({
    stripe_product_id: pricing.productId,
    stripe_price_id_monthly: pricing.monthlyPriceId,
    stripe_price_id_yearly: pricing.yearlyPriceId,
    stripe_price_id_metered: pricing.meteredPriceId,
    stripe_meter_id: pricing.meterId,
    stripe_price_id_phone_number: pricing.phoneNumberPriceId,
    updated_at: now,
  });
  return updated > 0;
}

/** The meter some synced plan already counts on, so every plan shares one. */
export async function findAnyMeterId(db: Db): Promise<string | null> {
  const row = await db('plans').whereNotNull('stripe_meter_id').first('stripe_meter_id');
  return row?.stripe_meter_id ?? null;
}

/** Records the tenant's payments customer unless it has one; answers the one it has either way. */
export async function setStripeCustomer(db: Db, id: string, customerId: string, now: string): Promise<string | null> {
  await db('tenants')
    .where({ id })
    .whereNull('stripe_customer_id')
    .update({ stripe_customer_id: customerId, updated_at: now });
  const row = await db('tenants').where({ id }).first('stripe_customer_id');
  return row?.stripe_customer_id ?? null;
}

export async function findTenantIdByStripeCustomer(db: Db, customerId: string): Promise<string | undefined> {
  const row = await db('tenants').where({ stripe_customer_id: customerId }).first('id');
  return row?.id;
}

export interface TenantBillingChange {
  billingStatus?: BillingStatus;
  hasPaymentMethod?: boolean;
  /** A string sets it, null clears it. */
  stripeSubscriptionId?: string | null;
  /** The plan and the minutes a month it includes. */
  plan?: { id: string; minutesIncluded: number };
}

/** True when a tenant has this id. */
export async function updateTenantBilling(
  db: Db,
  id: string,
  change: TenantBillingChange,
  now: string,
): Promise<boolean> {
  const columns: Record<string, unknown> = { updated_at: now };
  if (change.billingStatus !== undefined) columns.billing_status = change.billingStatus;
  if (change.hasPaymentMethod !== undefined) columns.has_payment_method = change.hasPaymentMethod;
  if (change.stripeSubscriptionId !== undefined) columns.stripe_subscription_id = change.stripeSubscriptionId;
  if (change.plan) {
    columns.plan = change.plan.id;
    columns.minutes_included = change.plan.minutesIncluded;
  }
  return (await db('tenants').where({ id }).update(columns)) > 0;
}
