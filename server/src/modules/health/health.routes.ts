import Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import type { AppDeps } from '../../app-deps';
import type { AppState } from '../../http/auth.middleware';

/** GET and HEAD /api/health: the connectivity check, answered only when the database answers. */
export function healthRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  router.get(apiRoutes.health.pattern, async (ctx) => {
    await deps.db.raw('select 1');
    ctx.body = { status: 'ok', time: deps.clock.now().toISOString() };
  });
  return router;
}
