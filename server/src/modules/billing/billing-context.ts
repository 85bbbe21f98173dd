import type { Knex } from 'knex';
import type { SubscriptionResponse } from '@shared/api/billing.types';
import type { AppDeps } from '../../app-deps';
import { isoNow } from '../../lib/clock';
import type { SubscriptionView } from '../../providers/payments/payments.types';
import { usageTermsOn, type PlanRecord, type TenantsService } from '../tenants/tenants.service';
import type { UsageService } from '../usage/usage.service';
import { countPhoneNumbers, findSubscription, saveSubscription } from './billing.store';
import { extraPhoneNumbersItem, isPricingComplete } from './plan-rules';
import { adoptsSubscription, billingStatusFor, snapshotOf, subscriptionResponseOf } from './subscription-rules';

export type BillingDeps = Pick<AppDeps, 'db' | 'clock' | 'payments' | 'principals' | 'config' | 'logger' | 'jobs'>;
export interface BillingModules {
  tenants: TenantsService;
  usage: UsageService;
}
export type BillingContext = ReturnType<typeof createBillingContext>;

/**
 * What every part of the billing service shares: the tenant's payments customer and cards, a plan's prices at the
 * provider, and the provider's subscription made the tenant's state.
 */
export function createBillingContext(deps: BillingDeps, modules: BillingModules) {
  const { db, payments } = deps;
  const { tenants, usage } = modules;

  async function customerOf(tenantId: string): Promise<string> {
    const tenant = await tenants.get(tenantId);
    if (tenant.stripeCustomerId) return tenant.stripeCustomerId;
    const created = await payments.createCustomer({ tenantId, name: tenant.name, email: null });
    return tenants.setStripeCustomer(tenantId, created);
  }

  async function refreshCards(tenantId: string, customerId: string) {
    const methods = await payments.listPaymentMethods(customerId);
    await tenants.updateBilling(db, tenantId, { hasPaymentMethod: methods.length > 0 });
    return methods;
  }

  /** The plan's prices at the provider, syncing the plan first if it never was. */
  async function pricesOf(plan: PlanRecord) {
    const stored = await tenants.planPricing(plan.id);
    if (isPricingComplete(stored)) return stored;
    const meterId = await payments.ensureMeter(await tenants.anyMeterId());
    const synced = await payments.syncPlan(plan, meterId);
    const pricing = {
      productId: synced.productId,
      monthlyPriceId: synced.monthlyPriceId,
      yearlyPriceId: synced.yearlyPriceId,
      meteredPriceId: synced.meteredPriceId,
      meterId: synced.meterId,
      phoneNumberPriceId: synced.phoneNumberPriceId,
    };
    // Another sync may have recorded first; the provider's idempotency gave it the same objects.
    if (!(await tenants.setPlanPricing(plan.id, pricing))) return (await tenants.planPricing(plan.id)) ?? pricing;
    return pricing;
  }

  /** The subscription's per-number item on `plan`; none when the plan's extra numbers are free. */
  async function extraPhoneNumbers(tenantId: string, plan: PlanRecord, priceId: string | null) {
    return priceId ? extraPhoneNumbersItem(priceId, await countPhoneNumbers(db, tenantId), plan) : null;
  }

  async function subscriptionResponse(tenantId: string): Promise<SubscriptionResponse> {
    const [tenant, snapshot] = await Promise.all([tenants.get(tenantId), findSubscription(db, tenantId)]);
    return subscriptionResponseOf(snapshot, tenant);
  }

  /**
   * Makes the provider's subscription the tenant's state in one transaction: the snapshot, the billing status that
   * follows from it, and its plan (whose limits apply at once); then every instance drops the cached principals.
   */
  async function applySubscription(view: SubscriptionView): Promise<string | null> {
    const tenantId = view.tenantId ?? (await tenants.tenantIdByStripeCustomer(view.customerId)) ?? null;
    if (!tenantId) {
      deps.logger.warn({ subscriptionId: view.id }, 'subscription of an unknown customer ignored');
      return null;
    }
    // Read before the transaction: SQLite's one connection is the transaction's until it ends.
    const [plan, tenant] = await Promise.all([
      view.planId ? tenants.findPlan(view.planId) : undefined,
      tenants.get(tenantId),
    ]);
    const work = async (tx: Knex.Transaction) => {
      const current = await findSubscription(tx, tenantId);
      if (!adoptsSubscription(current?.subscriptionId ?? null, view)) return false;
      await saveSubscription(tx, tenantId, snapshotOf(view), isoNow(deps.clock));
      const planChanged = !!plan && plan.id !== tenant.plan;
      await tenants.updateBilling(tx, tenantId, {
        billingStatus: billingStatusFor(view.status),
        stripeSubscriptionId: view.id,
        ...(planChanged ? { plan: { id: plan.id, minutesIncluded: plan.minutesIncluded } } : {}),
      });
      if (planChanged) {
        await usage.reviseCurrentMonth(tx, tenantId, usageTermsOn(plan, tenant, view.customerId));
      }
      return true;
    };
    const applied = await db.transaction(work);
    if (applied) await deps.principals.invalidate({ tenantId });
    return tenantId;
  }

  return {
    deps,
    modules,
    customerOf,
    refreshCards,
    pricesOf,
    extraPhoneNumbers,
    subscriptionResponse,
    applySubscription,
  };
}
