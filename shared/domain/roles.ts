export const ROLES = ['user', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

export const BILLING_STATUSES = ['inactive', 'active', 'trialing', 'delinquent', 'canceled'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

export function isAdminRole(role: Role): boolean {
  return role === 'admin' || role === 'superadmin';
}

/** Billing statuses that let a tenant use the product; the rest meet the billing gate. */
export function isBillingUsable(status: string): boolean {
  return status === 'active' || status === 'trialing';
}
