import type { Context } from 'koa';
import { invalidRequest, listObject, missingParam, nowSecs, type StripeObject } from './stripe.http';
import { paramsOf, pathParam, listRoute, retrieveRoute, type StripeRoute } from './stripe.request';
import type { MeterEventRecord, StripeState } from './stripe.state';

/**
 * Billing Meters, the meter events that feed them and their summaries. Stripe processes meter events
 * asynchronously; the emulator counts them at once, which is what a test waiting for Stripe would end up seeing.
 */

const MAX_PAST_SECS = 35 * 24 * 3600;
const MAX_FUTURE_SECS = 5 * 60;

type Aggregation = 'sum' | 'count' | 'last';

function createMeter(ctx: Context, state: StripeState): void {
  const params = paramsOf(ctx);
  const eventName = params.requiredString('event_name');
  const formula = params.object('default_aggregation')?.oneOf('formula', ['sum', 'count', 'last'] as const);
  if (!formula) throw missingParam('default_aggregation[formula]');
  if (state.collections.meters.all().some((meter) => meter.event_name === eventName && meter.status === 'active')) {
    throw invalidRequest(`An active meter with event_name \`${eventName}\` already exists.`, 'event_name');
  }
  const mapping = params.object('customer_mapping');
  const now = nowSecs();
  const meter: StripeObject = {
    id: state.newId('meters'),
    object: 'billing.meter',
    created: now,
    customer_mapping: {
      event_payload_key: mapping?.string('event_payload_key') ?? 'stripe_customer_id',
      type: mapping?.oneOf('type', ['by_id'] as const) ?? 'by_id',
    },
    default_aggregation: { formula },
    display_name: params.requiredString('display_name'),
    event_name: eventName,
    event_time_window: params.oneOf('event_time_window', ['day', 'hour'] as const) ?? null,
    livemode: false,
    status: 'active',
    status_transitions: { deactivated_at: null },
    updated: now,
    value_settings: { event_payload_key: params.object('value_settings')?.string('event_payload_key') ?? 'value' },
  };
  ctx.body = state.save('meters', meter);
}

/** Records one usage event; a second event with the same identifier for the meter is refused, as Stripe does. */
function createMeterEvent(ctx: Context, state: StripeState): void {
  const params = paramsOf(ctx);
  const eventName = params.requiredString('event_name');
  const payload = params.object('payload');
  if (!payload) throw missingParam('payload');
  const meter = state.collections.meters
    .all()
    .find((entry) => entry.event_name === eventName && entry.status === 'active');
  if (!meter) {
    // Stripe accepts the event and reports the missing meter later, in a `v1.billing.meter.no_meter_found` event.
    state.logger?.warn({ eventName }, 'stripe sandbox: meter event without an active meter');
  }
  const customerKey = (meter?.customer_mapping as { event_payload_key: string } | undefined)?.event_payload_key;
  const valueKey = (meter?.value_settings as { event_payload_key: string } | undefined)?.event_payload_key ?? 'value';
  const customer = customerKey ? payload.string(customerKey) : undefined;
  if (meter && !customer) throw missingParam(`payload[${customerKey}]`);
  if (customer) state.find('customers', customer, `payload[${customerKey}]`);
  const rawValue = payload.string(valueKey) ?? '1';
  if (!/^\d+$/.test(rawValue)) {
    throw invalidRequest(`The value \`${rawValue}\` is not a whole number.`, `payload[${valueKey}]`);
  }
  const now = state.now(customer);
  const timestamp = params.integer('timestamp') ?? now;
  if (timestamp < now - MAX_PAST_SECS || timestamp > now + MAX_FUTURE_SECS) {
    throw invalidRequest(
      'Timestamp must be within the past 35 days and no more than 5 minutes in the future.',
      'timestamp',
    );
  }
  const identifier = params.string('identifier') ?? `${nowSecs()}-${state.newId('events').slice(4)}`;
  const key = `${eventName}:${identifier}`;
  if (state.meterEvents.get(key)) {
    throw invalidRequest(
      `A meter event with the identifier \`${identifier}\` already exists.`,
      'identifier',
      'resource_already_exists',
    );
  }
  const event: StripeObject = {
    id: identifier,
    object: 'billing.meter_event',
    created: nowSecs(),
    event_name: eventName,
    identifier,
    livemode: false,
    payload: payload.values,
    timestamp,
  };
  const record: MeterEventRecord = { meter: meter?.id ?? '', customer: customer ?? '', value: Number(rawValue), event };
  state.meterEvents.put(key, record);
  const { id: _id, ...body } = event;
  ctx.body = body;
}

/** A meter's aggregated usage for a customer over `[start, end)`: the figure invoices bill. */
export function aggregatedUsage(
  state: StripeState,
  meter: StripeObject,
  customer: string,
  start: number,
  end: number,
): number {
  const formula = (meter.default_aggregation as { formula: Aggregation }).formula;
  const events = state.meterEvents
    .all()
    .filter(
      (record) =>
        record.meter === meter.id &&
        record.customer === customer &&
        Number(record.event.timestamp) >= start &&
        Number(record.event.timestamp) < end,
    )
    .sort((a, b) => Number(a.event.timestamp) - Number(b.event.timestamp));
  if (formula === 'count') return events.length;
  if (formula === 'last') return events.at(-1)?.value ?? 0;
  return events.reduce((total, record) => total + record.value, 0);
}

function listEventSummaries(ctx: Context, state: StripeState): void {
  const params = paramsOf(ctx);
  const meter = state.find('meters', pathParam(ctx, 'id'));
  const customer = params.requiredString('customer');
  state.find('customers', customer, 'customer');
  const start = params.integer('start_time');
  const end = params.integer('end_time');
  if (start === undefined) throw missingParam('start_time');
  if (end === undefined) throw missingParam('end_time');
  if (end <= start) throw invalidRequest('end_time must be after start_time.', 'end_time');
  const summary: StripeObject = {
    id: `mtrusg_${meter.id.slice(4)}_${customer.slice(4)}_${start}`,
    object: 'billing.meter_event_summary',
    aggregated_value: aggregatedUsage(state, meter, customer, start, end),
    end_time: end,
    livemode: false,
    meter: meter.id,
    start_time: start,
  };
  ctx.body = listObject([summary], params, `/v1/billing/meters/${meter.id}/event_summaries`);
}

export const billingMeterRoutes: readonly StripeRoute[] = [
  { method: 'post', path: '/v1/billing/meters', handle: createMeter },
  listRoute('/v1/billing/meters', 'meters', (params) => {
    const status = params.string('status');
    return (meter) => !status || meter.status === status;
  }),
  retrieveRoute('/v1/billing/meters/:id', 'meters'),
  { method: 'get', path: '/v1/billing/meters/:id/event_summaries', handle: listEventSummaries },
  { method: 'post', path: '/v1/billing/meter_events', handle: createMeterEvent },
];
