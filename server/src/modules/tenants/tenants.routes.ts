import Router from '@koa/router';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { findTenantById, findTenantPlan, toPlan, toTenant } from './tenants.store';

/** The caller's own tenant and plan; deliberately outside the billing gate so setup screens can load them. */
export function tenantsRoutes(deps: AppDeps, guards: Guards): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/tenant', guards.authenticate, guards.requireTenant, async (ctx) => {
    const row = await findTenantById(deps.db, tenantIdOf(ctx));
    if (!row) throw new DomainError('NOT_FOUND');
    ctx.body = { tenant: toTenant(row) };
  });

  router.get('/tenant/plan', guards.authenticate, guards.requireTenant, async (ctx) => {
    const row = await findTenantPlan(deps.db, tenantIdOf(ctx));
    if (!row) throw new DomainError('NOT_FOUND');
    ctx.body = { plan: toPlan(row) };
  });

  return router;
}
