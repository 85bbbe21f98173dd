import type { InvoiceStatus, SubscriptionStatus } from '../api/billing.types';
import type { BillingStatus } from './roles';

export type BadgeTone = 'success' | 'info' | 'warning' | 'error' | 'default';

export interface StatusBadge {
  label: string;
  tone: BadgeTone;
}

const BILLING_BADGES: Record<BillingStatus, StatusBadge> = {
  active: { label: 'Active', tone: 'success' },
  trialing: { label: 'Trial', tone: 'info' },
  inactive: { label: 'Setup Required', tone: 'warning' },
  delinquent: { label: 'Payment Required', tone: 'error' },
  canceled: { label: 'Canceled', tone: 'default' },
};

const SUBSCRIPTION_BADGES: Record<SubscriptionStatus, StatusBadge> = {
  active: { label: 'Active', tone: 'success' },
  trialing: { label: 'Trial', tone: 'info' },
  past_due: { label: 'Past Due', tone: 'error' },
  canceled: { label: 'Canceled', tone: 'default' },
  unpaid: { label: 'Unpaid', tone: 'error' },
  incomplete: { label: 'Incomplete', tone: 'warning' },
  incomplete_expired: { label: 'Expired', tone: 'default' },
  paused: { label: 'Paused', tone: 'warning' },
};

const INVOICE_BADGES: Record<InvoiceStatus, StatusBadge> = {
  draft: { label: 'Draft', tone: 'default' },
  open: { label: 'Unpaid', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
  uncollectible: { label: 'Uncollectible', tone: 'error' },
  void: { label: 'Void', tone: 'default' },
};

export function invoiceStatusBadge(status: InvoiceStatus, attemptCount: number): StatusBadge {
  // An open invoice whose payment was refused is what the Payment Required notice is about.
  if (status === 'open' && attemptCount > 0) return { label: 'Payment failed', tone: 'error' };
  return INVOICE_BADGES[status] ?? { label: status, tone: 'default' };
}

export function billingStatusBadge(status: BillingStatus): StatusBadge {
  return BILLING_BADGES[status] ?? { label: status, tone: 'default' };
}

/**
 * The account badge (spec 001 §4): Active when both the subscription and the billing status are active; otherwise
 * the subscription's status when there is one, else the billing status.
 */
export function accountStatusBadge(
  subscriptionStatus: SubscriptionStatus | null | undefined,
  billingStatus: BillingStatus,
): StatusBadge {
  if (subscriptionStatus === 'active' && billingStatus === 'active') return BILLING_BADGES.active;
  if (subscriptionStatus)
    return SUBSCRIPTION_BADGES[subscriptionStatus] ?? { label: subscriptionStatus, tone: 'default' };
  return billingStatusBadge(billingStatus);
}
