import type { BillingStatus, Role } from '../domain/roles';

/** The signed-in user as the API returns it (spec 000 §3). */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  username: string;
  role: Role;
  tenantId: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface AuthResponse extends TokenPair {
  user: AuthUser;
  tokens: TokenPair;
}

export interface AuthStatusResponse {
  user: AuthUser;
  billingStatus: BillingStatus | null;
  /** True when the server runs the embedded provider sandbox, where admins can place simulated calls. */
  simulatedCalls: boolean;
}

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
  createdAt: string;
}

export interface Plan {
  id: string;
  name: string;
  description: string;
  /** Cents, in `currency`, like every amount of the plan. */
  basePriceMonthly: number;
  basePriceYearly: number | null;
  /** ISO 4217 in lower case: nzd, usd or aud. */
  currency: string;
  minutesIncluded: number;
  /** Cents per minute beyond the included ones. */
  overageRatePerMinute: number;
  maxAgents: number;
  maxPhoneNumbers: number;
  maxCampaigns: number;
  supportLevel: string;
  phoneNumbersIncluded: number;
  /** Cents per month for each number beyond the included ones. */
  phoneNumberCostMonthly: number;
  multiUserEnabled: boolean;
  active: boolean;
  visible: boolean;
  sortOrder: number;
  stripeProductId: string | null;
}

export interface BillingStatusResponse {
  billingStatus: BillingStatus;
  plan: string;
  hasPaymentMethod: boolean;
  stripeCustomerId: string | null;
  paymentMethods: Array<{
    id: string;
    brand: string;
    last4: string;
    expiryMonth: number;
    expiryYear: number;
    isDefault: boolean;
  }>;
}
