import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SetupIntentResponse } from '@shared/api/billing.types';
import { apiRoutes } from '@shared/api/routes';
import { openDatabase, type Db } from '../../server/src/db/database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/src/db/seeds/demo-accounts';
import { startSandbox } from '../../server/src/sandbox';
import { buyNumber, createAgent, freshTenant, signIn } from './support/api-actions';
import { createApiClient, expectStatus, type ApiClient } from './support/api-client';
import { stripeFor } from './support/billing-actions';
import { eventually } from './support/eventually';
import { startServerProcess, testServerEnv } from './support/server-process';
import { createPostgresDatabase, TEST_DATABASES } from './support/test-app';

/**
 * Kill -9 the real server after the payment provider took a call's meter event and before our row says it was
 * sent; after the restart the report is sent again (its job expired with the process), and the provider, which
 * counts an identifier once, has the call's minutes exactly once.
 */
/** The killed job expires (60 s), or the minutely sweep queues the report again once it is 90 s old. */
const SETTLE_TIMEOUT_MS = 240_000;

/** Confirms the intent with the emulator as Stripe.js would: the publishable key and the client secret. */
async function confirmTestCard(intent: SetupIntentResponse): Promise<void> {
  const body = new URLSearchParams({
    key: intent.publishableKey,
    client_secret: intent.clientSecret,
    payment_method: 'pm_card_visa',
  });
  const url = `${intent.sandboxApiBase}/v1/setup_intents/${intent.setupIntentId}/confirm`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${intent.publishableKey}` },
    body,
  });
  if (!response.ok) throw new Error(`card confirmation: ${response.status} ${await response.text()}`);
}

async function activatedTenant(client: ApiClient) {
  const superadmin = (await signIn(client, DEMO_ACCOUNTS.superadmin.email, DEMO_PASSWORD)).accessToken;
  const planId = `crash-${Date.now()}`;
  const plan = await client.request('POST', apiRoutes.admin.plans(), {
    token: superadmin,
    body: {
      id: planId,
      name: 'Crash',
      basePriceMonthly: 1000,
      minutesIncluded: 0,
      overageRatePerMinute: 10,
      maxAgents: 2,
      maxPhoneNumbers: 1,
      maxCampaigns: 1,
    },
  });
  expectStatus(plan, 201, 'plan');
  const tenant = await freshTenant(client, { billingStatus: 'inactive' });
  const token = tenant.admin.token;
  const intent = expectStatus(
    await client.request<SetupIntentResponse>('POST', apiRoutes.billing.setupIntent(), { token }),
    200,
    'setup intent',
  ).body;
  await confirmTestCard(intent);
  const body = { setupIntentId: intent.setupIntentId };
  expectStatus(await client.request('POST', apiRoutes.billing.confirmPaymentMethod(), { token, body }), 200, 'card');
  expectStatus(
    await client.request('POST', apiRoutes.billing.subscription(), { token, body: { planId } }),
    200,
    'activation',
  );
  return tenant;
}

describe.each(TEST_DATABASES)('usage report across kill -9 (%s)', (kind) => {
  it('counts the call once at the provider after a crash between sending and recording', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-usage-crash-'));
    const database = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    const env = testServerEnv(dataDir, database?.url, { SANDBOX_CALL_DELAY_MS: '200' });
    let db: Db | null = null;
    try {
      const first = await startServerProcess({ ...env, PARLEY_TEST_CRASH_AT: 'usage-report:sent' });
      const client = createApiClient(first.baseUrl);
      const tenant = await activatedTenant(client);
      const number = await buyNumber(client, tenant.admin.token);
      const agent = await createAgent(client, tenant.admin.token, { phoneNumberId: number.id });
      expect(agent.status, agent.text).toBe(201);
      const call = await client.request('POST', apiRoutes.agents.simulateCall(agent.body.agent.id), {
        token: tenant.admin.token,
      });
      expect(call.status, call.text).toBe(202);
      // The call is recorded, its report sent, and the process dies before marking it sent.
      expect(await Promise.race([first.ended, new Promise((r) => setTimeout(() => r('alive'), 60_000))])).toBe(
        'SIGKILL',
      );
      db = openDatabase({ databaseUrl: database?.url, dataDir });
      const pending = await db('usage_meter_reports').where({ tenant_id: tenant.id });
      expect(pending.map((report) => report.state)).toEqual(['pending']);
      await db.destroy();
      db = null;

      const second = await startServerProcess(env);
      try {
        db = openDatabase({ databaseUrl: database?.url, dataDir });
        await eventually(async () => {
          const reports = await db!('usage_meter_reports').where({ tenant_id: tenant.id });
          expect(reports.map((report) => report.state)).toEqual(['sent']);
        }, SETTLE_TIMEOUT_MS);
      } finally {
        await second.stop();
      }
      const [report] = await db('usage_meter_reports').where({ tenant_id: tenant.id });
      const customer = (await db('tenants').where({ id: tenant.id }).first('stripe_customer_id')).stripe_customer_id;
      const meterId = (await db('plans').whereNotNull('stripe_meter_id').first('stripe_meter_id')).stripe_meter_id;

      // The provider's own count, read from the emulator's kept state through the official SDK.
      const sandbox = await startSandbox({
        dataDir: path.join(dataDir, 'sandbox'),
        callDelayMs: 0,
        webhookUrl: () => null,
      });
      try {
        const stripe = stripeFor(sandbox.stripe);
        const now = Math.floor(Date.now() / 60_000) * 60;
        const summaries = await stripe.billing.meters.listEventSummaries(meterId, {
          customer,
          start_time: now - 3600 * 24,
          end_time: now + 3600,
        });
        expect(summaries.data.reduce((sum, summary) => sum + summary.aggregated_value, 0)).toBe(Number(report.minutes));
        expect(Number(report.minutes)).toBeGreaterThan(0);
      } finally {
        await sandbox.close();
      }
    } finally {
      await db?.destroy();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 400_000);
});
