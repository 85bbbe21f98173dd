import type Router from '@koa/router';
import type { ApiKeyResponse, ApiKeysResponse, CreatedApiKeyResponse } from '@shared/api/api-keys.types';
import { apiRoutes } from '@shared/api/routes';
import { createApiKeySchema, updateApiKeySchema } from '@shared/schemas/api-key.schema';
import type { AppDeps } from '../../app-deps';
import {
  authOf,
  requestMetaOf,
  tenantIdOf,
  type AppContext,
  type AppState,
  type Guards,
} from '../../http/auth.middleware';
import { createApiRouter } from '../../http/api-router';
import { validate } from '../../http/validate';
import type { Services } from '../../services';
import type { KeyManager } from './api-keys.service';

/** The admin (or admin-scope key) managing keys, and the request they act through. */
function keyManagerOf(ctx: AppContext): KeyManager {
  const auth = authOf(ctx);
  return { tenantId: tenantIdOf(ctx), userId: auth.userId, viaKey: auth.apiKey, origin: requestMetaOf(ctx) };
}

/** The API keys page (spec 001 §2): the tenant's admins, or a key of the admin scope, manage the tenant's keys. */
export function apiKeysRoutes(_deps: AppDeps, guards: Guards, { apiKeys }: Services): Router<AppState> {
  const router = createApiRouter(guards);

  router.handle(apiRoutes.apiKeys.collection, 'GET', async (ctx) => {
    const body: ApiKeysResponse = { apiKeys: await apiKeys.list(tenantIdOf(ctx)) };
    ctx.body = body;
  });

  router.handle(apiRoutes.apiKeys.collection, 'POST', async (ctx) => {
    const input = await validate(createApiKeySchema, ctx.request.body);
    const body: CreatedApiKeyResponse = await apiKeys.create(keyManagerOf(ctx), input);
    ctx.status = 201;
    ctx.body = body;
  });

  router.handle(apiRoutes.apiKeys.byId, 'PATCH', async (ctx) => {
    const change = await validate(updateApiKeySchema, ctx.request.body);
    const body: ApiKeyResponse = { key: await apiKeys.update(keyManagerOf(ctx), ctx.params.id ?? '', change) };
    ctx.body = body;
  });

  router.handle(apiRoutes.apiKeys.byId, 'DELETE', async (ctx) => {
    await apiKeys.remove(keyManagerOf(ctx), ctx.params.id ?? '');
    ctx.body = { message: 'API key deleted.' };
  });

  return router;
}
