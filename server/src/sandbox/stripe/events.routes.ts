import type { Params, StripeObject } from './stripe.http';
import { listRoute, retrieveRoute, type StripeRoute } from './stripe.request';

/** Events: every event the emulator sent, to retrieve or list (by `type`, or several `types[]`). */

function eventFilter(params: Params) {
  const type = params.string('type');
  const types = params.strings('types');
  return (event: StripeObject) => {
    const eventType = String(event.type);
    if (types) return types.includes(eventType);
    if (!type) return true;
    // Stripe takes one `*` wildcard: `customer.subscription.*`.
    return type.endsWith('*') ? eventType.startsWith(type.slice(0, -1)) : eventType === type;
  };
}

export const eventRoutes: readonly StripeRoute[] = [
  listRoute('/v1/events', 'events', eventFilter),
  retrieveRoute('/v1/events/:id', 'events'),
];
