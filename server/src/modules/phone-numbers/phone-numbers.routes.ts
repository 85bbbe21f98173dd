import type Router from '@koa/router';
import type { PhoneNumbersResponse } from '@shared/api/phone-numbers.types';
import { apiRoutes } from '@shared/api/routes';
import { availableNumbersQuerySchema, purchasePhoneNumberSchema } from '@shared/schemas/phone-number.schema';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/** Phone numbers: any member reads and searches; only admins buy. */
export function phoneNumbersRoutes(_deps: AppDeps, guards: Guards, { phoneNumbers }: Services): Router<AppState> {
  const router = createApiRouter(guards);

  router.handle(apiRoutes.phoneNumbers.list, 'GET', async (ctx) => {
    const body: PhoneNumbersResponse = { phoneNumbers: await phoneNumbers.list(tenantIdOf(ctx)) };
    ctx.body = body;
  });

  router.handle(apiRoutes.phoneNumbers.billing, 'GET', async (ctx) => {
    ctx.body = await phoneNumbers.billing(tenantIdOf(ctx));
  });

  router.handle(apiRoutes.phoneNumbers.available, 'GET', async (ctx) => {
    ctx.body = await phoneNumbers.searchAvailable(await validate(availableNumbersQuerySchema, ctx.query));
  });

  router.handle(apiRoutes.phoneNumbers.purchase, 'POST', async (ctx) => {
    const input = await validate(purchasePhoneNumberSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await phoneNumbers.purchase(tenantIdOf(ctx), input);
  });

  return router;
}
