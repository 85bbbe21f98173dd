import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { SetupIntentResponse } from '@shared/api/billing.types';
import type { PlanResponse } from '@shared/api/plans.types';
import { apiRoutes } from '@shared/api/routes';
import { PLAN_FORM_DEFAULTS, type PlanInput } from '@shared/schemas/billing.schema';
import type { SandboxEndpoints } from '../../../server/src/sandbox';
import { expectStatus } from './api-client';
import type { TestApp } from './test-app';

/** What the billing suites do through the API and the payment provider's SDK to set the scene. */

/** The SDK pointed at a sandbox's payment emulator, as the provider's own tools would be. */
export function stripeFor(endpoint: SandboxEndpoints['stripe']): Stripe {
  const { secretKey, host, port, protocol } = endpoint;
  return new Stripe(secretKey, { host, port, protocol, maxNetworkRetries: 0 });
}

/** The SDK pointed at the test app's payment emulator. */
export function sandboxStripe(app: TestApp): Stripe {
  const sandbox = app.deps.sandbox?.stripe;
  if (!sandbox) throw new Error('the billing suites need the sandbox');
  return stripeFor(sandbox);
}

/** A plan of the suite's own, created by the superadmin (the seeded catalogue is shared by every suite). */
export async function createPlan(
  app: TestApp,
  superadmin: string,
  fields: Partial<PlanInput> = {},
): Promise<PlanInput> {
  const plan: PlanInput = {
    ...PLAN_FORM_DEFAULTS,
    id: `plan-${randomUUID().slice(0, 8)}`,
    name: 'Suite Pro',
    basePriceMonthly: 2900,
    basePriceYearly: 29000,
    minutesIncluded: 100,
    overageRatePerMinute: 5,
    maxAgents: 4,
    ...fields,
  };
  const res = await app.request<PlanResponse>('POST', apiRoutes.admin.plans(), { token: superadmin, body: plan });
  expectStatus(res, 201, 'plan creation');
  return plan;
}

/** Steps 1–3 of adding a card (spec 001 §4): a setup intent, confirmed with `card` as the browser would, then ours. */
export async function addCard(app: TestApp, token: string, card = 'pm_card_visa') {
  const intent = expectStatus(
    await app.request<SetupIntentResponse>('POST', apiRoutes.billing.setupIntent(), { token }),
    200,
    'setup intent',
  ).body;
  await sandboxStripe(app).setupIntents.confirm(intent.setupIntentId, { payment_method: card });
  return app.request('POST', apiRoutes.billing.confirmPaymentMethod(), {
    token,
    body: { setupIntentId: intent.setupIntentId },
  });
}

/** A Stripe event for `object`, signed with the sandbox's webhook secret as Stripe signs them. */
export function signedEvent(
  app: TestApp,
  type: string,
  object: { id: string; object: string; [field: string]: unknown },
) {
  const secret = app.deps.sandbox?.stripe.webhookSecret ?? '';
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: '2026-10-28.endive',
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

export function postWebhook(app: TestApp, event: { payload: string; signature: string }) {
  return app.request('POST', apiRoutes.webhooks.stripe(), {
    raw: event.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  });
}
