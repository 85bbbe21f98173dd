import type Router from '@koa/router';
import type { CallbackResponse, CallbacksPage } from '@shared/api/callbacks.types';
import { apiRoutes } from '@shared/api/routes';
import { callbacksQuerySchema, updateCallbackSchema } from '@shared/schemas/callback.schema';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { authOf, tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** Callbacks a missed transfer left: any member lists them, takes one and marks their own done; admins do the rest. */
export function callbacksRoutes(_deps: AppDeps, guards: Guards, { callbacks }: Services): Router<AppState> {
  const router = createApiRouter(guards);
  const routes = apiRoutes.callbacks;

  router.handle(routes.collection, 'GET', async (ctx) => {
    const query = await validate(callbacksQuerySchema, ctx.query);
    const body: CallbacksPage = await callbacks.list(tenantIdOf(ctx), query);
    ctx.body = body;
  });

  router.handle(routes.byId, 'PATCH', async (ctx) => {
    const input = await validate(updateCallbackSchema, ctx.request.body);
    const auth = authOf(ctx);
    const callback = await callbacks.update(
      tenantIdOf(ctx),
      ctx.params.id ?? '',
      { userId: auth.userId, role: auth.role, viaKey: auth.apiKey !== null },
      input,
    );
    const body: CallbackResponse = { callback };
    ctx.body = body;
  });

  return router;
}
