import type Router from '@koa/router';
import type { DataPolicyResponse } from '@shared/api/data-policy.types';
import { apiRoutes } from '@shared/api/routes';
import { dataPolicySchema } from '@shared/schemas/data-policy.schema';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { authOf, requestMetaOf, tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** The tenant's data policy (redaction and retention): its admins, or a key of the admin scope. */
export function dataPolicyRoutes(_deps: AppDeps, guards: Guards, { dataPolicy }: Services): Router<AppState> {
  const router = createApiRouter(guards);

  router.handle(apiRoutes.tenant.dataPolicy, 'GET', async (ctx) => {
    const body: DataPolicyResponse = { dataPolicy: await dataPolicy.get(tenantIdOf(ctx)) };
    ctx.body = body;
  });

  router.handle(apiRoutes.tenant.dataPolicy, 'PUT', async (ctx) => {
    const input = await validate(dataPolicySchema, ctx.request.body);
    const actor = { tenantId: tenantIdOf(ctx), userId: authOf(ctx).userId, origin: requestMetaOf(ctx) };
    const body: DataPolicyResponse = {
      dataPolicy: await dataPolicy.update(actor, {
        redactPii: input.redactPii,
        recordingRetentionDays: input.recordingRetentionDays,
        transcriptRetentionDays: input.transcriptRetentionDays,
      }),
    };
    ctx.body = body;
  });

  return router;
}
