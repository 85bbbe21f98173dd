import Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import {
  cancelSubscriptionSchema,
  customerPortalSchema,
  setupIntentConfirmSchema,
  subscriptionRequestSchema,
} from '@shared/schemas/billing.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

const SIGNATURE_HEADER = 'stripe-signature';

/**
 * Billing: outside the billing gate by design, since this is where a tenant gets through it. Members read; only
 * admins change what the tenant pays or how. The payment provider's webhook authenticates by its signature.
 */
export function billingRoutes(_deps: AppDeps, guards: Guards, { billing }: Services): Router<AppState> {
  const router = new Router<AppState>();
  const member = [guards.authenticate, guards.requireTenant] as const;
  const admin = [guards.authenticate, guards.requireTenant, guards.requireAdmin] as const;

  router.get(apiRoutes.billing.status.pattern, ...member, async (ctx) => {
    ctx.body = await billing.status(tenantIdOf(ctx));
  });

  router.post(apiRoutes.billing.setupIntent.pattern, ...admin, async (ctx) => {
    ctx.body = await billing.createSetupIntent(tenantIdOf(ctx));
  });

  router.post(apiRoutes.billing.confirmPaymentMethod.pattern, ...admin, async (ctx) => {
    const { setupIntentId } = await validate(setupIntentConfirmSchema, ctx.request.body);
    ctx.body = await billing.confirmPaymentMethod(tenantIdOf(ctx), setupIntentId);
  });

  router.get(apiRoutes.billing.subscription.pattern, ...member, async (ctx) => {
    ctx.body = await billing.subscription(tenantIdOf(ctx));
  });

  router.post(apiRoutes.billing.subscription.pattern, ...admin, async (ctx) => {
    const input = await validate(subscriptionRequestSchema, ctx.request.body);
    ctx.body = await billing.subscribe(tenantIdOf(ctx), input);
  });

  router.post(apiRoutes.billing.cancelSubscription.pattern, ...admin, async (ctx) => {
    const { cancelAtPeriodEnd } = await validate(cancelSubscriptionSchema, ctx.request.body);
    ctx.body = await billing.setCancelAtPeriodEnd(tenantIdOf(ctx), cancelAtPeriodEnd);
  });

  router.post(apiRoutes.billing.createPortalSession.pattern, ...admin, async (ctx) => {
    ctx.body = await billing.portalSession(tenantIdOf(ctx));
  });

  router.post(apiRoutes.billing.customerPortal.pattern, ...admin, async (ctx) => {
    const { returnUrl } = await validate(customerPortalSchema, ctx.request.body);
    ctx.body = await billing.portalSession(tenantIdOf(ctx), returnUrl);
  });

  router.post(apiRoutes.webhooks.stripe.pattern, async (ctx) => {
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
