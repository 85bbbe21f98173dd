import type Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import type { Services } from '../../services';

export function statsRoutes(_deps: AppDeps, guards: Guards, { dashboard }: Services): Router<AppState> {
  const router = createApiRouter(guards);
  router.handle(apiRoutes.stats.dashboard, 'GET', async (ctx) => {
    ctx.body = await dashboard.stats(tenantIdOf(ctx));
  });
  return router;
}
