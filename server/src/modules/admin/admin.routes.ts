import Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import { adminTenantsQuerySchema, tenantBillingUpdateSchema } from '@shared/schemas/billing.schema';
import type { AppDeps } from '../../app-deps';
import type { AppState, Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** Platform administration: superadmins only, across every tenant. */
export function adminRoutes(_deps: AppDeps, guards: Guards, { admin }: Services): Router<AppState> {
  const router = new Router<AppState>();
  const superadmin = [guards.authenticate, guards.requireSuperadmin] as const;

  router.get(apiRoutes.admin.overview.pattern, ...superadmin, async (ctx) => {
    ctx.body = await admin.overview();
  });

  router.get(apiRoutes.admin.tenantsBilling.pattern, ...superadmin, async (ctx) => {
    ctx.body = await admin.tenantsBilling(await validate(adminTenantsQuerySchema, ctx.query));
  });

  router.patch(apiRoutes.admin.tenantBilling.pattern, ...superadmin, async (ctx) => {
    const change = await validate(tenantBillingUpdateSchema, ctx.request.body);
    ctx.body = await admin.updateTenantBilling(ctx.params.id ?? '', change);
  });

  router.post(apiRoutes.admin.tenantSyncUsage.pattern, ...superadmin, async (ctx) => {
    ctx.body = await admin.syncTenantUsage(ctx.params.id ?? '');
  });

  return router;
}
