import type Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import type { TeamMemberResponse, TeamResponse } from '@shared/api/team.types';
import { changeRoleSchema, type TeamRole } from '@shared/schemas/team.schema';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { teamActorOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** Your Team (spec 001 §2): the tenant's admins list members and pending invitations, change roles and remove. */
export function usersRoutes(_deps: AppDeps, guards: Guards, { users, invitations }: Services): Router<AppState> {
  const router = createApiRouter(guards);

  router.handle(apiRoutes.team.members, 'GET', async (ctx) => {
    const { tenantId } = teamActorOf(ctx);
    const [members, pending] = await Promise.all([users.listTeam(tenantId), invitations.listPending(tenantId)]);
    const body: TeamResponse = { users: members, invitations: pending };
    ctx.body = body;
  });

  router.handle(apiRoutes.team.member, 'PATCH', async (ctx) => {
    const { role } = await validate(changeRoleSchema, ctx.request.body);
    const body: TeamMemberResponse = {
      user: await users.changeRole(teamActorOf(ctx), ctx.params.userId ?? '', role as TeamRole),
    };
    ctx.body = body;
  });

  router.handle(apiRoutes.team.member, 'DELETE', async (ctx) => {
    await users.removeMember(teamActorOf(ctx), ctx.params.userId ?? '');
    ctx.body = { message: 'User removed from your team.' };
  });

  return router;
}
