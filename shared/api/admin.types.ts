import type { BillingStatus } from '../domain/roles';

/** The platform's totals across every tenant, for superadmins (GET /api/admin/overview). */
export const ADMIN_OVERVIEW_ROUTE = '/admin/overview';

export interface AdminOverviewResponse {
  tenants: number;
  users: number;
  agents: number;
  phoneNumbers: number;
  callsLast30Days: number;
  minutesLast30Days: number;
  tenantsByBillingStatus: Record<BillingStatus, number>;
}
