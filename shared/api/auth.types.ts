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
  basePriceMonthly: number;
  basePriceYearly: number | null;
  currency: string;
  minutesIncluded: number;
  overageRatePerMinute: number;
  maxAgents: number;
  maxPhoneNumbers: number;
  maxCampaigns: number;
  supportLevel: string;
  phoneNumbersIncluded: number;
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
