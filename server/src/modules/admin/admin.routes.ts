import type Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import { adminTenantsQuerySchema, tenantBillingUpdateSchema } from '@shared/schemas/billing.schema';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import type { AppState, Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import { DEMO_ACTOR, resetDemoBusiness } from '../../db/seeds/demo-business';
import { DomainError } from '../../domain/domain-error';
import type { Services } from '../../services';

/** Platform administration: superadmins only, across every tenant. */
export function adminRoutes(deps: AppDeps, guards: Guards, services: Services): Router<AppState> {
  const { admin } = services;
  const router = createApiRouter(guards);

  router.handle(apiRoutes.admin.overview, 'GET', async (ctx) => {
    ctx.body = await admin.overview();
  });

  router.handle(apiRoutes.admin.tenantsBilling, 'GET', async (ctx) => {
    ctx.body = await admin.tenantsBilling(await validate(adminTenantsQuerySchema, ctx.query));
  });

  router.handle(apiRoutes.admin.tenantBilling, 'PATCH', async (ctx) => {
    const change = await validate(tenantBillingUpdateSchema, ctx.request.body);
    ctx.body = await admin.updateTenantBilling(ctx.params.id ?? '', change);
  });

  router.handle(apiRoutes.admin.tenantSyncUsage, 'POST', async (ctx) => {
    ctx.body = await admin.syncTenantUsage(ctx.params.id ?? '');
  });

  // Demo mode only: elsewhere there is no demo to reset, and the route does not exist.
  router.handle(apiRoutes.admin.demoReset, 'POST', async (ctx) => {
    if (!deps.config.seedDemo) throw new DomainError('NOT_FOUND');
    await resetDemoBusiness(deps, services, DEMO_ACTOR, deps.clock.now());
    ctx.body = { message: 'Demo data reset.' };
  });

  return router;
}
