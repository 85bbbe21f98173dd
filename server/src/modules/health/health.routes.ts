import type Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import type { AppState, Guards } from '../../http/auth.middleware';

/** GET and HEAD /api/health: the connectivity check, answered only when the database answers. */
export function healthRoutes(deps: AppDeps, guards: Guards): Router<AppState> {
  const router = createApiRouter(guards);
  router.handle(apiRoutes.health, 'GET', async (ctx) => {
    await deps.db.raw('select 1');
    ctx.body = { status: 'ok', time: deps.clock.now().toISOString() };
  });
  return router;
}
