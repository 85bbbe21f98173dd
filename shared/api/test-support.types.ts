import type { BillingStatus } from '../domain/roles';
import type { Plan } from './plans.types';

/** The roles a test tenant's users may have, one user per entry. */
export const TEST_USER_ROLES = ['admin', 'user'] as const;
export type TestUserRole = (typeof TEST_USER_ROLES)[number];

/** The terms a test may set on a plan of its tenant's own, so that no test changes the shared catalogue. */
export type TestPlanTerms = Partial<
  Pick<Plan, 'maxAgents' | 'maxPhoneNumbers' | 'maxCampaigns' | 'phoneNumbersIncluded' | 'minutesIncluded' | 'currency'>
>;

/** POST /api/test/tenants (NODE_ENV=test only). */
export interface TestTenantRequest {
  /** Default 'active'. */
  billingStatus?: BillingStatus;
  /** A plan id of the catalogue; default 'growth'. */
  plan?: string;
  /** Puts the tenant on a private copy of `plan` with these terms instead of on `plan` itself. */
  planTerms?: TestPlanTerms;
  /** The tenant's own overage rate in cents per minute, in place of its plan's. */
  pricePerMinuteOverride?: number;
  /** Past months of calls, recorded as usage is (e.g. for the usage charts): minutes in each YYYY-MM. */
  usageHistory?: TestUsageMonth[];
  /** Whether the tenant may run outbound campaigns; default false, as for a new tenant. */
  outboundCallingEnabled?: boolean;
  /** One verified user per role; default one admin. */
  users?: TestUserRole[];
}

export interface TestUsageMonth {
  monthYyyyMm: string;
  minutes: number;
}

export interface TestTenantAccount {
  email: string;
  password: string;
  role: TestUserRole;
}

export interface TestTenantResponse {
  tenant: { id: string; name: string };
  users: TestTenantAccount[];
}
