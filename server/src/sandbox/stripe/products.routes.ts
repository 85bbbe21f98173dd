import type { Context } from 'koa';
import { nowSecs, type Params, type StripeObject } from './stripe.http';
import { paramsOf, pathParam, listRoute, retrieveRoute, type StripeRoute } from './stripe.request';
import type { StripeState } from './stripe.state';

/** Products: create, retrieve, update, list. */

/** A product from `name`, `description`, `metadata`…: `POST /v1/products`, or a price's `product_data`. */
export function newProduct(state: StripeState, params: Params): StripeObject {
  const now = nowSecs();
  const product: StripeObject = {
    id: params.string('id') ?? state.newId('products'),
    object: 'product',
    active: params.boolean('active') ?? true,
    created: now,
    default_price: null,
    description: params.string('description') ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: params.metadata(),
    name: params.requiredString('name'),
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: now,
    url: null,
  };
  state.save('products', product);
  state.emit('product.created', product);
  return product;
}

function updateProduct(ctx: Context, state: StripeState): void {
  const params = paramsOf(ctx);
  const before = state.find('products', pathParam(ctx, 'id'));
  const defaultPrice = params.string('default_price');
  if (defaultPrice) state.find('prices', defaultPrice, 'default_price');
  const after: StripeObject = {
    ...before,
    active: params.boolean('active') ?? before.active,
    name: params.string('name') ?? before.name,
    description: params.has('description') ? params.string('description') : before.description,
    default_price: params.has('default_price') ? defaultPrice : before.default_price,
    metadata: params.metadata(before.metadata as Record<string, string>),
    updated: nowSecs(),
  };
  ctx.body = state.save('products', after);
  state.emit('product.updated', after);
}

export const productRoutes: readonly StripeRoute[] = [
  {
    method: 'post',
    path: '/v1/products',
    handle: (ctx, state) => {
      ctx.body = newProduct(state, paramsOf(ctx));
    },
  },
  listRoute('/v1/products', 'products', (params) => {
    const active = params.boolean('active');
    return (product) => active === undefined || product.active === active;
  }),
  retrieveRoute('/v1/products/:id', 'products'),
  { method: 'post', path: '/v1/products/:id', handle: updateProduct },
];
