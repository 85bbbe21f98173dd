import type Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import type { InviteResponse } from '@shared/api/team.types';
import { inviteSchema } from '@shared/schemas/team.schema';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { teamActorOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** The public look-up for the Accept Invitation form, and the admins' invite, resend and revoke. */
export function invitationsRoutes(_deps: AppDeps, guards: Guards, { invitations }: Services): Router<AppState> {
  const router = createApiRouter(guards);

  router.handle(apiRoutes.invitations.byToken, 'GET', async (ctx) => {
    ctx.body = await invitations.details(ctx.params.token ?? '');
  });

  router.handle(apiRoutes.tenant.invite, 'POST', async (ctx) => {
    const input = await validate(inviteSchema, ctx.request.body);
    const body: InviteResponse = {
      message: `Invitation sent to ${input.email}.`,
      invitation: await invitations.invite(teamActorOf(ctx), input),
    };
    ctx.status = 201;
    ctx.body = body;
  });

  router.handle(apiRoutes.team.resendInvitation, 'POST', async (ctx) => {
    const invitation = await invitations.resend(teamActorOf(ctx), ctx.params.invitationId ?? '');
    const body: InviteResponse = { message: `Invitation sent again to ${invitation.inviteeEmail}.`, invitation };
    ctx.body = body;
  });

  router.handle(apiRoutes.team.invitation, 'DELETE', async (ctx) => {
    await invitations.revoke(teamActorOf(ctx), ctx.params.invitationId ?? '');
    ctx.body = { message: 'Invitation revoked.' };
  });

  return router;
}
