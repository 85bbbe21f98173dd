import type Stripe from 'stripe';
import type { PaymentMethodSummary, PaymentsProvider } from '../payments.types';
import { callStripe } from './stripe-errors';
import { idOf } from './stripe-ids';

/** Customers: one per tenant, their saved cards, the default one, and the provider's self-service portal. */
export function stripeCustomers(
  stripe: Stripe,
): Pick<PaymentsProvider, 'createCustomer' | 'listPaymentMethods' | 'setDefaultPaymentMethod' | 'createPortalSession'> {
  return {
    createCustomer: ({ tenantId, name, email }) =>
      callStripe(async () => {
        const customer = await stripe.customers.create(
          { name, ...(email ? { email } : {}), metadata: { tenantId } },
          { idempotencyKey: `tenant-${tenantId}-customer` },
        );
        return customer.id;
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
