import type { SubscriptionStatus } from '@shared/api/billing.types';
import type { BillingStatus } from '@shared/domain/roles';

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
