import type Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import { usageHistoryQuerySchema } from '@shared/schemas/billing.schema';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** Usage and plan limits: any member reads them, outside the billing gate, as the billing page does. */
export function usageRoutes(_deps: AppDeps, guards: Guards, { usage }: Services): Router<AppState> {
  const router = createApiRouter(guards);

  router.handle(apiRoutes.usage.limits, 'GET', async (ctx) => {
    ctx.body = await usage.limits(tenantIdOf(ctx));
  });

  router.handle(apiRoutes.usage.current, 'GET', async (ctx) => {
    ctx.body = await usage.current(tenantIdOf(ctx));
  });

  router.handle(apiRoutes.usage.history, 'GET', async (ctx) => {
    const { limit } = await validate(usageHistoryQuerySchema, ctx.query);
    ctx.body = await usage.history(tenantIdOf(ctx), limit);
  });

  return router;
}
