import Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import type { AppDeps } from '../../app-deps';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import type { Services } from '../../services';

/** The caller's own tenant and plan; deliberately outside the billing gate so setup screens can load them. */
export function tenantsRoutes(_deps: AppDeps, guards: Guards, { tenants }: Services): Router<AppState> {
  const router = new Router<AppState>();

  router.get(apiRoutes.tenant.current.pattern, guards.authenticate, guards.requireTenant, async (ctx) => {
    ctx.body = { tenant: await tenants.view(tenantIdOf(ctx)) };
  });

  router.get(apiRoutes.tenant.plan.pattern, guards.authenticate, guards.requireTenant, async (ctx) => {
    ctx.body = { plan: await tenants.plan(tenantIdOf(ctx)) };
  });

  return router;
}
