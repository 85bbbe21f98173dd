import type { WebhookReceipt } from '@shared/api/billing.types';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import type { PaymentEvent } from '../../providers/payments/payments.types';
import type { BillingContext } from './billing-context';
import { isEventProcessed, recordEvent } from './billing.store';
import { paymentEventWork } from './payment-rules';

/** The payment provider's webhook: the state each event concerns is fetched again and made ours. */
export function createBillingWebhooks({ deps, modules, refreshCards, applySubscription }: BillingContext) {
  const { db, payments } = deps;
  const { tenants } = modules;

  async function processEvent(event: PaymentEvent): Promise<void> {
    const work = paymentEventWork(event);
    if (!work) return;
    if ('subscriptionId' in work) {
      // Fetched again rather than read from the event: events arrive late, twice and out of order.
      await applySubscription(await payments.retrieveSubscription(work.subscriptionId));
      return;
    }
    const tenantId = await tenants.tenantIdByStripeCustomer(work.customerId);
    if (!tenantId) return;
    await refreshCards(tenantId, work.customerId);
    // A new card (in the provider's portal, say) may settle what was owed: the subscription, fetched again, says
    // whether billing is usable, also after a superadmin marked the tenant delinquent.
    const { stripeSubscriptionId } = await tenants.get(tenantId);
    if (stripeSubscriptionId) await applySubscription(await payments.retrieveSubscription(stripeSubscriptionId));
  }

  return {
    /**
     * The provider's webhook: signature checked over the raw body, each event processed once (its id recorded
     * after its work), and the state fetched again from the provider so any order of delivery ends the same.
     * A failure answers 5xx and the provider retries.
     */
    async receiveWebhook(rawBody: string | Buffer, signature: string): Promise<WebhookReceipt> {
      let event: PaymentEvent;
      try {
        event = payments.parseWebhook(rawBody, signature);
      } catch (error) {
        // Stripe's convention (SECURITY H1): a bad signature is a 400.
        if (error instanceof DomainError && error.code === 'WEBHOOK_SIGNATURE_INVALID') {
          throw new DomainError('VALIDATION_FAILED', 'Invalid webhook signature.');
        }
        throw error;
      }
      if (await isEventProcessed(db, event.id)) return { received: true, processed: false };
      await processEvent(event);
      const first = await recordEvent(db, event.id, event.type, isoNow(deps.clock));
      return { received: true, processed: first };
    },
  };
}
