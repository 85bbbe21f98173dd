import type { Tenant } from '@shared/api/tenants.types';
import type { BillingStatus } from '@shared/domain/roles';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import {
  countTenants,
  countTenantsByBillingStatus,
  createTenant,
  findPlan,
  findTenantById,
  findTenantPlan,
  insertPlan,
  lockTenant,
  slugifySubdomain,
  updateBillingStatus,
  type PlanRecord,
  type TenantRecord,
} from './tenants.store';

export type TenantsService = ReturnType<typeof createTenantsService>;

/** What a tenant pays for its calls: the allowance a new month starts with and the overage rate in cents. */
export interface UsageTerms {
  minutesIncluded: number;
  ratePerMinuteCents: number;
}

/** Tenants and their plans: the tenant's own record, its plan's terms, the lock that serialises plan limits. */
export function createTenantsService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const { db } = deps;

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

    /** The tenant as the API shows it to its own members: no payment-provider ids. */
    async view(tenantId: string): Promise<Tenant> {
      const { stripeCustomerId: _customer, stripeSubscriptionId: _subscription, ...tenant } = await get(tenantId);
      return tenant;
    },

    /** The tenant's own minutes and rate where it has them, else its plan's. */
    async usageTerms(tenantId: string): Promise<UsageTerms> {
      const [tenant, tenantPlan] = await Promise.all([get(tenantId), plan(tenantId)]);
      return {
        minutesIncluded: tenant.minutesIncluded,
        ratePerMinuteCents: tenant.pricePerMinuteOverride ?? tenantPlan.overageRatePerMinute,
      };
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
      if (!(await updateBillingStatus(db, tenantId, billingStatus, isoNow(deps.clock)))) {
        throw new DomainError('NOT_FOUND', 'No tenant has this id.');
      }
    },

    count: () => countTenants(db),
    countByBillingStatus: () => countTenantsByBillingStatus(db),
  };
}
