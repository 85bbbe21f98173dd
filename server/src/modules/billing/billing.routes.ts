import type Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import type { InvoicesResponse } from '@shared/api/billing.types';
import {
  cancelSubscriptionSchema,
  customerPortalSchema,
  setupIntentConfirmSchema,
  subscriptionRequestSchema,
} from '@shared/schemas/billing.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { createApiRouter } from '../../http/api-router';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

const SIGNATURE_HEADER = 'stripe-signature';

/**
 * Billing: outside the billing gate by design, since this is where a tenant gets through it. Members read; only
 * admins change what the tenant pays or how. The payment provider's webhook authenticates by its signature.
 */
export function billingRoutes(_deps: AppDeps, guards: Guards, { billing }: Services): Router<AppState> {
  const router = createApiRouter(guards);

  router.handle(apiRoutes.billing.status, 'GET', async (ctx) => {
    ctx.body = await billing.status(tenantIdOf(ctx));
  });

  router.handle(apiRoutes.billing.setupIntent, 'POST', async (ctx) => {
    ctx.body = await billing.createSetupIntent(tenantIdOf(ctx));
  });

  router.handle(apiRoutes.billing.confirmPaymentMethod, 'POST', async (ctx) => {
    const { setupIntentId } = await validate(setupIntentConfirmSchema, ctx.request.body);
    ctx.body = await billing.confirmPaymentMethod(tenantIdOf(ctx), setupIntentId);
  });

  router.handle(apiRoutes.billing.invoices, 'GET', async (ctx) => {
    const body: InvoicesResponse = { invoices: await billing.invoices(tenantIdOf(ctx)) };
    ctx.body = body;
  });

  router.handle(apiRoutes.billing.subscription, 'GET', async (ctx) => {
    ctx.body = await billing.subscription(tenantIdOf(ctx));
  });

  router.handle(apiRoutes.billing.subscription, 'POST', async (ctx) => {
    const input = await validate(subscriptionRequestSchema, ctx.request.body);
    ctx.body = await billing.subscribe(tenantIdOf(ctx), input);
  });

  router.handle(apiRoutes.billing.cancelSubscription, 'POST', async (ctx) => {
    const { cancelAtPeriodEnd } = await validate(cancelSubscriptionSchema, ctx.request.body);
    ctx.body = await billing.setCancelAtPeriodEnd(tenantIdOf(ctx), cancelAtPeriodEnd);
  });

  router.handle(apiRoutes.billing.createPortalSession, 'POST', async (ctx) => {
    ctx.body = await billing.portalSession(tenantIdOf(ctx));
  });

  router.handle(apiRoutes.billing.customerPortal, 'POST', async (ctx) => {
    const { returnUrl } = await validate(customerPortalSchema, ctx.request.body);
    ctx.body = await billing.portalSession(tenantIdOf(ctx), returnUrl);
  });

  router.handle(apiRoutes.webhooks.stripe, 'POST', async (ctx) => {
    const signature = ctx.get(SIGNATURE_HEADER);
    if (!signature) throw new DomainError('VALIDATION_FAILED', 'Missing Stripe-Signature header.');
    const rawBody = ctx.request.rawBody;
    if (typeof rawBody !== 'string' || !rawBody) {
      throw new DomainError('VALIDATION_FAILED', 'The webhook body must be JSON.');
    }
    ctx.body = await billing.receiveWebhook(rawBody, signature);
  });

  return router;
}
