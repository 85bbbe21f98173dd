import type Stripe from 'stripe';
import { SUBSCRIPTION_STATUSES } from '@shared/api/billing.types';
import type { PaymentsProvider, SubscriptionStatus, SubscriptionView } from '../payments.types';
import { callStripe } from './stripe-errors';
import { idOf } from './stripe-ids';
import { PHONE_NUMBERS_KIND } from './stripe-plans';

const isSubscriptionStatus = (value: string): value is SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);

/** A subscription in our words: its items by kind, and the period of its flat item. */
export function toSubscriptionView(subscription: Stripe.Subscription): SubscriptionView {
  const items = subscription.items.data.map((item) => {
    const metered = item.price.recurring?.usage_type === 'metered';
    const kind = metered ? 'metered' : item.price.metadata?.kind === PHONE_NUMBERS_KIND ? PHONE_NUMBERS_KIND : 'flat';
    const quantity = item.quantity ?? 1;
    return {
      id: item.id,
      priceId: item.price.id,
      kind: kind as 'flat' | 'metered' | 'phone_numbers',
      quantity,
      amount: metered ? null : (item.price.unit_amount ?? 0) * quantity,
      currency: item.price.currency,
      interval: item.price.recurring?.interval === 'year' ? ('year' as const) : ('month' as const),
      periodStart: item.current_period_start,
      periodEnd: item.current_period_end,
    };
  });
  const period = items.find((item) => item.kind === 'flat') ?? items[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: isSubscriptionStatus(subscription.status) ? subscription.status : 'incomplete',
    currentPeriodStart: period?.periodStart ?? subscription.start_date,
    currentPeriodEnd: period?.periodEnd ?? subscription.start_date,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    planId: subscription.metadata?.planId ?? null,
    tenantId: subscription.metadata?.tenantId ?? null,
    items: items.map(({ periodStart: _start, periodEnd: _end, ...item }) => item),
  };
}

/** The item changes that make the subscription bill `wanted` extra phone numbers (none when it already does). */
export function phoneNumberItems(
  subscription: SubscriptionView,
  wanted: { priceId: string; quantity: number } | null,
): Stripe.SubscriptionUpdateParams.Item[] {
  const current = subscription.items.find((item) => item.kind === 'phone_numbers');
  const quantity = wanted?.quantity ?? 0;
  if (!current) return wanted && quantity > 0 ? [{ price: wanted.priceId, quantity }] : [];
  if (quantity === 0) return [{ id: current.id, deleted: true }];
  if (current.priceId === wanted?.priceId && current.quantity === quantity) return [];
  return [{ id: current.id, price: wanted?.priceId, quantity }];
}

/** Subscriptions: a flat and a metered item, plus one for extra phone numbers, changed with prorations. */
export function stripeSubscriptions(
  stripe: Stripe,
): Pick<
  PaymentsProvider,
  | 'createSubscription'
  | 'retrieveSubscription'
  | 'changeSubscriptionPlan'
  | 'setPhoneNumberQuantity'
  | 'setCancelAtPeriodEnd'
> {
  return {
    createSubscription: (input) =>
      callStripe(async () => {
        const subscription = await stripe.subscriptions.create(
          {
            customer: input.customerId,
            // No quantity on the metered item: the meter counts it.
            items: [
              { price: input.flatPriceId },
              { price: input.meteredPriceId },
              ...(input.phoneNumbers?.quantity
                ? [{ price: input.phoneNumbers.priceId, quantity: input.phoneNumbers.quantity }]
                : []),
            ],
            ...(input.paymentMethodId ? { default_payment_method: input.paymentMethodId } : {}),
            payment_behavior: 'error_if_incomplete',
            metadata: { tenantId: input.tenantId, planId: input.planId },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toSubscriptionView(subscription);
      }),

    retrieveSubscription: (subscriptionId) =>
      callStripe(async () => toSubscriptionView(await stripe.subscriptions.retrieve(subscriptionId))),

    changeSubscriptionPlan: (subscription, input) =>
      callStripe(async () => {
        const flat = subscription.items.find((item) => item.kind === 'flat');
        const metered = subscription.items.find((item) => item.kind === 'metered');
        const updated = await stripe.subscriptions.update(subscription.id, {
          items: [
            flat ? { id: flat.id, price: input.flatPriceId } : { price: input.flatPriceId },
            metered ? { id: metered.id, price: input.meteredPriceId } : { price: input.meteredPriceId },
            ...phoneNumberItems(subscription, input.phoneNumbers),
          ],
          proration_behavior: 'create_prorations',
          metadata: { planId: input.planId },
        });
        return toSubscriptionView(updated);
      }),

    setPhoneNumberQuantity: (subscription, phoneNumbers) =>
      callStripe(async () => {
        const items = phoneNumberItems(subscription, phoneNumbers);
        if (!items.length) return subscription;
        return toSubscriptionView(
          await stripe.subscriptions.update(subscription.id, { items, proration_behavior: 'create_prorations' }),
        );
      }),

    setCancelAtPeriodEnd: (subscriptionId, cancelAtPeriodEnd) =>
      callStripe(async () =>
        toSubscriptionView(
          await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancelAtPeriodEnd }),
        ),
      ),
  };
}
