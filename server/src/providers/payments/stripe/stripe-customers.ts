import type Stripe from 'stripe';
import { INVOICE_STATUSES, type InvoiceSummary } from '@shared/api/billing.types';
import type { PaymentMethodSummary, PaymentsProvider } from '../payments.types';
import { callStripe } from './stripe-errors';
import { idOf } from './stripe-ids';

const isoOfEpoch = (seconds: number) => new Date(seconds * 1000).toISOString();
/** How long an advancing test clock is waited for: Stripe documents seconds, a large advance may take minutes. */
const TEST_CLOCK_POLL_MS = 1000;
const TEST_CLOCK_POLLS = 300;

/**
 * Customers: one per tenant, their saved cards, the default one, their invoices and the provider's self-service
 * portal.
 */
export function stripeCustomers(
  stripe: Stripe,
): Pick<
  PaymentsProvider,
  | 'createCustomer'
  | 'createTestClock'
  | 'advanceTestClock'
  | 'listTestClocks'
  | 'listPaymentMethods'
  | 'listInvoices'
  | 'setDefaultPaymentMethod'
  | 'createPortalSession'
> {
  return {
    createCustomer: ({ tenantId, name, email, testClockId }) =>
      callStripe(async () => {
        const customer = await stripe.customers.create(
          {
            name,
            ...(email ? { email } : {}),
            ...(testClockId ? { test_clock: testClockId } : {}),
            metadata: { tenantId },
          },
          { idempotencyKey: `tenant-${tenantId}-customer` },
        );
        return customer.id;
      }),

    createTestClock: (frozenTime) =>
      callStripe(async () => (await stripe.testHelpers.testClocks.create({ frozen_time: frozenTime })).id),

    advanceTestClock: (testClockId, frozenTime) =>
      callStripe(async () => {
        let clock = await stripe.testHelpers.testClocks.advance(testClockId, { frozen_time: frozenTime });
        // Stripe advances in the background: the periods it closes are done once the clock is ready again.
        for (let polls = 0; clock.status === 'advancing' && polls < TEST_CLOCK_POLLS; polls += 1) {
          await new Promise((resolve) => setTimeout(resolve, TEST_CLOCK_POLL_MS));
          clock = await stripe.testHelpers.testClocks.retrieve(testClockId);
        }
        if (clock.status !== 'ready') throw new Error(`Test clock ${testClockId} is ${clock.status}`);
      }),

    listTestClocks: () =>
      callStripe(async () => {
        const clocks = [];
        for await (const clock of stripe.testHelpers.testClocks.list({ limit: 100 })) {
          clocks.push({ id: clock.id, frozenTime: clock.frozen_time });
        }
        return clocks;
      }),

    listPaymentMethods: (customerId) =>
      callStripe(async () => {
        const [customer, methods] = await Promise.all([
          stripe.customers.retrieve(customerId),
          stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }),
        ]);
        const defaultId =
          'deleted' in customer && customer.deleted
            ? null
            : idOf((customer as Stripe.Customer).invoice_settings?.default_payment_method);
        return methods.data.map((method): PaymentMethodSummary => ({
          id: method.id,
          brand: method.card?.brand ?? 'card',
          last4: method.card?.last4 ?? '',
          expiryMonth: method.card?.exp_month ?? 0,
          expiryYear: method.card?.exp_year ?? 0,
          isDefault: method.id === defaultId,
        }));
      }),

    listInvoices: (customerId, limit) =>
      callStripe(async () => {
        const invoices = await stripe.invoices.list({ customer: customerId, limit });
        return invoices.data.map((invoice): InvoiceSummary => ({
          id: invoice.id ?? '',
          number: invoice.number,
          status: INVOICE_STATUSES.find((status) => status === invoice.status) ?? 'draft',
          amountDue: invoice.amount_due,
          amountPaid: invoice.amount_paid,
          currency: invoice.currency,
          createdAt: isoOfEpoch(invoice.created),
          periodStart: isoOfEpoch(invoice.period_start),
          periodEnd: isoOfEpoch(invoice.period_end),
          attemptCount: invoice.attempt_count,
          hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
        }));
      }),

    setDefaultPaymentMethod: (customerId, paymentMethodId) =>
      callStripe(async () => {
        await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
      }),

    createPortalSession: (customerId, returnUrl) =>
      callStripe(
        async () => (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url,
      ),
  };
}
