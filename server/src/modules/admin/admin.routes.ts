import Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import type { AppDeps } from '../../app-deps';
import type { AppState, Guards } from '../../http/auth.middleware';
import type { Services } from '../../services';

/** Platform administration: superadmins only, across every tenant. */
export function adminRoutes(_deps: AppDeps, guards: Guards, { admin }: Services): Router<AppState> {
  const router = new Router<AppState>();
  router.get(apiRoutes.admin.overview.pattern, guards.authenticate, guards.requireSuperadmin, async (ctx) => {
    ctx.body = await admin.overview();
  });
  return router;
}
