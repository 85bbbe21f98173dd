import type { InvoiceSummary, UnpaidInvoice } from '@shared/api/billing.types';
import { DomainError } from '../../domain/domain-error';
import type { PaymentEvent } from '../../providers/payments/payments.types';

/** Events whose subscription we fetch again and apply; the rest only refresh the tenant's cards. */
const SUBSCRIPTION_EVENTS = /^(customer\.subscription\.|invoice\.)/;
const CARD_EVENTS = /^(setup_intent\.|payment_method\.|customer\.updated$)/;

/**
 * What a provider's event asks of us: its subscription applied again, the cards of its customer refreshed, or
 * nothing (an event we do not act on, or one without the id its work needs).
 */
export function paymentEventWork(
  event: Pick<PaymentEvent, 'type' | 'subscriptionId' | 'customerId'>,
): { subscriptionId: string } | { customerId: string } | null {
  if (SUBSCRIPTION_EVENTS.test(event.type) && event.subscriptionId) return { subscriptionId: event.subscriptionId };
  if (CARD_EVENTS.test(event.type) && event.customerId) return { customerId: event.customerId };
  return null;
}

/** Where the provider's portal sends the customer back: `returnUrl` when it is one of our origins' pages. */
export function portalReturnUrl(
  returnUrl: string | undefined,
  publicUrl: string,
  ownOrigins: ReadonlySet<string>,
): string {
  const target = returnUrl ?? `${publicUrl.replace(/\/+$/, '')}/billing`;
  let origin: string;
  try {
    origin = new URL(target).origin;
  } catch {
    origin = '';
  }
  if (!ownOrigins.has(origin)) {
    throw new DomainError('VALIDATION_FAILED', 'Invalid return URL', { fields: { returnUrl: 'Invalid return URL' } });
  }
  return target;
}

/** What a delinquent tenant still owes: the oldest open invoice that has been tried and refused, else none. */
export function unpaidInvoiceOf(invoices: readonly InvoiceSummary[]): UnpaidInvoice | null {
  const refused = invoices
    .filter((invoice) => invoice.status === 'open' && invoice.attemptCount > 0 && invoice.amountDue > 0)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
  return refused ? { amountDue: refused.amountDue, currency: refused.currency, dueSince: refused.createdAt } : null;
}
