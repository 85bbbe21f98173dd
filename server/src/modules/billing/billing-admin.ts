import type { SyncUsageResponse } from '@shared/api/admin-billing.types';
import type { BillingStatus } from '@shared/domain/roles';
import { DomainError } from '../../domain/domain-error';
import { usageTermsOn, type PlanRecord, type TenantRecord } from '../tenants/tenants.service';
import type { BillingContext } from './billing-context';
import { findSubscription } from './billing.store';
import { assertSameCurrency, flatPriceIdOf } from './plan-rules';
import { hasEnded, usagePeriodOf } from './subscription-rules';

/** The superadmin's billing: a tenant's status and plan, its usage sent to the provider, a plan's prices there. */
export function createBillingAdmin(context: BillingContext) {
  const { deps, modules, pricesOf, extraPhoneNumbers, applySubscription } = context;
  const { db, payments } = deps;
  const { tenants, usage } = modules;

  /** Moves the tenant to `plan`: through its live subscription when it has one, else in our rows alone. */
  async function changePlan(tenant: TenantRecord, plan: PlanRecord): Promise<void> {
    const tenantId = tenant.id;
    const current = await findSubscription(db, tenantId);
    if (!current || hasEnded(current.status)) {
      await db.transaction(async (trx) => {
        await tenants.updateBilling(trx, tenantId, { plan: { id: plan.id, minutesIncluded: plan.minutesIncluded } });
        await usage.reviseCurrentMonth(trx, tenantId, usageTermsOn(plan, tenant, null));
      });
      return;
    }
    const pricing = await pricesOf(plan);
    const live = await payments.retrieveSubscription(current.subscriptionId);
    const interval = live.items.find((item) => item.kind === 'flat')?.interval ?? 'month';
    const flatPriceId = flatPriceIdOf(pricing, interval);
    if (!flatPriceId || !pricing.meteredPriceId) {
      throw new DomainError('PLAN_PRICE_MISSING', `The ${plan.name} plan has no ${interval}ly price.`);
    }
    const view = await payments.changeSubscriptionPlan(live, {
      planId: plan.id,
      flatPriceId,
      meteredPriceId: pricing.meteredPriceId,
      phoneNumbers: await extraPhoneNumbers(tenantId, plan, pricing.phoneNumberPriceId),
    });
    await applySubscription({ ...view, tenantId, planId: plan.id });
  }

  return {
    /** A superadmin sets the billing status or the plan; the gate, the dialer and the 402 follow at once. */
    async adminUpdate(tenantId: string, change: { billingStatus?: BillingStatus; planId?: string }): Promise<void> {
      const tenant = await tenants.get(tenantId);
      if (change.planId && change.planId !== tenant.plan) {
        const plan = await tenants.findPlan(change.planId);
        if (!plan) throw new DomainError('NOT_FOUND', 'No plan has this id.');
        assertSameCurrency(await tenants.currency(tenantId), plan);
        await changePlan(tenant, plan);
      }
      if (change.billingStatus) await tenants.updateBilling(db, tenantId, { billingStatus: change.billingStatus });
      await deps.principals.invalidate({ tenantId });
    },

    /** Sends the tenant's current period's calls the provider has not counted. */
    async syncUsage(tenantId: string): Promise<SyncUsageResponse> {
      await tenants.get(tenantId);
      const current = await findSubscription(db, tenantId);
      const period = usagePeriodOf(current, deps.clock.now());
      const pricing = current?.planId ? await tenants.planPricing(current.planId) : undefined;
      return usage.syncToProvider(tenantId, period, pricing?.meterId ?? (await tenants.anyMeterId()));
    },

    /** The plan's product and prices at the provider (admin sync); refused once it has them. */
    async syncPlan(planId: string): Promise<void> {
      const plan = await tenants.findPlan(planId);
      if (!plan) throw new DomainError('NOT_FOUND', 'No plan has this id.');
      if (plan.stripeProductId) throw new DomainError('PLAN_ALREADY_SYNCED');
      await pricesOf(plan);
    },
  };
}
