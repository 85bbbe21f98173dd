import type { Knex } from 'knex';
import type { SubscriptionResponse } from '@shared/api/billing.types';
import type { NumberCharge } from '@shared/domain/phone-billing';
import type { PlanConfig } from '@shared/schemas/billing.schema';
import { DomainError } from '../../domain/domain-error';
import { isoNow, monthKey } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { BillingContext } from './billing-context';
import { findSubscription, insertPhoneNumberCharge } from './billing.store';
import { assertSameCurrency, flatPriceIdOf, offeredPlan, subscriptionInterval } from './plan-rules';
import { hasEnded, subscribeIdempotencyKey, subscribeStep } from './subscription-rules';

/** The job that brings the subscription's count of extra phone numbers up to date after a purchase. */
export const SYNC_PHONE_BILLING_JOB = 'sync-phone-billing';
export const SYNC_PHONE_BILLING_RETRIES = { retryLimit: 8, retryDelaySeconds: 5, retryBackoff: true };

/** The tenant's subscription: activation, plan changes, cancellation, and its phone numbers' charges. */
export function createBillingSubscriptions(context: BillingContext) {
  const { deps, modules, pricesOf, extraPhoneNumbers, applySubscription, subscriptionResponse } = context;
  const { db, payments } = deps;
  const { tenants } = modules;

  return {
    subscription: subscriptionResponse,

    /**
     * Activation and plan changes (spec 001 §4): with a card on file, the plan's flat and metered prices become the
     * tenant's subscription, or replace the items of its live one; the status and plan limits follow at once.
     */
    async subscribe(
      tenantId: string,
      input: { planId: string; planConfig?: PlanConfig },
    ): Promise<SubscriptionResponse> {
      const [tenant, found, current, currency] = await Promise.all([
        tenants.get(tenantId),
        tenants.findPlan(input.planId),
        findSubscription(db, tenantId),
        tenants.currency(tenantId),
      ]);
      const plan = offeredPlan(found, tenant.plan);
      assertSameCurrency(currency, plan);
      const interval = subscriptionInterval(plan, input.planConfig);
      if (!tenant.stripeCustomerId || !tenant.hasPaymentMethod) throw new DomainError('PAYMENT_METHOD_REQUIRED');
      const pricing = await pricesOf(plan);
      const flatPriceId = flatPriceIdOf(pricing, interval);
      if (!flatPriceId || !pricing.meteredPriceId) throw new DomainError('PLAN_NOT_SET_UP');
      const items = {
        planId: plan.id,
        flatPriceId,
        meteredPriceId: pricing.meteredPriceId,
        phoneNumbers: await extraPhoneNumbers(tenantId, plan, pricing.phoneNumberPriceId),
      };
      const live =
        current && !hasEnded(current.status) ? await payments.retrieveSubscription(current.subscriptionId) : null;
      const step = subscribeStep(live, items);
      const view =
        live && step === 'keep'
          ? live
          : live && step === 'change'
            ? await payments.changeSubscriptionPlan(live, items)
            : await payments.createSubscription({
                ...items,
                customerId: tenant.stripeCustomerId,
                tenantId,
                paymentMethodId: null,
                idempotencyKey: subscribeIdempotencyKey(tenantId, current?.subscriptionId ?? null, plan.id, interval),
              });
      await applySubscription({ ...view, tenantId, planId: view.planId ?? plan.id });
      return subscriptionResponse(tenantId);
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
  };
}
