import type { Tenant } from '@shared/api/tenants.types';
import type { UpdateTenantRequest } from '@shared/schemas/tenant.schema';
import type { BillingStatus } from '@shared/domain/roles';
import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import type { EventsService } from '../events/events.service';
import {
  countTenants,
  countTenantsByBillingStatus,
  createTenant,
  findAnyMeterId,
  findPlan,
  findPlanPricing,
  findTenantById,
  findTenantIdByStripeCustomer,
  findTenantPlan,
  insertPlan,
  listPlans,
  lockTenant,
  setPlanPricing,
  setStripeCustomer,
  slugifySubdomain,
  updateBillingStatus,
  updatePlan,
  updateTenantBilling,
  updateTenantCountry,
  type PlanPricing,
  type PlanRecord,
  type TenantBillingChange,
  type TenantRecord,
} from './tenants.store';

export type { PlanPricing, PlanRecord, TenantBillingChange, TenantRecord };

export type TenantsService = ReturnType<typeof createTenantsService>;

/** What a tenant pays for its calls: the allowance a new month starts with and the overage rate in cents. */
export interface UsageTerms {
  minutesIncluded: number;
  /** Minor units of `currency` per minute of overage. */
  ratePerMinuteCents: number;
  currency: string;
  /** The payments customer whose subscription meters the minutes; null while the tenant has no subscription. */
  meteredCustomerId: string | null;
}

/**
 * The usage terms of a tenant on `plan`: the tenant's own overage rate where it has one, the plan's currency, and
 * the plan's included minutes unless the tenant's month keeps its own.
 */
export function usageTermsOn(
  plan: PlanRecord,
  tenant: { pricePerMinuteOverride: number | null },
  meteredCustomerId: string | null,
  minutesIncluded = plan.minutesIncluded,
): UsageTerms {
  return {
    minutesIncluded,
    ratePerMinuteCents: tenant.pricePerMinuteOverride ?? plan.overageRatePerMinute,
    currency: plan.currency,
    meteredCustomerId,
  };
}

/** Whether applying `change` would alter any of the tenant's billing fields. */
function changesBilling(current: TenantRecord, change: TenantBillingChange): boolean {
  return (
    (change.billingStatus !== undefined && change.billingStatus !== current.billingStatus) ||
    (change.hasPaymentMethod !== undefined && change.hasPaymentMethod !== current.hasPaymentMethod) ||
    (change.stripeSubscriptionId !== undefined && change.stripeSubscriptionId !== current.stripeSubscriptionId) ||
    (change.plan !== undefined &&
      (change.plan.id !== current.plan || change.plan.minutesIncluded !== current.minutesIncluded))
  );
}

/** Tenants and their plans: the tenant's own record, its plan's terms, the lock that serialises plan limits. */
export function createTenantsService(deps: Pick<AppDeps, 'db' | 'clock'>, events: Pick<EventsService, 'publish'>) {
  const { db } = deps;

  /** Tells the tenant's admins live that its billing status changed; sent only if `trx`, when it is one, commits. */
  async function announceBillingStatus(trx: Db, tenantId: string, previous: BillingStatus | null, next: BillingStatus) {
    if (previous === next) return;
    const transaction = (trx as unknown as Partial<Knex.Transaction>).isTransaction
      ? (trx as Knex.Transaction)
      : undefined;
    await events.publish(
      tenantId,
      { type: 'billing.status_changed', data: { billingStatus: next, previous } },
      transaction,
    );
  }

  async function get(tenantId: string): Promise<TenantRecord> {
    const tenant = await findTenantById(db, tenantId);
    if (!tenant) throw new DomainError('NOT_FOUND');
    return tenant;
  }

  async function plan(tenantId: string): Promise<PlanRecord> {
    const found = await findTenantPlan(db, tenantId);
    if (!found) throw new DomainError('NOT_FOUND');
    return found;
  }

  return {
    get,
    plan,
    /** The tenant, or undefined when there is none with this id. */
    find: (tenantId: string) => findTenantById(db, tenantId),

    /** The tenant as the API shows it to its own members: no payment-provider ids. */
    async view(tenantId: string): Promise<Tenant> {
      const { stripeCustomerId: _customer, stripeSubscriptionId: _subscription, ...tenant } = await get(tenantId);
      return tenant;
    },

    /** Changes what an admin says about the business: its country. */
    async update(tenantId: string, change: UpdateTenantRequest): Promise<Tenant> {
      await get(tenantId);
      await updateTenantCountry(db, tenantId, change.country, isoNow(deps.clock));
      return this.view(tenantId);
    },

    /** The tenant's currency: its plan's, ISO 4217 in lower case. Every amount of the tenant is in it. */
    currency: async (tenantId: string): Promise<string> => (await plan(tenantId)).currency,

    /** The tenant's own minutes and rate where it has them, else its plan's. */
    async usageTerms(tenantId: string): Promise<UsageTerms> {
      const [tenant, tenantPlan] = await Promise.all([get(tenantId), plan(tenantId)]);
      const meteredCustomerId = tenant.stripeSubscriptionId ? tenant.stripeCustomerId : null;
      return usageTermsOn(tenantPlan, tenant, meteredCustomerId, tenant.minutesIncluded);
    },

    /** Serialises plan-limit checks of one tenant until the transaction ends. */
    lock: (trx: Db, tenantId: string) => lockTenant(trx, tenantId),

    findPlan: (planId: string) => findPlan(db, planId),

    /** Adds a plan to the catalogue (plan ids are unique). */
    addPlan: (trx: Db, plan: PlanRecord) => insertPlan(trx, plan, isoNow(deps.clock)),

    /** A new tenant named `name`, on `plan` (the default plan otherwise), with a free subdomain. */
    async create(
      trx: Db,
      input: {
        name: string;
        plan?: PlanRecord;
        billingStatus?: BillingStatus;
        hasPaymentMethod?: boolean;
        outboundCallingEnabled?: boolean;
        pricePerMinuteOverride?: number | null;
      },
    ): Promise<string> {
      return createTenant(trx, {
        ...input,
        subdomain: await slugifySubdomain(trx, input.name),
        now: isoNow(deps.clock),
      });
    },

    async setBillingStatus(tenantId: string, billingStatus: BillingStatus): Promise<void> {
      const previous = (await findTenantById(db, tenantId))?.billingStatus ?? null;
      if (!(await updateBillingStatus(db, tenantId, billingStatus, isoNow(deps.clock)))) {
        throw new DomainError('NOT_FOUND', 'No tenant has this id.');
      }
      await announceBillingStatus(db, tenantId, previous, billingStatus);
    },

    listPlans: (filter: { visibleOnly?: boolean; activeOnly?: boolean }) => listPlans(db, filter),

    /** With `unsync`, the plan reads Not Synced until it is synced again with its new prices. */
    async updatePlan(plan: PlanRecord, unsync: boolean): Promise<void> {
      if (!(await updatePlan(db, plan.id, plan, isoNow(deps.clock), unsync))) {
        throw new DomainError('NOT_FOUND', 'No plan has this id.');
      }
    },

    planPricing: (planId: string) => findPlanPricing(db, planId),

    /** False when another sync recorded the plan's prices first. */
    setPlanPricing: (planId: string, pricing: PlanPricing) => setPlanPricing(db, planId, pricing, isoNow(deps.clock)),

    anyMeterId: () => findAnyMeterId(db),

    /** The tenant's payments customer: this one unless it already has one, which wins. */
    async setStripeCustomer(tenantId: string, customerId: string): Promise<string> {
      const stored = await setStripeCustomer(db, tenantId, customerId, isoNow(deps.clock));
      if (!stored) throw new DomainError('NOT_FOUND', 'No tenant has this id.');
      return stored;
    },

    tenantIdByStripeCustomer: (customerId: string) => findTenantIdByStripeCustomer(db, customerId),

    /** Billing status, card presence, subscription and plan, in `trx` when given; the caller invalidates principals. */
    async updateBilling(trx: Db, tenantId: string, change: TenantBillingChange): Promise<void> {
      const current = await findTenantById(trx, tenantId);
      if (!current) throw new DomainError('NOT_FOUND', 'No tenant has this id.');
      // Provider events repeat what we already know; only a real change is written and announced.
      if (!changesBilling(current, change)) return;
      await updateTenantBilling(trx, tenantId, change, isoNow(deps.clock));
      if (change.billingStatus) await announceBillingStatus(trx, tenantId, current.billingStatus, change.billingStatus);
    },

    count: () => countTenants(db),
    countByBillingStatus: () => countTenantsByBillingStatus(db),
  };
}
