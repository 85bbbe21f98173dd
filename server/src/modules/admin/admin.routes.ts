import Router from '@koa/router';
import type { AppDeps } from '../../app-deps';
import type { AppState, Guards } from '../../http/auth.middleware';
import type { Services } from '../../services';

/** Platform administration: superadmins only, across every tenant. */
export function adminRoutes(_deps: AppDeps, guards: Guards, { admin }: Services): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/admin/overview', guards.authenticate, guards.requireSuperadmin, async (ctx) => {
    ctx.body = await admin.overview();
  });
  return router;
}
