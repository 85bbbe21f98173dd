import type { SubscriptionResponse, SubscriptionStatus } from '@shared/api/billing.types';
import type { BillingStatus } from '@shared/domain/roles';
import type { BillingInterval } from '@shared/schemas/billing.schema';
import type { SubscriptionView } from '../../providers/payments/payments.types';
import type { SubscriptionSnapshot } from './billing.store';

/**
 * What a subscription's status means for the tenant (spec 001 §4): active and trialing can use the product;
 * past_due, unpaid and paused are behind on payment; canceled and expired have ended; incomplete has not begun.
 */
export function billingStatusFor(status: SubscriptionStatus): BillingStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return status;
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'delinquent';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    case 'incomplete':
      return 'inactive';
  }
}

/** A subscription that has ended for good; a new one must be created to come back. */
export const hasEnded = (status: SubscriptionStatus) => status === 'canceled' || status === 'incomplete_expired';

/**
 * Whether a subscription the provider describes should become the tenant's current one: always when the tenant
 * has none or it is the same one; another one only while it is live, so the end of an old subscription never
 * overwrites the new one that replaced it.
 */
export function adoptsSubscription(currentId: string | null, incoming: { id: string; status: SubscriptionStatus }) {
  return currentId === null || currentId === incoming.id || !hasEnded(incoming.status);
}

/** The subscription as we keep it: the provider's view without its items' ids. */
export const snapshotOf = (view: SubscriptionView): SubscriptionSnapshot => ({
  subscriptionId: view.id,
  customerId: view.customerId,
  status: view.status,
  planId: view.planId,
  currentPeriodStart: view.currentPeriodStart,
  currentPeriodEnd: view.currentPeriodEnd,
  cancelAtPeriodEnd: view.cancelAtPeriodEnd,
  items: view.items.map(({ amount, currency, interval, kind }) => ({ amount, currency, interval, kind })),
});

/** What the tenant sees of its subscription; one the provider gave no plan is on the tenant's plan. */
export function subscriptionResponseOf(
  snapshot: SubscriptionSnapshot | undefined,
  tenant: { plan: string; billingStatus: BillingStatus },
): SubscriptionResponse {
  return {
    hasSubscription: !!snapshot && !hasEnded(snapshot.status),
    subscription: snapshot
      ? {
          id: snapshot.subscriptionId,
          status: snapshot.status,
          currentPeriodStart: snapshot.currentPeriodStart,
          currentPeriodEnd: snapshot.currentPeriodEnd,
          cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
          planId: snapshot.planId ?? tenant.plan,
          items: snapshot.items,
        }
      : null,
    billingStatus: tenant.billingStatus,
  };
}

/**
 * What subscribing to a plan does with the tenant's subscription at the provider (`live`, null when it has none
 * that we know to be live): keep it when it already bills the plan at this flat price, change its plan while it
 * lives, and create a new one once it has ended.
 */
export function subscribeStep(
  live: Pick<SubscriptionView, 'status' | 'planId' | 'items'> | null,
  target: { planId: string; flatPriceId: string },
): 'keep' | 'change' | 'create' {
  if (!live || hasEnded(live.status)) return 'create';
  const flat = live.items.find((item) => item.kind === 'flat');
  return live.planId === target.planId && flat?.priceId === target.flatPriceId ? 'keep' : 'change';
}

/** A double click makes one subscription; once the tenant's subscription has ended, the next key is new. */
export const subscribeIdempotencyKey = (
  tenantId: string,
  previousSubscriptionId: string | null,
  planId: string,
  interval: BillingInterval,
) => `tenant-${tenantId}-subscribe-${previousSubscriptionId ?? 'first'}-${planId}-${interval}`;

/**
 * The period whose calls go to the provider's meter, in epoch seconds: the subscription's current one, stretched
 * to now when the provider has not rolled it over yet; the calendar month without a subscription.
 */
export function usagePeriodOf(
  snapshot: Pick<SubscriptionSnapshot, 'currentPeriodStart' | 'currentPeriodEnd'> | undefined,
  now: Date,
): { start: number; end: number } {
  if (snapshot) {
    return {
      start: snapshot.currentPeriodStart,
      end: Math.max(snapshot.currentPeriodEnd, Math.ceil(now.getTime() / 1000)),
    };
  }
  return {
    start: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) / 1000,
    end: Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000,
  };
}
