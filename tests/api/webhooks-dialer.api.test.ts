import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import type { WebhookPayload } from '@shared/api/webhooks.types';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { eventually } from './support/eventually';
import { outboundScene } from './support/outbound-scene';
import { DIALER_JOBS_OFF, testClock, TEST_DATABASES } from './support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

/** Wednesday 25 November 2026, 11:00 in Auckland: inside the campaign's window and New Zealand's legal hours. */
const WEDNESDAY_MORNING_NZ = new Date('2026-11-24T22:00:00.000Z');

describe.each(TEST_DATABASES)('webhooks from the dialer and the usage meter (%s)', (kind) => {
  const clock = testClock(WEDNESDAY_MORNING_NZ);
  const suite = useApiSuite(kind, { clock, config: { dialerCallsPerSecond: 50, workerJobs: DIALER_JOBS_OFF } });
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  it('sends contact.completed, in the transaction that settles it, once a campaign call is answered', async () => {
    const { app, tenant } = suite;
    const created = await app.request('POST', apiRoutes.webhookEndpoints.collection(), {
      token: tenant.admin.token,
      body: { url: receiver.url, eventTypes: ['contact.completed', 'contact.failed'] },
    });
    expectStatus(created, 201, 'endpoint');
    const scene = await outboundScene(app, tenant, clock);
    const campaignId = await scene.insertCampaign();
    const contactId = await scene.insertContact(campaignId, '+6421000300');
    const dialled = await app.built.services.dialer.dialCampaign(
      await app.built.services.campaigns.dialingSettings(tenant.id, campaignId),
    );
    expect(dialled).toEqual({ placed: 1, idle: null });

    const payload = await eventually(async () => {
      const [request] = receiver.received;
      expect(request).toBeDefined();
      return JSON.parse(request?.body ?? '{}') as WebhookPayload<'contact.completed'>;
    }, 20_000);
    expect(payload).toMatchObject({
      type: 'contact.completed',
      data: { contactId, campaignId, outcome: 'answered', conversationId: expect.stringMatching(/^conv_/) },
    });
  });

  it('sends usage.threshold_reached once at 80 % and once at 100 % of the included minutes', async () => {
    const { app, tenant } = suite;
    const created = await app.request<{ endpoint: { url: string } }>('POST', apiRoutes.webhookEndpoints.collection(), {
      token: tenant.admin.token,
      body: { url: `${receiver.url}/usage`, eventTypes: ['usage.threshold_reached'] },
    });
    expectStatus(created, 201, 'endpoint');
    // A month of its own: the month of the call above keeps the plan's allowance it started with.
    const terms = { minutesIncluded: 10, ratePerMinuteCents: 5, currency: 'usd', meteredCustomerId: null };
    const call = (conversationId: string, durationSec: number) =>
      app.deps.db.transaction((trx) =>
        app.built.services.usage.recordCall(
          trx,
          tenant.id,
          { startedAt: '2026-10-05T09:00:00.000Z', durationSec, conversationId },
          terms,
        ),
      );
    await call('conv_usage_1', 7 * 60);
    await call('conv_usage_2', 90);
    await call('conv_usage_3', 60);
    await call('conv_usage_4', 5 * 60);
    const usage = await eventually(async () => {
      const received = receiver.received.filter((request) => request.path.endsWith('/usage'));
      expect(received).toHaveLength(2);
      return received.map((request) => JSON.parse(request.body) as WebhookPayload<'usage.threshold_reached'>);
    }, 20_000);
    expect(usage.map((payload) => payload.data).sort((a, b) => a.percent - b.percent)).toEqual([
      { percent: 80, minutesUsed: 9, minutesIncluded: 10, month: '2026-10' },
      { percent: 100, minutesUsed: 10, minutesIncluded: 10, month: '2026-10' },
    ]);
  });
});
