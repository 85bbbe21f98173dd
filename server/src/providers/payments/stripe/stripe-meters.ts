import Stripe from 'stripe';
import type { PaymentsProvider } from '../payments.types';
import { callStripe } from './stripe-errors';
import { contentKey } from './stripe-ids';

/** The one meter every plan's overage price counts (created once per environment). */
export const METER_EVENT_NAME = 'voice_minutes';
const CUSTOMER_KEY = 'stripe_customer_id';

/** The summaries' window: Stripe aligns them to whole minutes, so the period is widened to its minutes. */
export function minuteAlignedWindow(start: number, end: number): { start_time: number; end_time: number } {
  return { start_time: Math.floor(start / 60) * 60, end_time: Math.ceil(end / 60) * 60 };
}

/** The voice-minutes meter: found or made once, fed one event per call, and read back to check what it counted. */
export function stripeMeters(stripe: Stripe): Pick<PaymentsProvider, 'ensureMeter' | 'reportUsage' | 'countedUsage'> {
  return {
    ensureMeter: (existingMeterId) =>
      callStripe(async () => {
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

    reportUsage: ({ customerId, minutes, identifier, timestamp }) =>
      callStripe(async () => {
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
      callStripe(async () => {
        let total = 0;
        const params = { customer: customerId, ...minuteAlignedWindow(start, end), limit: 100 };
        for await (const summary of stripe.billing.meters.listEventSummaries(meterId, params)) {
          total += summary.aggregated_value;
        }
        return total;
      }),
  };
}
