import type Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import { createPlanSchema, updatePlanSchema } from '@shared/schemas/billing.schema';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import type { AppState, Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** The plan catalogue: any signed-in user reads what is offered; superadmins manage it. */
export function plansRoutes(_deps: AppDeps, guards: Guards, { plans }: Services): Router<AppState> {
  const router = createApiRouter(guards);

  router.handle(apiRoutes.plans.visible, 'GET', async (ctx) => {
    ctx.body = await plans.visible();
  });

  router.handle(apiRoutes.plans.list, 'GET', async (ctx) => {
    ctx.body = await plans.active();
  });

  router.handle(apiRoutes.admin.plans, 'GET', async (ctx) => {
    ctx.body = await plans.all();
  });

  router.handle(apiRoutes.admin.plans, 'POST', async (ctx) => {
    const input = await validate(createPlanSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await plans.create(input);
  });

  router.handle(apiRoutes.admin.planById, 'PUT', async (ctx) => {
    const input = await validate(updatePlanSchema, ctx.request.body);
    ctx.body = await plans.update(ctx.params.id ?? '', input);
  });

  router.handle(apiRoutes.admin.planSync, 'POST', async (ctx) => {
    ctx.body = await plans.sync(ctx.params.id ?? '');
  });

  return router;
}
