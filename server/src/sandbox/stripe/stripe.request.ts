import type { Context } from 'koa';
import type { EmulatorRoute } from '../emulator-route';
import { listObject, type Params, type StripeObject } from './stripe.http';
import type { Kind, StripeState } from './stripe.state';

/** What the emulator's middleware learned about a request before its route runs. */
export interface StripeRequestState {
  params: Params;
  /** Made with the publishable key (Stripe.js), not the secret key. */
  publishable: boolean;
}

export type StripeRoute = EmulatorRoute<StripeState>;

/** The request's parameters, from the form body of a POST or the query string otherwise. */
export const paramsOf = (ctx: Context): Params => (ctx.state as StripeRequestState).params;

export const pathParam = (ctx: Context, name: string): string => String(ctx.params[name] ?? '');

/** `GET …/:id`: the object, or Stripe's 404 for it. */
export const retrieveRoute = (path: string, kind: Kind): StripeRoute => ({
  method: 'get',
  path,
  handle: (ctx, state) => {
    ctx.body = state.find(kind, pathParam(ctx, 'id'));
  },
});

/** `GET …`: a page of the objects that pass the filter the request's parameters make. */
export const listRoute = (
  path: string,
  kind: Kind,
  filterOf: (params: Params) => (object: StripeObject) => boolean,
): StripeRoute => ({
  method: 'get',
  path,
  handle: (ctx, state) => {
    const params = paramsOf(ctx);
    ctx.body = listObject(state.collections[kind].all().filter(filterOf(params)), params, path);
  },
});
