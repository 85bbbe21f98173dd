import type { BillingStatus } from '../domain/roles';

/** GET /api/admin/overview: totals across every tenant, for the superadmin's platform home. */
export interface AdminOverview {
  tenants: number;
  /** Members of tenants; platform superadmins are not counted. */
  users: number;
  agents: number;
  phoneNumbers: number;
  callsLast30Days: number;
  /** Billed minutes of those calls, each call rounded up to whole minutes as usage bills it. */
  minutesLast30Days: number;
  tenantsByBillingStatus: Record<BillingStatus, number>;
  /** The server seeds demo data (SEED_DEMO): superadmins may reset it. */
  demoMode: boolean;
}
