import Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import { usageHistoryQuerySchema } from '@shared/schemas/billing.schema';
import type { AppDeps } from '../../app-deps';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** Usage and plan limits: any member reads them, outside the billing gate, as the billing page does. */
export function usageRoutes(_deps: AppDeps, guards: Guards, { usage }: Services): Router<AppState> {
  const router = new Router<AppState>();
  const member = [guards.authenticate, guards.requireTenant] as const;

  router.get(apiRoutes.usage.limits.pattern, ...member, async (ctx) => {
    ctx.body = await usage.limits(tenantIdOf(ctx));
  });

  router.get(apiRoutes.usage.current.pattern, ...member, async (ctx) => {
    ctx.body = await usage.current(tenantIdOf(ctx));
  });

  router.get(apiRoutes.usage.history.pattern, ...member, async (ctx) => {
    const { limit } = await validate(usageHistoryQuerySchema, ctx.query);
    ctx.body = await usage.history(tenantIdOf(ctx), limit);
  });

  return router;
}
