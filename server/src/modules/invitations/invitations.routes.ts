import Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import type { InviteResponse } from '@shared/api/team.types';
import { inviteSchema } from '@shared/schemas/team.schema';
import type { AppDeps } from '../../app-deps';
import { teamActorOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** The public look-up for the Accept Invitation form, and the admins' invite, resend and revoke. */
export function invitationsRoutes(_deps: AppDeps, guards: Guards, { invitations }: Services): Router<AppState> {
  const router = new Router<AppState>();
  const teamAdmin = [guards.authenticate, guards.requireTenant, guards.requireAdmin];

  router.get(apiRoutes.invitations.byToken.pattern, async (ctx) => {
    ctx.body = await invitations.details(ctx.params.token ?? '');
  });

  router.post(apiRoutes.tenant.invite.pattern, ...teamAdmin, async (ctx) => {
    const input = await validate(inviteSchema, ctx.request.body);
    const body: InviteResponse = {
      message: `Invitation sent to ${input.email}.`,
      invitation: await invitations.invite(teamActorOf(ctx), input),
    };
    ctx.status = 201;
    ctx.body = body;
  });

  router.post(apiRoutes.team.resendInvitation.pattern, ...teamAdmin, async (ctx) => {
    const invitation = await invitations.resend(teamActorOf(ctx), ctx.params.invitationId ?? '');
    const body: InviteResponse = { message: `Invitation sent again to ${invitation.inviteeEmail}.`, invitation };
    ctx.body = body;
  });

  router.delete(apiRoutes.team.invitation.pattern, ...teamAdmin, async (ctx) => {
    await invitations.revoke(teamActorOf(ctx), ctx.params.invitationId ?? '');
    ctx.body = { message: 'Invitation revoked.' };
  });

  return router;
}
