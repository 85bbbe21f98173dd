import type { BillingContext } from './billing-context';
import type { createBillingCards } from './billing-cards';
import type { createBillingSubscriptions } from './billing-subscriptions';

/** A demo tenant's past at the payment sandbox: billed since `since`, with these minutes used per month (YYYY-MM). */
export interface DemoBillingHistory {
  tenantId: string;
  since: Date;
  minutesByMonth: ReadonlyMap<string, number>;
}

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);
/** The month's minutes are reported an hour before its period closes, as the last calls of the month would be. */
const REPORTED_BEFORE_CLOSE_SECS = 3600;
const monthOf = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 7);

/**
 * The sandbox demo's billing, made through the payments adapter as a customer's would be: each demo tenant without a
 * subscription becomes a customer on a test clock set to the start of its history, adds the test card and subscribes
 * to its plan; the clock is then moved through each past month with that month's minutes reported to the meter, so
 * the payment sandbox holds a paid invoice per month (with its overage) as a real account would.
 */
export function createBillingDemo(
  { deps, modules }: BillingContext,
  cards: ReturnType<typeof createBillingCards>,
  subscriptions: ReturnType<typeof createBillingSubscriptions>,
) {
  const { payments, logger } = deps;
  const { tenants } = modules;

  async function provisionOne({ tenantId, since, minutesByMonth }: DemoBillingHistory, now: Date): Promise<void> {
    const tenant = await tenants.get(tenantId);
    if (tenant.stripeSubscriptionId || tenant.stripeCustomerId) return;
    const clockId = await payments.createTestClock(epoch(since));
    const customerId = await payments.createCustomer({
      tenantId,
      name: tenant.name,
      email: null,
      testClockId: clockId,
    });
    await tenants.setStripeCustomer(tenantId, customerId);
    const intent = await payments.createSetupIntent(customerId);
    await payments.confirmSetupIntent(intent.id, 'pm_card_visa');
    await cards.confirmPaymentMethod(tenantId, intent.id);
    const subscribed = await subscriptions.subscribe(tenantId, { planId: tenant.plan });
    const subscriptionId = subscribed.subscription?.id;
    let periodEnd = subscribed.subscription?.currentPeriodEnd ?? Infinity;
    while (subscriptionId && periodEnd <= epoch(now)) {
      const month = monthOf(periodEnd - REPORTED_BEFORE_CLOSE_SECS);
      const minutes = minutesByMonth.get(month) ?? 0;
      if (minutes > 0) {
        const reportedAt = periodEnd - REPORTED_BEFORE_CLOSE_SECS;
        await payments.advanceTestClock(clockId, reportedAt);
        await payments.reportUsage({
          customerId,
          minutes,
          identifier: `demo-${tenantId}-${month}`,
          timestamp: reportedAt,
        });
      }
      await payments.advanceTestClock(clockId, periodEnd + 60);
      periodEnd = (await payments.retrieveSubscription(subscriptionId)).currentPeriodEnd;
    }
    await keepClockAt(clockId, now);
  }

  async function keepClockAt(clockId: string, now: Date) {
    await payments.advanceTestClock(clockId, epoch(now));
  }

  return {
    /** Provisions each demo tenant's billing history; failures are logged and leave the tenant as it was. */
    async provisionSandboxDemo(histories: readonly DemoBillingHistory[], now: Date): Promise<void> {
      for (const history of histories) {
        try {
          await provisionOne(history, now);
        } catch (error) {
          logger.warn({ err: error, tenantId: history.tenantId }, 'demo billing not provisioned');
        }
      }
    },

    /**
     * Moves the sandbox's test clocks up to now: a demo customer's clock stays where it was last moved, and the meter
     * refuses usage more than 5 minutes ahead of it, so the demo keeps its clocks at the present while it runs.
     */
    async keepDemoClocksCurrent(now: Date): Promise<void> {
      for (const clock of await payments.listTestClocks()) {
        if (clock.frozenTime < epoch(now)) await keepClockAt(clock.id, now);
      }
    },
  };
}
