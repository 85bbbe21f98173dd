import type { Page } from '@playwright/test';
import type { SetupIntentResponse } from '@shared/api/billing.types';
import type { PlansResponse } from '@shared/api/plans.types';
import { apiRoutes } from '@shared/api/routes';
import type { TestTenantRequest } from '@shared/api/test-support.types';
import { createTestTenant, signIn } from '../../api/support/api-actions';
import { expectStatus, type ApiClient } from '../../api/support/api-client';
import type { FreshTenant } from './fixtures';

/**
 * A tenant that went through plan setup through the API (set-up, not the behaviour under test): the test card
 * confirmed with the payment sandbox as the browser's card form confirms it, then a visible plan activated.
 */
export async function subscribedTenant(
  api: ApiClient,
  options: Omit<TestTenantRequest, 'billingStatus' | 'users'> = {},
  planId = 'growth',
): Promise<FreshTenant> {
  const { tenant, users } = await createTestTenant(api, {
    ...options,
    billingStatus: 'inactive',
    users: ['admin', 'user'],
  });
  const [admin, user] = users;
  if (!admin || !user) throw new Error('the test tenant came without its admin and member');
  const token = (await signIn(api, admin.email, admin.password)).accessToken;

  const intent = expectStatus(
    await api.request<SetupIntentResponse>('POST', apiRoutes.billing.setupIntent(), { token }),
    200,
    'setup intent',
  ).body;
  const confirmed = await fetch(`${intent.sandboxApiBase}/v1/setup_intents/${intent.setupIntentId}/confirm`, {
    method: 'POST',
    body: new URLSearchParams({
      key: intent.publishableKey,
      client_secret: intent.clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '2034',
    }),
  });
  if (!confirmed.ok) throw new Error(`the sandbox refused the test card: ${await confirmed.text()}`);
  expectStatus(
    await api.request('POST', apiRoutes.billing.confirmPaymentMethod(), {
      token,
      body: { setupIntentId: intent.setupIntentId },
    }),
    200,
    'confirm payment method',
  );

  const { plans } = expectStatus(
    await api.request<PlansResponse>('GET', apiRoutes.plans.visible(), { token }),
    200,
    'visible plans',
  ).body;
  const plan = plans.find((candidate) => candidate.id === planId);
  if (!plan) throw new Error(`no visible plan ${planId}`);
  const planConfig = { amount: plan.basePriceMonthly, currency: plan.currency, interval: 'month', name: plan.name };
  const activation = await api.request('POST', apiRoutes.billing.subscription(), {
    token,
    body: { planId: plan.id, planConfig },
  });
  if (activation.status >= 300) throw new Error(`activation: ${activation.status} ${activation.text}`);
  return { ...tenant, admin, user };
}

/** Enters a card in the sandbox's test-card form of the open Add Payment Method dialog. */
export async function enterTestCard(page: Page, number: string) {
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Add Card' }).click();
  return dialog;
}
