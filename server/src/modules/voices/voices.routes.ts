import Router from '@koa/router';
import type { VoicesResponse } from '@shared/api/voices.types';
import type { AppDeps } from '../../app-deps';
import type { AppState, Guards } from '../../http/auth.middleware';
import { listActiveVoices, toVoice } from './voices.store';

/** The voice picker's catalogue: platform data, so any signed-in user may read it, with or without a tenant. */
export function voicesRoutes(deps: AppDeps, guards: Guards): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/voices', guards.authenticate, async (ctx) => {
    const body: VoicesResponse = { voices: (await listActiveVoices(deps.db)).map(toVoice) };
    ctx.body = body;
  });
  return router;
}
