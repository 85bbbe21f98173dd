import type Router from '@koa/router';
import type { MachineVerdictResponse, MachineVerdictsResponse } from '@shared/api/machine-verdicts.types';
import { apiRoutes } from '@shared/api/routes';
import { machineVerdictsQuerySchema, reviewMachineVerdictSchema } from '@shared/schemas/machine-verdict.schema';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { authOf, tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** Review of a campaign's machine verdicts: admins read a sample with its evidence and mark wrong verdicts. */
export function machineVerdictsRoutes(_deps: AppDeps, guards: Guards, { machineVerdicts }: Services): Router<AppState> {
  const router = createApiRouter(guards);
  const { collection, byCall } = apiRoutes.machineVerdicts;

  router.handle(collection, 'GET', async (ctx) => {
    const query = await validate(machineVerdictsQuerySchema, ctx.query);
    const body: MachineVerdictsResponse = await machineVerdicts.list(tenantIdOf(ctx), ctx.params.id ?? '', query);
    ctx.body = body;
  });

  router.handle(byCall, 'PATCH', async (ctx) => {
    const review = await validate(reviewMachineVerdictSchema, ctx.request.body);
    const body: MachineVerdictResponse = {
      verdict: await machineVerdicts.review(
        tenantIdOf(ctx),
        ctx.params.id ?? '',
        ctx.params.callId ?? '',
        review,
        authOf(ctx).userId ?? null,
      ),
    };
    ctx.body = body;
  });

  return router;
}
