import type Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import { updateTenantSchema } from '@shared/schemas/tenant.schema';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** The caller's own tenant (its admins change its country) and plan; deliberately outside the billing gate so setup screens can load them. */
export function tenantsRoutes(_deps: AppDeps, guards: Guards, { tenants }: Services): Router<AppState> {
  const router = createApiRouter(guards);

  router.handle(apiRoutes.tenant.current, 'GET', async (ctx) => {
    ctx.body = { tenant: await tenants.view(tenantIdOf(ctx)) };
  });

  router.handle(apiRoutes.tenant.current, 'PATCH', async (ctx) => {
    const change = await validate(updateTenantSchema, ctx.request.body);
    ctx.body = { tenant: await tenants.update(tenantIdOf(ctx), change) };
  });

  router.handle(apiRoutes.tenant.plan, 'GET', async (ctx) => {
    ctx.body = { plan: await tenants.plan(tenantIdOf(ctx)) };
  });

  return router;
}
