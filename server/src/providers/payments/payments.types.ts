/** The payments provider (Stripe): what the product needs of it, in its own words. Amounts are integer cents. */
import type { InvoiceSummary, PaymentMethodSummary, SubscriptionStatus } from '@shared/api/billing.types';

export type { PaymentMethodSummary, SubscriptionStatus };

export interface SetupIntentView {
  id: string;
  customerId: string | null;
  clientSecret: string;
  /** The provider's word: 'succeeded' once the card is saved; anything else means it is not. */
  status: string;
  paymentMethodId: string | null;
  /** The provider's message when the last attempt failed (a declined card says why). */
  lastError: string | null;
}

export interface SubscriptionItemView {
  id: string;
  priceId: string;
  kind: 'flat' | 'metered' | 'phone_numbers';
  /** How many (phone numbers); 1 for the flat item. */
  quantity: number;
  /** Cents per interval (unit price × quantity); null for the metered item. */
  amount: number | null;
  currency: string;
  interval: 'month' | 'year';
}

export interface SubscriptionView {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  /** Epoch seconds: the provider keeps periods on the items; these are the flat item's. */
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  /** Our plan id, from the subscription's metadata. */
  planId: string | null;
  /** Our tenant id, from the subscription's metadata. */
  tenantId: string | null;
  items: SubscriptionItemView[];
}

/** A plan as the provider sells it: one product, flat prices and a graduated metered price over the meter. */
export interface PlanPrices {
  productId: string;
  monthlyPriceId: string;
  yearlyPriceId: string | null;
  meteredPriceId: string;
  meterId: string;
  /** Null when the plan's extra phone numbers cost nothing. */
  phoneNumberPriceId: string | null;
}

export interface PlanToSync {
  id: string;
  name: string;
  description: string;
  currency: string;
  basePriceMonthly: number;
  basePriceYearly: number | null;
  minutesIncluded: number;
  overageRatePerMinute: number;
  phoneNumberCostMonthly: number;
}

/** A verified webhook event, reduced to what we act on: which object to fetch again. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Epoch seconds. */
  created: number;
  /** The subscription the event concerns, if any (subscription events, invoices of a subscription). */
  subscriptionId: string | null;
  customerId: string | null;
}

export interface PaymentsProvider {
  readonly name: 'stripe';
  /** What the browser confirms cards with. */
  readonly publishableKey: string;
  /** The emulator's API origin in sandbox mode (the browser's test-card form posts there); null with live keys. */
  readonly sandboxApiBase: string | null;

  /** One customer per tenant, however often asked (idempotency key per tenant). */
  createCustomer(input: {
    tenantId: string;
    name: string;
    email: string | null;
    /** Test mode only: the customer lives on this test clock (the demo's history of invoices). */
    testClockId?: string;
  }): Promise<string>;
  /** Test mode only: a test clock frozen at `frozenTime` (epoch seconds); its id. */
  createTestClock(frozenTime: number): Promise<string>;
  /**
   * Test mode only: moves a test clock forward, closing the billing periods it passes (invoices, charges); resolves
   * once the provider has done so.
   */
  advanceTestClock(testClockId: string, frozenTime: number): Promise<void>;
  /** Test mode only: the account's test clocks and the time each is frozen at (epoch seconds). */
  listTestClocks(): Promise<Array<{ id: string; frozenTime: number }>>;
  createSetupIntent(customerId: string): Promise<SetupIntentView>;
  retrieveSetupIntent(setupIntentId: string): Promise<SetupIntentView>;
  /** Confirms on the server with a payment method id, as Stripe's test mode allows (`pm_card_visa`): demos only. */
  confirmSetupIntent(setupIntentId: string, paymentMethodId: string): Promise<SetupIntentView>;
  /** The customer's cards, the default one marked. */
  listPaymentMethods(customerId: string): Promise<PaymentMethodSummary[]>;
  /** The customer's latest invoices, newest first. */
  listInvoices(customerId: string, limit: number): Promise<InvoiceSummary[]>;
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;

  /** Creates the meter once; `existingMeterId` is reused when given. */
  ensureMeter(existingMeterId: string | null): Promise<string>;
  /** Product, flat prices and the graduated metered price (included minutes at 0, then the overage rate). */
  syncPlan(plan: PlanToSync, meterId: string): Promise<PlanPrices>;

  createSubscription(input: {
    customerId: string;
    tenantId: string;
    planId: string;
    flatPriceId: string;
    meteredPriceId: string;
    /** The phone numbers beyond the plan's included ones, billed monthly. */
    phoneNumbers: { priceId: string; quantity: number } | null;
    paymentMethodId: string | null;
    idempotencyKey: string;
  }): Promise<SubscriptionView>;
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionView>;
  changeSubscriptionPlan(
    subscription: SubscriptionView,
    input: {
      planId: string;
      flatPriceId: string;
      meteredPriceId: string;
      phoneNumbers: { priceId: string; quantity: number } | null;
    },
  ): Promise<SubscriptionView>;
  /** Sets how many extra phone numbers the subscription bills (0 removes the item). */
  setPhoneNumberQuantity(
    subscription: SubscriptionView,
    phoneNumbers: { priceId: string; quantity: number },
  ): Promise<SubscriptionView>;
  setCancelAtPeriodEnd(subscriptionId: string, cancelAtPeriodEnd: boolean): Promise<SubscriptionView>;

  createPortalSession(customerId: string, returnUrl: string): Promise<string>;

  /** One meter event; the provider counts an identifier once, so a resend after a crash is harmless. */
  reportUsage(input: { customerId: string; minutes: number; identifier: string; timestamp: number }): Promise<void>;
  /** Minutes the provider has counted for the customer between two epoch seconds. */
  countedUsage(input: { meterId: string; customerId: string; start: number; end: number }): Promise<number>;

  /** Verifies the signature over the raw body; throws WEBHOOK_SIGNATURE_INVALID otherwise. */
  parseWebhook(rawBody: string | Buffer, signatureHeader: string): PaymentEvent;
}
