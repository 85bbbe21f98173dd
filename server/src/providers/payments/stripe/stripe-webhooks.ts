import type Stripe from 'stripe';
import { DomainError } from '../../../domain/domain-error';
import type { PaymentEvent, PaymentsProvider } from '../payments.types';
import { idOf } from './stripe-ids';

/** The subscription and customer an event concerns, whatever kind of object it carries. */
export function eventSubjects(object: Record<string, unknown>): Pick<PaymentEvent, 'subscriptionId' | 'customerId'> {
  const customer = idOf(object.customer as string | { id: string } | null);
  switch (object.object) {
    case 'subscription':
      return { subscriptionId: object.id as string, customerId: customer };
    case 'invoice': {
      const parent = object.parent as { subscription_details?: { subscription?: string | { id: string } } } | null;
      return { subscriptionId: idOf(parent?.subscription_details?.subscription), customerId: customer };
    }
    case 'customer':
      return { subscriptionId: null, customerId: object.id as string };
    default:
      return { subscriptionId: null, customerId: customer };
  }
}

/** Webhook events, checked against the endpoint's signing secret and reduced to what they concern. */
export function stripeWebhooks(stripe: Stripe, webhookSecret: string): Pick<PaymentsProvider, 'parseWebhook'> {
  return {
    parseWebhook(rawBody, signatureHeader) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
      } catch {
        throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'Invalid webhook signature.');
      }
      const object = event.data.object as unknown as Record<string, unknown>;
      return { id: event.id, type: event.type, created: event.created, ...eventSubjects(object) };
    },
  };
}
