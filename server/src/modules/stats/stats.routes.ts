import Router from '@koa/router';
import type { AppDeps } from '../../app-deps';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { dashboardStats } from './stats.service';

export function statsRoutes(deps: AppDeps, guards: Guards): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/stats', ...guards.tenantMember, async (ctx) => {
    ctx.body = await dashboardStats(deps, tenantIdOf(ctx));
  });
  return router;
}
