import type Router from '@koa/router';
import type { DoNotCallImportResponse, DoNotCallPage, OptOutResponse } from '@shared/api/contacts.types';
import { apiRoutes } from '@shared/api/routes';
import { addDoNotCallSchema, doNotCallQuerySchema, optOutSchema } from '@shared/schemas/contact.schema';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { authOf, tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { readCsvBody } from '../../http/csv-body';
import { validate } from '../../http/validate';
import type { Services } from '../../services';
import { sendCsv } from '../../http/csv-download';

/**
 * The tenant's do-not-call list: any member reads and exports; admins add, remove and import. Opt-outs (POST
 * /opt-outs) from admins, the API and the tenant's own systems add to it and end the number's pending contacts.
 */
export function doNotCallRoutes(_deps: AppDeps, guards: Guards, { doNotCall, optOuts }: Services): Router<AppState> {
  const router = createApiRouter(guards);
  const routes = apiRoutes.doNotCall;

  router.handle(routes.collection, 'GET', async (ctx) => {
    const query = await validate(doNotCallQuerySchema, ctx.query);
    const body: DoNotCallPage = await doNotCall.list(tenantIdOf(ctx), query);
    ctx.body = body;
  });

  router.handle(routes.collection, 'POST', async (ctx) => {
    const input = await validate(addDoNotCallSchema, ctx.request.body);
    const entry = await doNotCall.add(tenantIdOf(ctx), authOf(ctx).userId, input);
    // An admin's addition is an opt-out like any other: the number's pending contacts end at once.
    await optOuts.optOut(
      tenantIdOf(ctx),
      { userId: authOf(ctx).userId },
      { phoneNumber: entry.phoneNumber, source: 'admin', evidence: input.reason ?? '' },
    );
    ctx.status = 201;
    ctx.body = { entry };
  });

  router.handle(apiRoutes.optOuts.collection, 'POST', async (ctx) => {
    const input = await validate(optOutSchema, ctx.request.body);
    const body: OptOutResponse = await optOuts.optOut(tenantIdOf(ctx), { userId: authOf(ctx).userId }, input);
    ctx.status = body.created ? 201 : 200;
    ctx.body = body;
  });

  router.handle(routes.import, 'POST', async (ctx) => {
    const csv = await readCsvBody(ctx.req);
    const body: DoNotCallImportResponse = await optOuts.importList(
      tenantIdOf(ctx),
      { userId: authOf(ctx).userId },
      csv,
    );
    ctx.body = body;
  });

  router.handle(routes.export, 'GET', async (ctx) => {
    sendCsv(ctx, 'do-not-call.csv', doNotCall.exportCsv(tenantIdOf(ctx)));
  });

  router.handle(routes.byId, 'DELETE', async (ctx) => {
    await doNotCall.remove(tenantIdOf(ctx), ctx.params.id ?? '');
    ctx.body = { message: 'Number removed from the do-not-call list' };
  });

  return router;
}
