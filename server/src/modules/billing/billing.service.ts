import type { Knex } from 'knex';
import type {
  BillingStatusResponse,
  ConfirmPaymentMethodResponse,
  SetupIntentResponse,
  SubscriptionResponse,
  WebhookReceipt,
} from '@shared/api/billing.types';
import type { SyncUsageResponse } from '@shared/api/admin-billing.types';
import type { BillingStatus } from '@shared/domain/roles';
import type { NumberCharge } from '@shared/domain/phone-billing';
import type { PlanConfig } from '@shared/schemas/billing.schema';
import type { AppDeps } from '../../app-deps';
import { ownOrigins } from '../../config';
import { DomainError } from '../../domain/domain-error';
import { isoNow, monthKey } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { PaymentEvent, SubscriptionView } from '../../providers/payments/payments.types';
import { usageTermsOn, type PlanRecord, type TenantsService } from '../tenants/tenants.service';
import type { UsageService } from '../usage/usage.service';
import {
  countPhoneNumbers,
  findSubscription,
  insertPhoneNumberCharge,
  isEventProcessed,
  recordEvent,
  saveSubscription,
  type SubscriptionSnapshot,
} from './billing.store';
import { adoptsSubscription, billingStatusFor, hasEnded } from './subscription-rules';

export type BillingService = ReturnType<typeof createBillingService>;

/** The job that brings the subscription's count of extra phone numbers up to date after a purchase. */
export const SYNC_PHONE_BILLING_JOB = 'sync-phone-billing';
export const SYNC_PHONE_BILLING_RETRIES = { retryLimit: 8, retryDelaySeconds: 5, retryBackoff: true };

/** Events whose subscription we fetch again and apply; the rest only refresh the tenant's cards. */
const SUBSCRIPTION_EVENTS = /^(customer\.subscription\.|invoice\.)/;
const CARD_EVENTS = /^(setup_intent\.|payment_method\.|customer\.updated$)/;

const toSnapshot = (view: SubscriptionView): SubscriptionSnapshot => ({
  subscriptionId: view.id,
  customerId: view.customerId,
  status: view.status,
  planId: view.planId,
  currentPeriodStart: view.currentPeriodStart,
  currentPeriodEnd: view.currentPeriodEnd,
  cancelAtPeriodEnd: view.cancelAtPeriodEnd,
  items: view.items.map(({ amount, currency, interval, kind }) => ({ amount, currency, interval, kind })),
});

/**
 * What a tenant is billed and how it pays: its payments customer and cards, its subscription (the provider is the
 * truth; we keep the last state it told us), the provider's webhooks, and its phone numbers' monthly charges.
 */
export function createBillingService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'payments' | 'principals' | 'config' | 'logger' | 'jobs'>,
  tenants: TenantsService,
  usage: UsageService,
) {
  const { db, payments } = deps;

  /** Origins the payment provider may send a customer back to: ours. */
  const returnOrigins = ownOrigins(deps.config);

  async function customerOf(tenantId: string): Promise<string> {
    const tenant = await tenants.get(tenantId);
    if (tenant.stripeCustomerId) return tenant.stripeCustomerId;
    const created = await payments.createCustomer({ tenantId, name: tenant.name, email: null });
    return tenants.setStripeCustomer(tenantId, created);
  }

  async function subscriptionResponse(tenantId: string): Promise<SubscriptionResponse> {
    const [tenant, snapshot] = await Promise.all([tenants.get(tenantId), findSubscription(db, tenantId)]);
    return {
      hasSubscription: !!snapshot && !hasEnded(snapshot.status),
      subscription: snapshot
        ? {
            id: snapshot.subscriptionId,
            status: snapshot.status,
            currentPeriodStart: snapshot.currentPeriodStart,
            currentPeriodEnd: snapshot.currentPeriodEnd,
            cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
            planId: snapshot.planId ?? tenant.plan,
            items: snapshot.items,
          }
        : null,
      billingStatus: tenant.billingStatus,
    };
  }

  /**
   * Makes the provider's subscription the tenant's state in one transaction: the snapshot, the billing status that
   * follows from it, and its plan (whose limits apply at once); then every instance drops the cached principals.
   */
  async function applySubscription(view: SubscriptionView): Promise<string | null> {
    const tenantId = view.tenantId ?? (await tenants.tenantIdByStripeCustomer(view.customerId)) ?? null;
    if (!tenantId) {
      deps.logger.warn({ subscriptionId: view.id }, 'subscription of an unknown customer ignored');
      return null;
    }
    // Read before the transaction: SQLite's one connection is the transaction's until it ends.
    const [plan, tenant] = await Promise.all([
      view.planId ? tenants.findPlan(view.planId) : undefined,
      tenants.get(tenantId),
    ]);
    const work = async (tx: Knex.Transaction) => {
      const current = await findSubscription(tx, tenantId);
      if (!adoptsSubscription(current?.subscriptionId ?? null, view)) return false;
      await saveSubscription(tx, tenantId, toSnapshot(view), isoNow(deps.clock));
      const planChanged = !!plan && plan.id !== tenant.plan;
      await tenants.updateBilling(tx, tenantId, {
        billingStatus: billingStatusFor(view.status),
        stripeSubscriptionId: view.id,
        ...(planChanged ? { plan: { id: plan.id, minutesIncluded: plan.minutesIncluded } } : {}),
      });
      if (planChanged) {
        await usage.reviseCurrentMonth(tx, tenantId, usageTermsOn(plan, tenant, view.customerId));
      }
      return true;
    };
    const applied = await db.transaction(work);
    if (applied) await deps.principals.invalidate({ tenantId });
    return tenantId;
  }

  async function refreshCards(tenantId: string, customerId: string): Promise<void> {
    const methods = await payments.listPaymentMethods(customerId);
    await tenants.updateBilling(db, tenantId, { hasPaymentMethod: methods.length > 0 });
  }

  /** The plan's prices at the provider, syncing the plan first if it never was. */
  async function pricesOf(plan: PlanRecord) {
    const stored = await tenants.planPricing(plan.id);
    if (stored?.productId && stored.monthlyPriceId && stored.meteredPriceId && stored.meterId) return stored;
    const meterId = await payments.ensureMeter(await tenants.anyMeterId());
    const synced = await payments.syncPlan(plan, meterId);
    const pricing = {
      productId: synced.productId,
      monthlyPriceId: synced.monthlyPriceId,
      yearlyPriceId: synced.yearlyPriceId,
      meteredPriceId: synced.meteredPriceId,
      meterId: synced.meterId,
      phoneNumberPriceId: synced.phoneNumberPriceId,
    };
    // Another sync may have recorded first; the provider's idempotency gave it the same objects.
    if (!(await tenants.setPlanPricing(plan.id, pricing))) return (await tenants.planPricing(plan.id)) ?? pricing;
    return pricing;
  }

  /** The phone numbers beyond the plan's included ones, at the plan's per-number price (none when they are free). */
  async function extraPhoneNumbers(tenantId: string, plan: PlanRecord, priceId: string | null) {
    if (!priceId) return null;
    const quantity = Math.max(0, (await countPhoneNumbers(db, tenantId)) - plan.phoneNumbersIncluded);
    return { priceId, quantity };
  }

  async function processEvent(event: PaymentEvent): Promise<void> {
    if (SUBSCRIPTION_EVENTS.test(event.type) && event.subscriptionId) {
      // Fetched again rather than read from the event: events arrive late, twice and out of order.
      await applySubscription(await payments.retrieveSubscription(event.subscriptionId));
      return;
    }
    if (CARD_EVENTS.test(event.type) && event.customerId) {
      const tenantId = await tenants.tenantIdByStripeCustomer(event.customerId);
      if (!tenantId) return;
      await refreshCards(tenantId, event.customerId);
      // A new card (in the provider's portal, say) may settle what was owed: the subscription, fetched again, says
      // whether billing is usable, also after a superadmin marked the tenant delinquent.
      const { stripeSubscriptionId } = await tenants.get(tenantId);
      if (stripeSubscriptionId) await applySubscription(await payments.retrieveSubscription(stripeSubscriptionId));
    }
  }

  const service = {
    async status(tenantId: string): Promise<BillingStatusResponse> {
      const [tenant, plan] = await Promise.all([tenants.get(tenantId), tenants.plan(tenantId)]);
      let paymentMethods: BillingStatusResponse['paymentMethods'] = [];
      if (tenant.stripeCustomerId) {
        try {
          paymentMethods = await payments.listPaymentMethods(tenant.stripeCustomerId);
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
      };
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
      const methods = await payments.listPaymentMethods(tenant.stripeCustomerId);
      await tenants.updateBilling(db, tenantId, { hasPaymentMethod: methods.length > 0 });
      await deps.principals.invalidate({ tenantId });
      const method = methods.find((candidate) => candidate.id === intent.paymentMethodId);
      if (!method) throw new DomainError('PROVIDER_CONFLICT', 'The payment provider does not list the new card yet.');
      return { paymentMethod: method, billingStatus: tenant.billingStatus, hasPaymentMethod: true };
    },

    subscription: subscriptionResponse,

    /**
     * Activation and plan changes (spec 001 §4): with a card on file, the plan's flat and metered prices become the
     * tenant's subscription, or replace the items of its live one; the status and plan limits follow at once.
     */
    async subscribe(
      tenantId: string,
      input: { planId: string; planConfig?: PlanConfig },
    ): Promise<SubscriptionResponse> {
      const [tenant, plan, current] = await Promise.all([
        tenants.get(tenantId),
        tenants.findPlan(input.planId),
        findSubscription(db, tenantId),
      ]);
      if (!plan || !plan.active || (!plan.visible && plan.id !== tenant.plan)) {
        throw new DomainError('NOT_FOUND', 'No plan has this id.');
      }
      const interval = input.planConfig?.interval ?? 'month';
      const price = interval === 'year' ? plan.basePriceYearly : plan.basePriceMonthly;
      if (price === null) throw new DomainError('PLAN_PRICE_MISSING', 'This plan has no yearly price.');
      if (input.planConfig && (input.planConfig.amount !== price || input.planConfig.currency !== plan.currency)) {
        throw new DomainError('PLAN_PRICE_CHANGED');
      }
      if (!tenant.stripeCustomerId || !tenant.hasPaymentMethod) throw new DomainError('PAYMENT_METHOD_REQUIRED');
      const pricing = await pricesOf(plan);
      const flatPriceId = interval === 'year' ? pricing.yearlyPriceId : pricing.monthlyPriceId;
      if (!flatPriceId || !pricing.meteredPriceId) {
        throw new DomainError('PLAN_NOT_SET_UP');
      }
      const phoneNumbers = await extraPhoneNumbers(tenantId, plan, pricing.phoneNumberPriceId);
      let view: SubscriptionView;
      if (current && !hasEnded(current.status)) {
        const live = await payments.retrieveSubscription(current.subscriptionId);
        const flat = live.items.find((item) => item.kind === 'flat');
        view =
          !hasEnded(live.status) && live.planId === plan.id && flat?.priceId === flatPriceId
            ? live
            : hasEnded(live.status)
              ? await create()
              : await payments.changeSubscriptionPlan(live, {
                  planId: plan.id,
                  flatPriceId,
                  meteredPriceId: pricing.meteredPriceId,
                  phoneNumbers,
                });
      } else {
        view = await create();
      }
      await applySubscription({ ...view, tenantId, planId: view.planId ?? plan.id });
      return subscriptionResponse(tenantId);

      function create() {
        return payments.createSubscription({
          customerId: tenant.stripeCustomerId as string,
          tenantId,
          planId: plan!.id,
          flatPriceId: flatPriceId as string,
          meteredPriceId: pricing.meteredPriceId as string,
          phoneNumbers,
          paymentMethodId: null,
          // A double click makes one subscription; after this one ends, the next key is new.
          idempotencyKey: `tenant-${tenantId}-subscribe-${current?.subscriptionId ?? 'first'}-${plan!.id}-${interval}`,
        });
      }
    },

    /** Cancel at the period's end (true) or take that back (false); an ended subscription cannot come back. */
    async setCancelAtPeriodEnd(tenantId: string, cancelAtPeriodEnd: boolean): Promise<SubscriptionResponse> {
      const current = await findSubscription(db, tenantId);
      if (!current || hasEnded(current.status)) {
        throw new DomainError(cancelAtPeriodEnd ? 'SUBSCRIPTION_NOT_ACTIVE' : 'SUBSCRIPTION_ENDED');
      }
      const view = await payments.setCancelAtPeriodEnd(current.subscriptionId, cancelAtPeriodEnd);
      await applySubscription({ ...view, tenantId });
      return subscriptionResponse(tenantId);
    },

    /** The provider's billing portal; `returnUrl` must be one of our own pages. */
    async portalSession(tenantId: string, returnUrl?: string): Promise<{ url: string }> {
      const target = returnUrl ?? `${deps.config.publicUrl.replace(/\/+$/, '')}/billing`;
      let origin: string;
      try {
        origin = new URL(target).origin;
      } catch {
        origin = '';
      }
      if (!returnOrigins.has(origin)) {
        throw new DomainError('VALIDATION_FAILED', 'Invalid return URL', {
          fields: { returnUrl: 'Invalid return URL' },
        });
      }
      return { url: await payments.createPortalSession(await customerOf(tenantId), target) };
    },

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

    /** A superadmin sets the billing status or the plan; the gate, the dialer and the 402 follow at once. */
    async adminUpdate(tenantId: string, change: { billingStatus?: BillingStatus; planId?: string }): Promise<void> {
      const tenant = await tenants.get(tenantId);
      if (change.planId && change.planId !== tenant.plan) {
        const plan = await tenants.findPlan(change.planId);
        if (!plan) throw new DomainError('NOT_FOUND', 'No plan has this id.');
        const current = await findSubscription(db, tenantId);
        if (current && !hasEnded(current.status)) {
          const pricing = await pricesOf(plan);
          const live = await payments.retrieveSubscription(current.subscriptionId);
          const interval = live.items.find((item) => item.kind === 'flat')?.interval ?? 'month';
          const flatPriceId = interval === 'year' ? pricing.yearlyPriceId : pricing.monthlyPriceId;
          if (!flatPriceId || !pricing.meteredPriceId) {
            throw new DomainError('PLAN_PRICE_MISSING', `The ${plan.name} plan has no ${interval}ly price.`);
          }
          const view = await payments.changeSubscriptionPlan(live, {
            planId: plan.id,
            flatPriceId,
            meteredPriceId: pricing.meteredPriceId,
            phoneNumbers: await extraPhoneNumbers(tenantId, plan, pricing.phoneNumberPriceId),
          });
          await applySubscription({ ...view, tenantId, planId: plan.id });
        } else {
          await db.transaction(async (trx) => {
            await tenants.updateBilling(trx, tenantId, {
              plan: { id: plan.id, minutesIncluded: plan.minutesIncluded },
            });
            await usage.reviseCurrentMonth(trx, tenantId, usageTermsOn(plan, tenant, null));
          });
        }
      }
      if (change.billingStatus) await tenants.updateBilling(db, tenantId, { billingStatus: change.billingStatus });
      await deps.principals.invalidate({ tenantId });
    },

    /** Sends the tenant's current period's calls the provider has not counted. */
    async syncUsage(tenantId: string): Promise<SyncUsageResponse> {
      await tenants.get(tenantId);
      const current = await findSubscription(db, tenantId);
      const now = deps.clock.now();
      const period = current
        ? {
            start: current.currentPeriodStart,
            end: Math.max(current.currentPeriodEnd, Math.ceil(now.getTime() / 1000)),
          }
        : {
            start: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) / 1000,
            end: Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000,
          };
      const pricing = current?.planId ? await tenants.planPricing(current.planId) : undefined;
      return usage.syncToProvider(tenantId, period, pricing?.meterId ?? (await tenants.anyMeterId()));
    },

    /** The plan's product and prices at the provider (admin sync); refused once it has them. */
    async syncPlan(planId: string): Promise<void> {
      const plan = await tenants.findPlan(planId);
      if (!plan) throw new DomainError('NOT_FOUND', 'No plan has this id.');
      if (plan.stripeProductId) throw new DomainError('PLAN_ALREADY_SYNCED');
      await pricesOf(plan);
    },

    /** The job's work: the subscription bills as many extra phone numbers as the tenant has beyond its plan. */
    async syncPhoneNumberBilling(tenantId: string): Promise<void> {
      const current = await findSubscription(db, tenantId);
      if (!current || hasEnded(current.status) || !current.planId) return;
      const [plan, pricing] = await Promise.all([
        tenants.findPlan(current.planId),
        tenants.planPricing(current.planId),
      ]);
      const phoneNumbers = plan ? await extraPhoneNumbers(tenantId, plan, pricing?.phoneNumberPriceId ?? null) : null;
      if (!phoneNumbers) return;
      const live = await payments.retrieveSubscription(current.subscriptionId);
      if (hasEnded(live.status)) return;
      await applySubscription(await payments.setPhoneNumberQuantity(live, phoneNumbers));
    },

    /**
     * Records this month's charge of a number bought in `trx`, so both commit or neither does; the subscription's
     * count of extra numbers is brought up to date by a job queued in the same transaction.
     */
    async chargePhoneNumber(
      trx: Knex.Transaction,
      tenantId: string,
      phoneNumberId: string,
      charge: NumberCharge,
    ): Promise<void> {
      await insertPhoneNumberCharge(
        trx,
        tenantId,
        { id: newId(), phoneNumberId, month: monthKey(deps.clock.now()), ...charge },
        isoNow(deps.clock),
      );
      await deps.jobs.send(
        SYNC_PHONE_BILLING_JOB,
        { tenantId },
        { singletonKey: tenantId, ...SYNC_PHONE_BILLING_RETRIES },
        trx,
      );
    },

    /**
     * The sandbox demo: each demo tenant that has no subscription gets a payments customer, the test card and a
     * subscription to its plan, so the demo's billing pages, portal and invoices are real. Failures are logged.
     */
    async provisionSandboxDemo(tenantIds: readonly string[]): Promise<void> {
      for (const tenantId of tenantIds) {
        try {
          const tenant = await tenants.get(tenantId);
          if (tenant.stripeSubscriptionId) continue;
          const intent = await payments.createSetupIntent(await customerOf(tenantId));
          await payments.confirmSetupIntent(intent.id, 'pm_card_visa');
          await service.confirmPaymentMethod(tenantId, intent.id);
          await service.subscribe(tenantId, { planId: tenant.plan });
        } catch (error) {
          deps.logger.warn({ err: error, tenantId }, 'demo billing not provisioned');
        }
      }
    },
  };
  return service;
}
