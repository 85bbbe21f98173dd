import Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import type { AppDeps } from '../../app-deps';
import type { AppState, Guards } from '../../http/auth.middleware';
import type { Services } from '../../services';

/** Public look-up of an invitation by its token, for the Accept Invitation form. */
export function invitationsRoutes(_deps: AppDeps, _guards: Guards, { invitations }: Services): Router<AppState> {
  const router = new Router<AppState>();
  router.get(apiRoutes.invitations.byToken.pattern, async (ctx) => {
    ctx.body = await invitations.details(ctx.params.token ?? '');
  });
  return router;
}
