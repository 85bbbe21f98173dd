import type { Router, RouterMiddleware } from '@koa/router';
import { DomainError } from '../domain/domain-error';
import type { AppState } from './auth.middleware';

/**
 * A method a route does not support answers 405 with the route's Allow list. koa-router answers 501 to methods it
 * does not implement at all (TRACE, PROPFIND…), which says the server failed rather than that the client asked
 * wrongly; a path no route matches stays a 404.
 */
export function methodNotAllowed(router: Router<AppState>): RouterMiddleware<AppState> {
  const allowedMethods = router.allowedMethods();
  return async (ctx, next) => {
    await allowedMethods(ctx, next);
    if (ctx.status !== 405 && ctx.status !== 501) return;
    const allow = ctx.response.get('Allow');
    if (!allow) {
      ctx.remove('Allow');
      ctx.status = 404;
      return;
    }
    throw new DomainError('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed here. Allowed: ${allow}.`);
  };
}
