import type Router from '@koa/router';
import type { PlatformOperations, TenantOperations } from '@shared/api/operations.types';
import { apiRoutes } from '@shared/api/routes';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import type { Services } from '../../services';

/** Live operations: a tenant's admins read their dialer's; a platform admin reads every tenant's. */
export function operationsRoutes(_deps: AppDeps, guards: Guards, { operations }: Services): Router<AppState> {
  const router = createApiRouter(guards);

  router.handle(apiRoutes.operations.tenant, 'GET', async (ctx) => {
    const body: TenantOperations = await operations.forTenant(tenantIdOf(ctx));
    ctx.body = body;
  });

  router.handle(apiRoutes.operations.platform, 'GET', async (ctx) => {
    const body: PlatformOperations = await operations.forPlatform();
    ctx.body = body;
  });

  return router;
}
