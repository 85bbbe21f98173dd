import Router from '@koa/router';
import type { PhoneNumbersResponse } from '@shared/api/phone-numbers.types';
import { availableNumbersQuerySchema, purchasePhoneNumberSchema } from '@shared/schemas/phone-number.schema';
import type { AppDeps } from '../../app-deps';
import { tenantIdOf, type AppState, type Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import { createPhoneNumbersService } from './phone-numbers.service';

/** Phone numbers: any member reads and searches; only admins buy. */
export function phoneNumbersRoutes(deps: AppDeps, guards: Guards): Router<AppState> {
  const service = createPhoneNumbersService(deps);
  const router = new Router<AppState>();

  router.get('/phone-numbers', ...guards.tenantMember, async (ctx) => {
    const body: PhoneNumbersResponse = { phoneNumbers: await service.list(tenantIdOf(ctx)) };
    ctx.body = body;
  });

  router.get('/phone-numbers/billing', ...guards.tenantMember, async (ctx) => {
    ctx.body = await service.billing(tenantIdOf(ctx));
  });

  router.get('/twilio/available-phone-numbers', ...guards.tenantMember, async (ctx) => {
    ctx.body = await service.searchAvailable(await validate(availableNumbersQuerySchema, ctx.query));
  });

  router.post('/twilio/purchase-phone-number', ...guards.tenantAdmin, async (ctx) => {
    const input = await validate(purchasePhoneNumberSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await service.purchase(tenantIdOf(ctx), input);
  });

  return router;
}
