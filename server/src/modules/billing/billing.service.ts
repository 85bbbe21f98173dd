import type { TenantsService } from '../tenants/tenants.service';
import type { UsageService } from '../usage/usage.service';
import { createBillingAdmin } from './billing-admin';
import { createBillingCards } from './billing-cards';
import { createBillingContext, type BillingDeps } from './billing-context';
import { createBillingSubscriptions } from './billing-subscriptions';
import { createBillingWebhooks } from './billing-webhooks';

export { SYNC_PHONE_BILLING_JOB } from './billing-subscriptions';

export type BillingService = ReturnType<typeof createBillingService>;

/**
 * What a tenant is billed and how it pays: its payments customer and cards, its subscription (the provider is the
 * truth; we keep the last state it told us), the provider's webhooks, and its phone numbers' monthly charges.
 */
export function createBillingService(deps: BillingDeps, tenants: TenantsService, usage: UsageService) {
  const context = createBillingContext(deps, { tenants, usage });
  const cards = createBillingCards(context);
  const subscriptions = createBillingSubscriptions(context);
  return {
    ...cards,
    ...subscriptions,
    ...createBillingWebhooks(context),
    ...createBillingAdmin(context),

    /**
     * The sandbox demo: each demo tenant that has no subscription gets a payments customer, the test card and a
     * subscription to its plan, so the demo's billing pages, portal and invoices are real. Failures are logged.
     */
    async provisionSandboxDemo(tenantIds: readonly string[]): Promise<void> {
      for (const tenantId of tenantIds) {
        try {
          const tenant = await tenants.get(tenantId);
          if (tenant.stripeSubscriptionId) continue;
          const intent = await deps.payments.createSetupIntent(await context.customerOf(tenantId));
          await deps.payments.confirmSetupIntent(intent.id, 'pm_card_visa');
          await cards.confirmPaymentMethod(tenantId, intent.id);
          await subscriptions.subscribe(tenantId, { planId: tenant.plan });
        } catch (error) {
          deps.logger.warn({ err: error, tenantId }, 'demo billing not provisioned');
        }
      }
    },
  };
}
