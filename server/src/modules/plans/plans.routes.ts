import Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import { createPlanSchema, updatePlanSchema } from '@shared/schemas/billing.schema';
import type { AppDeps } from '../../app-deps';
import type { AppState, Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** The plan catalogue: any signed-in user reads what is offered; superadmins manage it. */
export function plansRoutes(_deps: AppDeps, guards: Guards, { plans }: Services): Router<AppState> {
  const router = new Router<AppState>();
  const superadmin = [guards.authenticate, guards.requireSuperadmin] as const;

  router.get(apiRoutes.plans.visible.pattern, guards.authenticate, async (ctx) => {
    ctx.body = await plans.visible();
  });

  router.get(apiRoutes.plans.list.pattern, guards.authenticate, async (ctx) => {
    ctx.body = await plans.active();
  });

  router.get(apiRoutes.admin.plans.pattern, ...superadmin, async (ctx) => {
    ctx.body = await plans.all();
  });

  router.post(apiRoutes.admin.plans.pattern, ...superadmin, async (ctx) => {
    const input = await validate(createPlanSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await plans.create(input);
  });

  router.put(apiRoutes.admin.planById.pattern, ...superadmin, async (ctx) => {
    const input = await validate(updatePlanSchema, ctx.request.body);
    ctx.body = await plans.update(ctx.params.id ?? '', input);
  });

  router.post(apiRoutes.admin.planSync.pattern, ...superadmin, async (ctx) => {
    ctx.body = await plans.sync(ctx.params.id ?? '');
  });

  return router;
}
