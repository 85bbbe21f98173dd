import Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import type { AppDeps } from '../../app-deps';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import type { Services } from '../../services';

/** Billing status: what the billing gate and the setup screen read. Outside the gate by design. */
export function billingRoutes(_deps: AppDeps, guards: Guards, { billing }: Services): Router<AppState> {
  const router = new Router<AppState>();

  router.get(apiRoutes.billing.status.pattern, guards.authenticate, guards.requireTenant, async (ctx) => {
    ctx.body = await billing.status(tenantIdOf(ctx));
  });

  return router;
}
