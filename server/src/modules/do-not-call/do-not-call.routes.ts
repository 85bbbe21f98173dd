import Router from '@koa/router';
import type { DoNotCallImportResponse, DoNotCallPage } from '@shared/api/contacts.types';
import { apiRoutes } from '@shared/api/routes';
import { addDoNotCallSchema, doNotCallQuerySchema } from '@shared/schemas/contact.schema';
import type { AppDeps } from '../../app-deps';
import { authOf, tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { readCsvBody } from '../../http/csv-body';
import { validate } from '../../http/validate';
import type { Services } from '../../services';
import { sendCsv } from '../contacts/contacts.routes';

/** The tenant's do-not-call list: any member reads and exports; admins add, remove and import. */
export function doNotCallRoutes(_deps: AppDeps, guards: Guards, { doNotCall }: Services): Router<AppState> {
  const router = new Router<AppState>();
  const routes = apiRoutes.doNotCall;

  router.get(routes.collection.pattern, ...guards.tenantMember, async (ctx) => {
    const query = await validate(doNotCallQuerySchema, ctx.query);
    const body: DoNotCallPage = await doNotCall.list(tenantIdOf(ctx), query);
    ctx.body = body;
  });

  router.post(routes.collection.pattern, ...guards.tenantAdmin, async (ctx) => {
    const input = await validate(addDoNotCallSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = { entry: await doNotCall.add(tenantIdOf(ctx), authOf(ctx).userId, input) };
  });

  router.post(routes.import.pattern, ...guards.tenantAdmin, async (ctx) => {
    const csv = await readCsvBody(ctx.req);
    const body: DoNotCallImportResponse = await doNotCall.importCsv(tenantIdOf(ctx), authOf(ctx).userId, csv);
    ctx.body = body;
  });

  router.get(routes.export.pattern, ...guards.tenantMember, async (ctx) => {
    sendCsv(ctx, 'do-not-call.csv', doNotCall.exportCsv(tenantIdOf(ctx)));
  });

  router.delete(routes.byId.pattern, ...guards.tenantAdmin, async (ctx) => {
    await doNotCall.remove(tenantIdOf(ctx), ctx.params.id ?? '');
    ctx.body = { message: 'Number removed from the do-not-call list' };
  });

  return router;
}
