import type { BillingStatus } from '../domain/roles';

/** A tenant as the API returns it (spec 000 §3). */
export interface Tenant {
  id: string;
  name: string;
  plan: string;
  minutesIncluded: number;
  /** Cents per overage minute, in the plan's currency; null when the plan's rate applies. */
  pricePerMinuteOverride: number | null;
  billingStatus: BillingStatus;
  hasPaymentMethod: boolean;
  outboundCallingEnabled: boolean;
  subdomain: string | null;
  customDomain: string | null;
  /** ISO 3166 code of the country the business is in: new campaigns read national numbers as this country's. */
  country: string;
  createdAt: string;
}
