import type Router from '@koa/router';
import type { VoicesResponse } from '@shared/api/voices.types';
import { apiRoutes } from '@shared/api/routes';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import type { AppState, Guards } from '../../http/auth.middleware';
import type { Services } from '../../services';

/** The voice picker's catalogue: platform data, so any signed-in user may read it, with or without a tenant. */
export function voicesRoutes(_deps: AppDeps, guards: Guards, { voices }: Services): Router<AppState> {
  const router = createApiRouter(guards);
  router.handle(apiRoutes.voices.list, 'GET', async (ctx) => {
    const body: VoicesResponse = { voices: await voices.list() };
    ctx.body = body;
  });
  return router;
}
