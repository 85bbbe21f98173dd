import type { BillingStatus } from '../domain/roles';

/** A tenant's billing status as GET billing/status answers (spec 001 §3). */
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
