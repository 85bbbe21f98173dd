import Router from '@koa/router';
import type { BillingStatusResponse } from '@shared/api/billing.types';
import type { AppDeps } from '../../app-deps';
import { NotFoundError } from '../../http/app-error';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { toBool } from '../../db/database';
import { findTenantById, findTenantPlan } from '../tenants/tenants.store';

/** Billing status: what the billing gate and the setup screen read. Outside the gate by design. */
export function billingRoutes(deps: AppDeps, guards: Guards): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/billing/status', guards.authenticate, guards.requireTenant, async (ctx) => {
    const tenantId = tenantIdOf(ctx);
    const tenant = await findTenantById(deps.db, tenantId);
    const plan = await findTenantPlan(deps.db, tenantId);
    if (!tenant) throw new NotFoundError();
    const body: BillingStatusResponse = {
      billingStatus: tenant.billing_status,
      plan: plan?.name ?? 'Standard',
      hasPaymentMethod: toBool(tenant.has_payment_method),
      stripeCustomerId: tenant.stripe_customer_id,
      paymentMethods: [],
    };
    ctx.body = body;
  });

  return router;
}
