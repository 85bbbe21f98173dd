import type {
  BillingStatusResponse,
  ConfirmPaymentMethodResponse,
  InvoiceSummary,
  SetupIntentResponse,
} from '@shared/api/billing.types';
import { ownOrigins } from '../../config';
import { DomainError } from '../../domain/domain-error';
import type { BillingContext } from './billing-context';
import { portalReturnUrl, unpaidInvoiceOf } from './payment-rules';

/** A year of monthly invoices, and more than a dunning cycle leaves open. */
const INVOICES_LISTED = 24;
const UNPAID_INVOICES_LOOKED_AT = 12;

/** The tenant's billing status and cards: adding a card through a setup intent, and the provider's portal. */
export function createBillingCards({ deps, modules, customerOf, refreshCards }: BillingContext) {
  const { payments } = deps;
  const { tenants } = modules;
  /** Origins the payment provider may send a customer back to: ours. */
  const returnOrigins = ownOrigins(deps.config);

  return {
    async status(tenantId: string): Promise<BillingStatusResponse> {
      const [tenant, plan] = await Promise.all([tenants.get(tenantId), tenants.plan(tenantId)]);
      let paymentMethods: BillingStatusResponse['paymentMethods'] = [];
      let unpaidInvoice: BillingStatusResponse['unpaidInvoice'] = null;
      const customerId = tenant.stripeCustomerId;
      if (customerId) {
        try {
          const delinquent = tenant.billingStatus === 'delinquent';
          const [methods, invoices] = await Promise.all([
            payments.listPaymentMethods(customerId),
            delinquent ? payments.listInvoices(customerId, UNPAID_INVOICES_LOOKED_AT) : [],
          ]);
          paymentMethods = methods;
          unpaidInvoice = unpaidInvoiceOf(invoices);
        } catch (error) {
          // The status still answers (the gate and setup screen read it); the cards show again once it is back.
          deps.logger.warn({ err: error, tenantId }, 'payment methods unavailable');
        }
      }
      return {
        billingStatus: tenant.billingStatus,
        plan: plan.name,
        planId: plan.id,
        hasPaymentMethod: tenant.hasPaymentMethod,
        stripeCustomerId: tenant.stripeCustomerId,
        paymentMethods,
        unpaidInvoice,
      };
    },

    /** The tenant's latest invoices at the payment provider, newest first; none before it is a customer. */
    async invoices(tenantId: string): Promise<InvoiceSummary[]> {
      const { stripeCustomerId } = await tenants.get(tenantId);
      return stripeCustomerId ? payments.listInvoices(stripeCustomerId, INVOICES_LISTED) : [];
    },

    async createSetupIntent(tenantId: string): Promise<SetupIntentResponse> {
      const intent = await payments.createSetupIntent(await customerOf(tenantId));
      return {
        clientSecret: intent.clientSecret,
        setupIntentId: intent.id,
        publishableKey: payments.publishableKey,
        sandboxApiBase: payments.sandboxApiBase,
      };
    },

    /** Step 3 of adding a card: the intent the browser confirmed becomes the customer's default card. */
    async confirmPaymentMethod(tenantId: string, setupIntentId: string): Promise<ConfirmPaymentMethodResponse> {
      const tenant = await tenants.get(tenantId);
      let intent;
      try {
        intent = await payments.retrieveSetupIntent(setupIntentId);
      } catch (error) {
        if (error instanceof DomainError && error.code === 'PROVIDER_NOT_FOUND') throw new DomainError('NOT_FOUND');
        throw error;
      }
      // Another tenant's intent is as unknown as a made-up one.
      if (!tenant.stripeCustomerId || intent.customerId !== tenant.stripeCustomerId) throw new DomainError('NOT_FOUND');
      if (intent.status !== 'succeeded' || !intent.paymentMethodId) {
        throw new DomainError('PAYMENT_DECLINED', intent.lastError ?? 'Payment method setup failed');
      }
      await payments.setDefaultPaymentMethod(tenant.stripeCustomerId, intent.paymentMethodId);
      const methods = await refreshCards(tenantId, tenant.stripeCustomerId);
      await deps.principals.invalidate({ tenantId });
      const method = methods.find((candidate) => candidate.id === intent.paymentMethodId);
      if (!method) throw new DomainError('PROVIDER_CONFLICT', 'The payment provider does not list the new card yet.');
      return { paymentMethod: method, billingStatus: tenant.billingStatus, hasPaymentMethod: true };
    },

    /** The provider's billing portal; `returnUrl` must be one of our own pages. */
    async portalSession(tenantId: string, returnUrl?: string): Promise<{ url: string }> {
      const target = portalReturnUrl(returnUrl, deps.config.publicUrl, returnOrigins);
      return { url: await payments.createPortalSession(await customerOf(tenantId), target) };
    },
  };
}
