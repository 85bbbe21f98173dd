import Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import type { TeamMemberResponse, TeamResponse } from '@shared/api/team.types';
import { changeRoleSchema, type TeamRole } from '@shared/schemas/team.schema';
import type { AppDeps } from '../../app-deps';
import { teamActorOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** Your Team (spec 001 §2): the tenant's admins list members and pending invitations, change roles and remove. */
export function usersRoutes(_deps: AppDeps, guards: Guards, { users, invitations }: Services): Router<AppState> {
  const router = new Router<AppState>();
  const teamAdmin = [guards.authenticate, guards.requireTenant, guards.requireAdmin];

  router.get(apiRoutes.team.members.pattern, ...teamAdmin, async (ctx) => {
    const { tenantId } = teamActorOf(ctx);
    const [members, pending] = await Promise.all([users.listTeam(tenantId), invitations.listPending(tenantId)]);
    const body: TeamResponse = { users: members, invitations: pending };
    ctx.body = body;
  });

  router.patch(apiRoutes.team.member.pattern, ...teamAdmin, async (ctx) => {
    const { role } = await validate(changeRoleSchema, ctx.request.body);
    const body: TeamMemberResponse = {
      user: await users.changeRole(teamActorOf(ctx), ctx.params.userId ?? '', role as TeamRole),
    };
    ctx.body = body;
  });

  router.delete(apiRoutes.team.member.pattern, ...teamAdmin, async (ctx) => {
    await users.removeMember(teamActorOf(ctx), ctx.params.userId ?? '');
    ctx.body = { message: 'User removed from your team.' };
  });

  return router;
}
