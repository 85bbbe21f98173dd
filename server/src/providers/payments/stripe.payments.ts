import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { ProviderErrorCode } from '@shared/api/error-codes';
import { SUBSCRIPTION_STATUSES } from '@shared/api/billing.types';
import { DomainError } from '../../domain/domain-error';
import type {
  PaymentEvent,
  PaymentMethodSummary,
  PaymentsProvider,
  PlanPrices,
  PlanToSync,
  SetupIntentView,
  SubscriptionStatus,
  SubscriptionView,
} from './payments.types';

export interface StripePaymentsOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Stripe's own API unless given: the sandbox emulator's address. */
  endpoint?: { host: string; port: number; protocol: 'http' | 'https'; baseUrl: string };
  maxNetworkRetries?: number;
}

/** The one meter every plan's overage price counts (created once per environment). */
export const METER_EVENT_NAME = 'voice_minutes';
const CUSTOMER_KEY = 'stripe_customer_id';
/** Marks the per-number price among a plan's prices (price metadata `kind`). */
const PHONE_NUMBERS_KIND = 'phone_numbers';

/** Stripe's decline codes read as words: insufficient_funds → insufficient funds. */
const words = (code: string) => code.replace(/_/g, ' ');

const failures: Record<string, { code: ProviderErrorCode; message: string }> = {
  StripeAuthenticationError: { code: 'PROVIDER_UNAVAILABLE', message: 'Payment provider rejected our credentials' },
  StripePermissionError: { code: 'PROVIDER_UNAVAILABLE', message: 'Payment provider rejected our credentials' },
  StripeRateLimitError: { code: 'PROVIDER_BUSY', message: 'Payment provider is busy; please try again shortly' },
  StripeConnectionError: { code: 'PROVIDER_UNAVAILABLE', message: 'Payment provider is unavailable; please try again' },
  StripeAPIError: { code: 'PROVIDER_UNAVAILABLE', message: 'Payment provider is unavailable; please try again' },
  StripeIdempotencyError: {
    code: 'PROVIDER_CONFLICT',
    message: 'Payment provider saw this request before with other details; please try again',
  },
};

/** Turns what the SDK throws into a DomainError with a clear message; a declined card says so, with the reason. */
export function mapStripeError(error: unknown): never {
  if (!(error instanceof Stripe.errors.StripeError)) throw error;
  if (error.type === 'StripeCardError') {
    const reason = error.decline_code ?? (error.code && error.code !== 'card_declined' ? error.code : undefined);
    const message = reason ? `${error.message} Reason: ${words(reason)}.` : error.message;
    throw new DomainError('PAYMENT_DECLINED', message);
  }
  const known = failures[error.type];
  if (known) throw new DomainError(known.code, known.message);
  if (error.type === 'StripeInvalidRequestError') {
    if (error.statusCode === 404 || error.code === 'resource_missing') {
      throw new DomainError('PROVIDER_NOT_FOUND', 'The payment provider could not find that item.');
    }
    throw new DomainError('PROVIDER_REJECTED', `Payment provider rejected the request: ${error.message}`);
  }
  throw new DomainError('PROVIDER_UNAVAILABLE', 'Payment provider is unavailable; please try again');
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    return mapStripeError(error);
  }
}

/** Idempotency keys derived from what is sent: the same request replays, a changed one is a new request. */
const contentKey = (prefix: string, params: unknown) =>
  `${prefix}-${createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 24)}`;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const isSubscriptionStatus = (value: string): value is SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);

function toSubscriptionView(subscription: Stripe.Subscription): SubscriptionView {
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

function toSetupIntentView(intent: Stripe.SetupIntent): SetupIntentView {
  return {
    id: intent.id,
    customerId: idOf(intent.customer),
    clientSecret: intent.client_secret ?? '',
    status: intent.status,
    paymentMethodId: idOf(intent.payment_method),
    lastError: intent.last_setup_error?.message ?? null,
  };
}

/** The subscription and customer an event concerns, whatever kind of object it carries. */
function eventSubjects(object: Record<string, unknown>): Pick<PaymentEvent, 'subscriptionId' | 'customerId'> {
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

/** The item changes that make the subscription bill `wanted` extra phone numbers (none when it already does). */
function phoneNumberItems(
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

/** The payments port on the official SDK, pointed at Stripe or at the sandbox's emulator. */
export function createStripePaymentsProvider(options: StripePaymentsOptions): PaymentsProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    ...(options.endpoint
      ? { host: options.endpoint.host, port: options.endpoint.port, protocol: options.endpoint.protocol }
      : {}),
  });

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    sandboxApiBase: options.endpoint?.baseUrl ?? null,

    createCustomer: ({ tenantId, name, email }) =>
      call(async () => {
        const customer = await stripe.customers.create(
          { name, ...(email ? { email } : {}), metadata: { tenantId } },
          { idempotencyKey: `tenant-${tenantId}-customer` },
        );
        return customer.id;
      }),

    createSetupIntent: (customerId) =>
      call(async () =>
        toSetupIntentView(
          await stripe.setupIntents.create({
            customer: customerId,
            usage: 'off_session',
            allowed_payment_method_types: ['card'],
          }),
        ),
      ),

    retrieveSetupIntent: (setupIntentId) =>
      call(async () => toSetupIntentView(await stripe.setupIntents.retrieve(setupIntentId))),

    confirmSetupIntent: (setupIntentId, paymentMethodId) =>
      call(async () =>
        toSetupIntentView(await stripe.setupIntents.confirm(setupIntentId, { payment_method: paymentMethodId })),
      ),

    listPaymentMethods: (customerId) =>
      call(async () => {
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
      call(async () => {
        await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
      }),

    ensureMeter: (existingMeterId) =>
      call(async () => {
        if (existingMeterId) return existingMeterId;
        // The account's meter outlives our database (a fresh install on a kept sandbox or Stripe account).
        for await (const meter of stripe.billing.meters.list({ status: 'active', limit: 100 })) {
          if (meter.event_name === METER_EVENT_NAME) return meter.id;
        }
        const params = {
          display_name: 'Voice minutes',
          event_name: METER_EVENT_NAME,
          default_aggregation: { formula: 'sum' as const },
          customer_mapping: { type: 'by_id' as const, event_payload_key: CUSTOMER_KEY },
          value_settings: { event_payload_key: 'value' },
        };
        const meter = await stripe.billing.meters.create(params, { idempotencyKey: contentKey('meter', params) });
        return meter.id;
      }),

    syncPlan: (plan: PlanToSync, meterId: string) =>
      call(async (): Promise<PlanPrices> => {
        const productParams = {
          name: plan.name,
          ...(plan.description ? { description: plan.description } : {}),
          metadata: { planId: plan.id },
        };
        const product = await stripe.products.create(productParams, {
          idempotencyKey: contentKey(`plan-${plan.id}-product`, productParams),
        });
        const flatPrice = async (interval: 'month' | 'year', amount: number) => {
          const params = {
            product: product.id,
            currency: plan.currency,
            unit_amount: amount,
            recurring: { interval },
            lookup_key: `${plan.id}_${interval}ly`,
            transfer_lookup_key: true,
            metadata: { planId: plan.id },
          };
          return (
            await stripe.prices.create(params, { idempotencyKey: contentKey(`plan-${plan.id}-${interval}`, params) })
          ).id;
        };
        const recurring = { interval: 'month' as const, usage_type: 'metered' as const, meter: meterId };
        // Stripe's tiers need an upper bound above 0, so a plan without included minutes bills every minute flat.
        const meteredParams =
          plan.minutesIncluded > 0
            ? {
                product: product.id,
                currency: plan.currency,
                recurring,
                billing_scheme: 'tiered' as const,
                tiers_mode: 'graduated' as const,
                tiers: [
                  { up_to: plan.minutesIncluded, unit_amount: 0 },
                  { up_to: 'inf' as const, unit_amount: plan.overageRatePerMinute },
                ],
                metadata: { planId: plan.id },
              }
            : {
                product: product.id,
                currency: plan.currency,
                recurring,
                unit_amount: plan.overageRatePerMinute,
                metadata: { planId: plan.id },
              };
        const metered = await stripe.prices.create(meteredParams, {
          idempotencyKey: contentKey(`plan-${plan.id}-metered`, meteredParams),
        });
        let phoneNumberPriceId: string | null = null;
        if (plan.phoneNumberCostMonthly > 0) {
          const params = {
            product: product.id,
            currency: plan.currency,
            unit_amount: plan.phoneNumberCostMonthly,
            recurring: { interval: 'month' as const },
            lookup_key: `${plan.id}_phone_number`,
            transfer_lookup_key: true,
            metadata: { planId: plan.id, kind: PHONE_NUMBERS_KIND },
          };
          phoneNumberPriceId = (
            await stripe.prices.create(params, { idempotencyKey: contentKey(`plan-${plan.id}-phone`, params) })
          ).id;
        }
        return {
          productId: product.id,
          phoneNumberPriceId,
          monthlyPriceId: await flatPrice('month', plan.basePriceMonthly),
          yearlyPriceId: plan.basePriceYearly === null ? null : await flatPrice('year', plan.basePriceYearly),
          meteredPriceId: metered.id,
          meterId,
        };
      }),

    createSubscription: (input) =>
      call(async () => {
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
      call(async () => toSubscriptionView(await stripe.subscriptions.retrieve(subscriptionId))),

    changeSubscriptionPlan: (subscription, input) =>
      call(async () => {
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
      call(async () => {
        const items = phoneNumberItems(subscription, phoneNumbers);
        if (!items.length) return subscription;
        return toSubscriptionView(
          await stripe.subscriptions.update(subscription.id, { items, proration_behavior: 'create_prorations' }),
        );
      }),

    setCancelAtPeriodEnd: (subscriptionId, cancelAtPeriodEnd) =>
      call(async () =>
        toSubscriptionView(
          await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancelAtPeriodEnd }),
        ),
      ),

    createPortalSession: (customerId, returnUrl) =>
      call(
        async () => (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url,
      ),

    reportUsage: ({ customerId, minutes, identifier, timestamp }) =>
      call(async () => {
        try {
          await stripe.billing.meterEvents.create({
            event_name: METER_EVENT_NAME,
            payload: { [CUSTOMER_KEY]: customerId, value: String(minutes) },
            identifier,
            timestamp,
          });
        } catch (error) {
          // Sent before (a retry after a crash): the provider has it and counts it once.
          if (error instanceof Stripe.errors.StripeError && error.code === 'resource_already_exists') return;
          throw error;
        }
      }),

    countedUsage: ({ meterId, customerId, start, end }) =>
      call(async () => {
        let total = 0;
        // Stripe aligns summaries to whole minutes.
        const params = {
          customer: customerId,
          start_time: Math.floor(start / 60) * 60,
          end_time: Math.ceil(end / 60) * 60,
          limit: 100,
        };
        for await (const summary of stripe.billing.meters.listEventSummaries(meterId, params)) {
          total += summary.aggregated_value;
        }
        return total;
      }),

    parseWebhook(rawBody, signatureHeader) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret);
      } catch {
        throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'Invalid webhook signature.');
      }
      const object = event.data.object as unknown as Record<string, unknown>;
      return { id: event.id, type: event.type, created: event.created, ...eventSubjects(object) };
    },
  };
}
