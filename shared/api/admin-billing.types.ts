import type { BillingStatus } from '../domain/roles';

/** Admin billing management (spec 001 §2 and §3): a page of tenants with their billing and this month's usage. */

export interface TenantCurrentUsage {
  minutesUsed: number;
  minutesIncluded: number;
  minutesBillable: number;
  /** Overage so far this month, in cents of the row's `currency`. */
  billingCost: number;
}

export interface AdminTenantBillingRow {
  id: string;
  name: string;
  ownerEmail: string | null;
  planId: string;
  planName: string;
  billingStatus: BillingStatus;
  hasPaymentMethod: boolean;
  stripeSubscriptionId: string | null;
  currentUsage: TenantCurrentUsage;
  currency: string;
}

export interface MoneyTotal {
  currency: string;
  /** Cents. */
  amount: number;
}

export interface AdminBillingTotals {
  tenants: number;
  /** Tenants whose billing is usable (active or trialing). */
  activeTenants: number;
  /** Plan prices of active tenants plus this month's overage so far, per currency. */
  monthlyRevenue: MoneyTotal[];
  /** Minutes used this month across every tenant. */
  totalMinutes: number;
}

/** GET admin/tenants/billing. */
export interface AdminTenantsBillingResponse {
  tenants: AdminTenantBillingRow[];
  /** Tenants matching the search, over every page. */
  total: number;
  page: number;
  pageSize: number;
  totals: AdminBillingTotals;
}

/** PATCH admin/tenants/{id}/billing. */
export interface AdminTenantBillingUpdateResponse {
  tenant: AdminTenantBillingRow;
  message: string;
}

/** POST admin/tenants/{id}/sync-usage: what was sent to the payment provider now, and what it had already. */
export interface SyncUsageResponse {
  /** Calls of the current period reported now. */
  callsSent: number;
  minutesSent: number;
  /** Calls the provider had already counted, left alone. */
  callsAlreadyCounted: number;
  message: string;
}
