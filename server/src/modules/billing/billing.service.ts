import type { TenantsService } from '../tenants/tenants.service';
import type { UsageService } from '../usage/usage.service';
import { createBillingAdmin } from './billing-admin';
import { createBillingCards } from './billing-cards';
import { createBillingDemo } from './billing-demo';
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
    ...createBillingDemo(context, cards, subscriptions),
  };
}
