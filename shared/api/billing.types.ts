import type { BillingStatus } from '../domain/roles';

/** Billing and subscriptions as the API returns them (spec 001 §3 and §7, spec 000 §7). */

export interface PaymentMethodSummary {
  id: string;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  isDefault: boolean;
}

/** GET billing/status: what the billing gate, the setup screen and the billing tab read. */
export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** An invoice of the tenant at the payment provider; amounts in cents of `currency`. */
export interface InvoiceSummary {
  id: string;
  /** The provider's invoice number, once finalised. */
  number: string | null;
  status: InvoiceStatus;
  amountDue: number;
  amountPaid: number;
  currency: string;
  /** When it was made (UTC ISO). */
  createdAt: string;
  /** The billing period it covers (UTC ISO). */
  periodStart: string;
  periodEnd: string;
  /** Payment attempts so far. */
  attemptCount: number;
  /** The provider's page of the invoice, where it has one. */
  hostedInvoiceUrl: string | null;
}

/** GET billing/invoices: newest first. */
export interface InvoicesResponse {
  invoices: InvoiceSummary[];
}

/** The payment that failed and is still owed: what a delinquent tenant is told. */
export interface UnpaidInvoice {
  amountDue: number;
  currency: string;
  /** When it was first due (UTC ISO). */
  dueSince: string;
}

export interface BillingStatusResponse {
  billingStatus: BillingStatus;
  /** The plan's name (Standard unless the tenant picked another). */
  plan: string;
  planId: string;
  hasPaymentMethod: boolean;
  stripeCustomerId: string | null;
  paymentMethods: PaymentMethodSummary[];
  /** While delinquent: the oldest invoice still unpaid, if the provider has one. */
  unpaidInvoice: UnpaidInvoice | null;
}

/** POST billing/setup-intent: the browser confirms the card with the payment provider using the client secret. */
export interface SetupIntentResponse {
  clientSecret: string;
  setupIntentId: string;
  /** The provider's publishable key the browser confirms with (the sandbox's own in sandbox mode). */
  publishableKey: string;
  /** Where the browser's card form talks to the provider: null for the provider's own Stripe.js, else the sandbox. */
  sandboxApiBase: string | null;
}

/** POST billing/confirm-payment-method. */
export interface ConfirmPaymentMethodResponse {
  paymentMethod: PaymentMethodSummary;
  billingStatus: BillingStatus;
  hasPaymentMethod: boolean;
}

/** Subscription statuses of the payment provider (spec 001 §4 badges). */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionItemSummary {
  /** Cents of `currency`; null for the metered overage item, billed per minute at `unitAmount` beyond the plan. */
  amount: number | null;
  currency: string;
  interval: 'month' | 'year';
  /** 'flat' for the plan's price, 'metered' for its overage minutes, 'phone_numbers' for extra numbers. */
  kind: 'flat' | 'metered' | 'phone_numbers';
}

export interface SubscriptionDetails {
  id: string;
  status: SubscriptionStatus;
  /** Epoch seconds. */
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  planId: string;
  items: SubscriptionItemSummary[];
}

/** GET billing/subscription, and the answer of every call that changes the subscription. */
export interface SubscriptionResponse {
  hasSubscription: boolean;
  subscription: SubscriptionDetails | null;
  billingStatus: BillingStatus;
}

/** POST billing/create-portal-session and billing/customer-portal: the browser navigates to `url`. */
export interface PortalSessionResponse {
  url: string;
}

/** POST webhooks/stripe. */
export interface WebhookReceipt {
  received: true;
  /** False when the event was already processed (a duplicate delivery). */
  processed: boolean;
}
