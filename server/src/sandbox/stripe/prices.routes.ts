import type { Context } from 'koa';
import { newProduct } from './products.routes';
import { tiersProblem, type PriceTier } from './graduated-tiers';
import { invalidRequest, missingParam, nowSecs, type Params, type StripeObject } from './stripe.http';
import { paramsOf, pathParam, listRoute, retrieveRoute, type StripeRoute } from './stripe.request';
import type { StripeState } from './stripe.state';

/**
 * Prices: flat (per unit) one-time or recurring, and metered recurring prices, which since API 2025-03-31 must
 * reference a Billing Meter; graduated tiers for included usage then overage. Prices are immutable but for `active`,
 * `lookup_key` (moved with `transfer_lookup_key`), `nickname` and `metadata`.
 */

export interface PriceRecurring {
  interval: 'day' | 'week' | 'month' | 'year';
  interval_count: number;
  meter: string | null;
  usage_type: 'licensed' | 'metered';
}

/** The tiers of a stored price in the shape the tier math takes. */
export function priceTiers(price: StripeObject): PriceTier[] {
  return ((price.tiers as Array<Record<string, number | null>> | null) ?? []).map((tier) => ({
    upTo: tier.up_to ?? null,
    unitAmount: tier.unit_amount ?? 0,
    flatAmount: tier.flat_amount ?? 0,
  }));
}

const amountParam = (params: Params, key: string) => params.integer(key, { min: 0 });

function readTiers(params: Params): PriceTier[] | undefined {
  const tiers = params.objects('tiers')?.map((tier) => {
    const upTo = tier.requiredString('up_to');
    if (upTo !== 'inf' && !/^\d+$/.test(upTo)) {
      throw invalidRequest(`Invalid integer: ${upTo}`, tier.name('up_to'), 'parameter_invalid_integer');
    }
    return {
      upTo: upTo === 'inf' ? null : Number(upTo),
      unitAmount: amountParam(tier, 'unit_amount') ?? 0,
      flatAmount: amountParam(tier, 'flat_amount') ?? 0,
    };
  });
  if (!tiers) return undefined;
  const problem = tiersProblem(tiers);
  if (problem) throw invalidRequest(problem, 'tiers');
  return tiers;
}

function readRecurring(params: Params, state: StripeState): PriceRecurring | null {
  const recurring = params.object('recurring');
  if (!recurring) return null;
  const interval = recurring.oneOf('interval', ['day', 'week', 'month', 'year'] as const);
  if (!interval) throw missingParam('recurring[interval]');
  const usageType = recurring.oneOf('usage_type', ['licensed', 'metered'] as const) ?? 'licensed';
  const meter = recurring.string('meter') ?? null;
  if (usageType === 'metered' && !meter) {
    throw invalidRequest(
      'Metered prices must be backed by a meter: pass `recurring[meter]` with the id of a Billing Meter.',
      'recurring[meter]',
    );
  }
  if (meter) {
    if (usageType !== 'metered') throw invalidRequest('Only metered prices can reference a meter.', 'recurring[meter]');
    const found = state.find('meters', meter, 'recurring[meter]');
    if (found.status !== 'active') throw invalidRequest(`The meter ${meter} is not active.`, 'recurring[meter]');
  }
  return {
    interval,
    interval_count: recurring.integer('interval_count', { min: 1 }) ?? 1,
    meter,
    usage_type: usageType,
  };
}

/** Moves a lookup key off the price holding it, or refuses as Stripe does when the move was not asked for. */
function claimLookupKey(state: StripeState, lookupKey: string, transfer: boolean, exceptId?: string): void {
  const holder = state.collections.prices
    .all()
    .find((price) => price.lookup_key === lookupKey && price.id !== exceptId);
  if (!holder) return;
  if (!transfer) {
    throw invalidRequest(
      `A price (\`${holder.id}\`) already uses that lookup key.`,
      'lookup_key',
      'lookup_key_already_exists',
    );
  }
  state.save('prices', { ...holder, lookup_key: null });
}

function createPrice(ctx: Context, state: StripeState): void {
  const params = paramsOf(ctx);
  const currency = params.requiredString('currency').toLowerCase();
  let productId = params.string('product');
  const productData = params.object('product_data');
  if (!productId && productData) productId = newProduct(state, productData).id;
  if (!productId) throw missingParam('product');
  state.find('products', productId, 'product');
  const recurring = readRecurring(params, state);
  const billingScheme = params.oneOf('billing_scheme', ['per_unit', 'tiered'] as const) ?? 'per_unit';
  const tiers = readTiers(params);
  const tiersMode = params.oneOf('tiers_mode', ['graduated', 'volume'] as const) ?? null;
  const unitAmount = amountParam(params, 'unit_amount');
  if (billingScheme === 'tiered') {
    if (!tiers) throw missingParam('tiers');
    if (!tiersMode) throw missingParam('tiers_mode');
    if (unitAmount !== undefined) throw invalidRequest('Tiered prices cannot have a unit_amount.', 'unit_amount');
    if (!recurring) throw invalidRequest('Tiered prices must be recurring.', 'billing_scheme');
  } else {
    if (tiers || tiersMode) throw invalidRequest('Only tiered prices can have tiers.', 'tiers');
    if (unitAmount === undefined) throw missingParam('unit_amount');
  }
  const lookupKey = params.string('lookup_key') ?? null;
  if (lookupKey) claimLookupKey(state, lookupKey, params.boolean('transfer_lookup_key') ?? false);
  const price: StripeObject = {
    id: state.newId('prices'),
    object: 'price',
    active: params.boolean('active') ?? true,
    billing_scheme: billingScheme,
    created: nowSecs(),
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey,
    metadata: params.metadata(),
    nickname: params.string('nickname') ?? null,
    product: productId,
    recurring: recurring ? { ...recurring, trial_period_days: null } : null,
    tax_behavior: 'unspecified',
    tiers: tiers?.map((tier) => ({
      flat_amount: tier.flatAmount,
      flat_amount_decimal: String(tier.flatAmount),
      unit_amount: tier.unitAmount,
      unit_amount_decimal: String(tier.unitAmount),
      up_to: tier.upTo,
    })),
    tiers_mode: tiersMode,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount ?? null,
    unit_amount_decimal: unitAmount === undefined ? null : String(unitAmount),
  };
  if (!tiers) delete price.tiers;
  ctx.body = state.save('prices', price);
  state.emit('price.created', price);
}

function updatePrice(ctx: Context, state: StripeState): void {
  const params = paramsOf(ctx);
  const before = state.find('prices', pathParam(ctx, 'id'));
  const lookupKey = params.has('lookup_key') ? (params.string('lookup_key') ?? null) : before.lookup_key;
  if (typeof lookupKey === 'string' && lookupKey !== before.lookup_key) {
    claimLookupKey(state, lookupKey, params.boolean('transfer_lookup_key') ?? false, before.id);
  }
  const after: StripeObject = {
    ...before,
    active: params.boolean('active') ?? before.active,
    lookup_key: lookupKey,
    nickname: params.has('nickname') ? (params.string('nickname') ?? null) : before.nickname,
    metadata: params.metadata(before.metadata as Record<string, string>),
  };
  ctx.body = state.save('prices', after);
  state.emit('price.updated', after);
}

function priceFilter(params: Params) {
  const product = params.string('product');
  const active = params.boolean('active');
  const type = params.string('type');
  const currency = params.string('currency');
  const lookupKeys = params.strings('lookup_keys');
  return (price: StripeObject) =>
    (!product || price.product === product) &&
    (active === undefined || price.active === active) &&
    (!type || price.type === type) &&
    (!currency || price.currency === currency) &&
    (!lookupKeys || lookupKeys.includes(String(price.lookup_key)));
}

export const priceRoutes: readonly StripeRoute[] = [
  { method: 'post', path: '/v1/prices', handle: createPrice },
  listRoute('/v1/prices', 'prices', priceFilter),
  retrieveRoute('/v1/prices/:id', 'prices'),
  { method: 'post', path: '/v1/prices/:id', handle: updatePrice },
];
