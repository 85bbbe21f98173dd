import Router, { type RouterMiddleware } from '@koa/router';
import type { ApiRoute, HttpMethod, Operation } from '@shared/api/routes';
import type { AppState, Guards } from './auth.middleware';

/**
 * The guards an operation's row in the route table asks for, in the order that decides the answer: 401 without
 * credentials, 404 without a tenant, 403 below the role, 402 behind the billing gate. An API key's permission is
 * checked by authenticate, against the same row.
 */
export function guardsFor(operation: Operation, guards: Guards): RouterMiddleware<AppState>[] {
  if (operation.access === 'public') return [];
  return [
    guards.authenticate,
    ...(operation.tenant ? [guards.requireTenant] : []),
    ...(operation.access === 'admin' ? [guards.requireAdmin] : []),
    ...(operation.access === 'superadmin' ? [guards.requireSuperadmin] : []),
    ...(operation.billing ? [guards.billingGate] : []),
  ];
}

export type ApiRouter = Router<AppState> & {
  /** Serves `method` on `route` behind the guards its row names, then `handlers` (HTTP only: they call a service). */
  handle<M extends HttpMethod>(
    route: ApiRoute<string, M>,
    method: M,
    ...handlers: RouterMiddleware<AppState>[]
  ): ApiRouter;
};

/** A module's router: it binds handlers to rows of the route table, and each row decides its guards. */
export function createApiRouter(guards: Guards): ApiRouter {
  const router = new Router<AppState>() as ApiRouter;
  router.handle = (route, method, ...handlers) => {
    router.register(route.pattern, [method], [...guardsFor(route.operation(method), guards), ...handlers]);
    return router;
  };
  return router;
}
