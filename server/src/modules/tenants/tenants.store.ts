import type { Plan } from '@shared/api/plans.types';
import type { Tenant } from '@shared/api/tenants.types';
import type { BillingStatus } from '@shared/domain/roles';
import { toBool, toIso, type Db } from '../../db/database';
import { newId } from '../../lib/ids';

export interface TenantRow {
  id: string;
  name: string;
  plan: string;
  minutes_included: number;
  price_per_minute_override: number | null;
  billing_status: BillingStatus;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  has_payment_method: boolean | number;
  outbound_calling_enabled: boolean | number;
  subdomain: string | null;
  custom_domain: string | null;
  created_at: unknown;
}

export const DEFAULT_PLAN_ID = 'standard';

export function toTenant(row: TenantRow): Tenant {
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
    createdAt: toIso(row.created_at),
  };
}

export function findTenantById(db: Db, id: string): Promise<TenantRow | undefined> {
  return db<TenantRow>('tenants').where({ id }).first();
}

export async function createTenant(
  db: Db,
  input: { name: string; subdomain: string | null; now: string },
): Promise<string> {
  const plan = await db('plans').where({ id: DEFAULT_PLAN_ID }).first('minutes_included');
  const id = newId();
  await db('tenants').insert({
    id,
    name: input.name,
    plan: DEFAULT_PLAN_ID,
    minutes_included: plan ? Number(plan.minutes_included) : 100,
    billing_status: 'inactive',
    has_payment_method: false,
    outbound_calling_enabled: false,
    subdomain: input.subdomain,
    created_at: input.now,
    updated_at: input.now,
  });
  return id;
}

/** A free subdomain derived from the tenant's name: lower-case letters, digits and dashes. */
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

export interface PlanRow {
  id: string;
  name: string;
  description: string;
  base_price_monthly: number;
  base_price_yearly: number | null;
  currency: string;
  minutes_included: number;
  overage_rate_per_minute: number;
  max_agents: number;
  max_phone_numbers: number;
  max_campaigns: number;
  support_level: string;
  phone_numbers_included: number;
  phone_number_cost_monthly: number;
  multi_user_enabled: boolean | number;
  active: boolean | number;
  visible: boolean | number;
  sort_order: number;
  stripe_product_id: string | null;
}

export function toPlan(row: PlanRow): Plan {
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

/** The plan a tenant is on; every tenant references an existing plan by foreign key. */
export async function findTenantPlan(db: Db, tenantId: string): Promise<PlanRow | undefined> {
  return db('plans as p').join('tenants as t', 't.plan', 'p.id').where('t.id', tenantId).first('p.*');
}

/**
 * Serialises plan-limit checks of one tenant (agents, phone numbers) inside a transaction: PostgreSQL locks
 * the tenant row until commit; on SQLite knex drops FOR UPDATE, and the single connection already serialises.
 */
export async function lockTenant(trx: Db, tenantId: string): Promise<void> {
  await trx('tenants').where({ id: tenantId }).forUpdate().first('id');
}
