import Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import type { AppDeps } from '../../app-deps';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import type { Services } from '../../services';

export function statsRoutes(_deps: AppDeps, guards: Guards, { dashboard }: Services): Router<AppState> {
  const router = new Router<AppState>();
  router.get(apiRoutes.stats.dashboard.pattern, ...guards.tenantMember, async (ctx) => {
    ctx.body = await dashboard.stats(tenantIdOf(ctx));
  });
  return router;
}
