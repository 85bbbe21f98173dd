import type Router from '@koa/router';
import type {
  WebhookDeliveriesPage,
  WebhookDeliveryResponse,
  WebhookEndpointResponse,
  WebhookEndpointsResponse,
  WebhookSecretResponse,
} from '@shared/api/webhooks.types';
import { apiRoutes } from '@shared/api/routes';
import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  webhookDeliveriesQuerySchema,
} from '@shared/schemas/webhook.schema';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** The tenant's webhook endpoints and their delivery logs: admins, and keys with webhooks:manage. */
export function webhooksRoutes(_deps: AppDeps, guards: Guards, { webhooks }: Services): Router<AppState> {
  const router = createApiRouter(guards);
  const routes = apiRoutes.webhookEndpoints;
  const id = (params: Record<string, string | undefined>) => params.id ?? '';

  router.handle(routes.collection, 'GET', async (ctx) => {
    const body: WebhookEndpointsResponse = { endpoints: await webhooks.list(tenantIdOf(ctx)) };
    ctx.body = body;
  });

  router.handle(routes.collection, 'POST', async (ctx) => {
    const input = await validate(createWebhookEndpointSchema, ctx.request.body);
    const body: WebhookSecretResponse = await webhooks.create(tenantIdOf(ctx), input);
    ctx.status = 201;
    ctx.body = body;
  });

  router.handle(routes.byId, 'GET', async (ctx) => {
    const body: WebhookEndpointResponse = { endpoint: await webhooks.get(tenantIdOf(ctx), id(ctx.params)) };
    ctx.body = body;
  });

  router.handle(routes.byId, 'PATCH', async (ctx) => {
    const input = await validate(updateWebhookEndpointSchema, ctx.request.body);
    const body: WebhookEndpointResponse = { endpoint: await webhooks.update(tenantIdOf(ctx), id(ctx.params), input) };
    ctx.body = body;
  });

  router.handle(routes.byId, 'DELETE', async (ctx) => {
    await webhooks.remove(tenantIdOf(ctx), id(ctx.params));
    ctx.body = { message: 'Webhook endpoint deleted' };
  });

  router.handle(routes.rotateSecret, 'POST', async (ctx) => {
    const body: WebhookSecretResponse = await webhooks.rotateSecret(tenantIdOf(ctx), id(ctx.params));
    ctx.body = body;
  });

  router.handle(routes.test, 'POST', async (ctx) => {
    const body: WebhookDeliveryResponse = { delivery: await webhooks.sendTest(tenantIdOf(ctx), id(ctx.params)) };
    ctx.status = 202;
    ctx.body = body;
  });

  router.handle(routes.deliveries, 'GET', async (ctx) => {
    const query = await validate(webhookDeliveriesQuerySchema, ctx.query);
    const body: WebhookDeliveriesPage = await webhooks.deliveries(tenantIdOf(ctx), id(ctx.params), query);
    ctx.body = body;
  });

  router.handle(routes.redeliver, 'POST', async (ctx) => {
    const delivery = await webhooks.redeliver(tenantIdOf(ctx), id(ctx.params), ctx.params.deliveryId ?? '');
    const body: WebhookDeliveryResponse = { delivery };
    ctx.status = 202;
    ctx.body = body;
  });

  return router;
}
