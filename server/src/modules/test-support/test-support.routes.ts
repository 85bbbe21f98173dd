import type Router from '@koa/router';
import { apiRoutes } from '@shared/api/routes';
import { TEST_USER_ROLES, type TestPlanTerms, type TestUserRole } from '@shared/api/test-support.types';
import { BILLING_STATUSES, type BillingStatus } from '@shared/domain/roles';
import { PLAN_CURRENCIES, type PlanCurrency } from '@shared/schemas/billing.schema';
import { trimmedText } from '@shared/schemas/strict-text.schema';
import { array, boolean, mixed, number, object, type ObjectSchema } from 'yup';
import type { AppDeps } from '../../app-deps';
import { createApiRouter } from '../../http/api-router';
import type { AppState, Guards } from '../../http/auth.middleware';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

const billingStatus = () =>
  mixed<BillingStatus>().oneOf(BILLING_STATUSES, `billingStatus must be one of ${BILLING_STATUSES.join(', ')}`);

const wholeNumber = (field: string) =>
  number()
    .typeError(`${field} must be a whole number`)
    .integer(`${field} must be a whole number`)
    .min(0, `${field} must not be negative`)
    .max(100_000, `${field} must be at most 100000`);

const planTermsSchema: ObjectSchema<TestPlanTerms> = object({
  maxAgents: wholeNumber('maxAgents'),
  maxPhoneNumbers: wholeNumber('maxPhoneNumbers'),
  maxCampaigns: wholeNumber('maxCampaigns'),
  phoneNumbersIncluded: wholeNumber('phoneNumbersIncluded'),
  minutesIncluded: wholeNumber('minutesIncluded'),
  currency: mixed<PlanCurrency>().oneOf(PLAN_CURRENCIES, `currency must be one of ${PLAN_CURRENCIES.join(', ')}`),
}).noUnknown('Unknown field: ${unknown}');

const usageMonthSchema = object({
  monthYyyyMm: trimmedText()
    .required('monthYyyyMm is required')
    .matches(/^\d{4}-(0[1-9]|1[0-2])$/, 'monthYyyyMm must be YYYY-MM'),
  minutes: wholeNumber('minutes').required('minutes is required'),
}).noUnknown('Unknown field: ${unknown}');

const createTestTenantSchema = object({
  billingStatus: billingStatus().default('active'),
  plan: trimmedText().min(1, 'plan must not be empty').default('growth'),
  planTerms: planTermsSchema.default(undefined),
  pricePerMinuteOverride: wholeNumber('pricePerMinuteOverride'),
  usageHistory: array(usageMonthSchema.defined()).max(24, 'usageHistory must list at most 24 months').default([]),
  outboundCallingEnabled: boolean().strict().typeError('outboundCallingEnabled must be true or false').default(false),
  users: array(
    mixed<TestUserRole>()
      .oneOf(TEST_USER_ROLES, `users must list roles among ${TEST_USER_ROLES.join(', ')}`)
      .defined(),
  )
    .min(1, 'users must list at least one role')
    .max(10, 'users must list at most 10 roles')
    .default(['admin'])
    .defined(),
}).noUnknown('Unknown field: ${unknown}');

const billingChangeSchema = object({
  billingStatus: billingStatus().required('billingStatus is required'),
}).noUnknown('Unknown field: ${unknown}');

/**
 * Mounted only when NODE_ENV=test: lets browser tests read the mail outbox, as a person reads their inbox, and
 * give each test a tenant of its own in the billing state it needs.
 */
export function testSupportRoutes(deps: AppDeps, guards: Guards, { testSupport }: Services): Router<AppState> {
  const router = createApiRouter(guards);
  if (deps.config.nodeEnv !== 'test') return router;

  router.handle(apiRoutes.testSupport.outbox, 'GET', async (ctx) => {
    ctx.body = { messages: await testSupport.outbox(typeof ctx.query.to === 'string' ? ctx.query.to : '') };
  });

  router.handle(apiRoutes.testSupport.tenants, 'POST', async (ctx) => {
    const input = await validate(createTestTenantSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await testSupport.createTenant(input);
  });

  router.handle(apiRoutes.testSupport.tenantBilling, 'PATCH', async (ctx) => {
    const input = await validate(billingChangeSchema, ctx.request.body);
    const tenantId = ctx.params.id ?? '';
    await testSupport.setBillingStatus(tenantId, input.billingStatus);
    await deps.principals.invalidate({ tenantId });
    ctx.body = { tenant: { id: tenantId, billingStatus: input.billingStatus } };
  });

  return router;
}
