import { describe, expect, it } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import { createTestTenant, signIn } from './support/api-actions';
import { createApiClient, expectStatus } from './support/api-client';
import { openCrashLeg } from './support/crash-leg';
import { eventually } from './support/eventually';
import { TEST_DATABASES } from './support/test-app';
import { startWebhookReceiver } from './support/webhook-receiver';

const EVENTS = 30;
/** The receiver takes this long to answer, so that a kill finds deliveries in flight. */
const ANSWER_DELAY_MS = 150;
/** A killed worker's jobs run again once their lease (30 s) is over and a worker notices (within a minute). */
const SETTLE_TIMEOUT_MS = 180_000;

/**
 * Kill -9 the real server (its job workers inside) while it delivers webhooks, start it again, and check that every
 * event reached the receiver at least once with its one id, and that the delivery log holds each event once.
 */
describe.each(TEST_DATABASES)('webhook deliveries through kill -9 (%s)', (kind) => {
  it(
    'delivers every event at least once and records each once',
    async () => {
      const leg = await openCrashLeg(kind, { SEED_DEMO: 'true' });
      const receiver = await startWebhookReceiver();
      receiver.answer = () =>
        new Promise((resolve) => setTimeout(() => resolve({ status: 200, body: 'ok' }), ANSWER_DELAY_MS));
      try {
        let server = await leg.start();
        const client = createApiClient(server.baseUrl);
        const { tenant, users } = await createTestTenant(client, { billingStatus: 'active', users: ['admin'] });
        const admin = users[0];
        if (!admin) throw new Error('no admin');
        const { accessToken } = await signIn(client, admin.email, admin.password);
        const created = await client.request<{ endpoint: { id: string } }>(
          'POST',
          apiRoutes.webhookEndpoints.collection(),
          {
            token: accessToken,
            body: { url: receiver.url, eventTypes: ['call.completed'] },
          },
        );
        const endpointId = expectStatus(created, 201, 'endpoint').body.endpoint.id;
        for (let i = 0; i < EVENTS; i += 1) {
          const sent = await client.request('POST', apiRoutes.webhookEndpoints.test(endpointId), {
            token: accessToken,
          });
          expect(sent.status, sent.text).toBe(202);
        }
        await eventually(async () => expect(receiver.received.length).toBeGreaterThanOrEqual(3), 30_000);
        await server.kill();
        const settledBeforeKill = await leg.db('webhook_deliveries').where({ status: 'succeeded' }).count({ n: '*' });
        expect(Number(settledBeforeKill[0]?.n)).toBeLessThan(EVENTS);

        server = await leg.start();
        try {
          await eventually(async () => {
            const pending = await leg.db('webhook_deliveries').where({ tenant_id: tenant.id, status: 'pending' });
            expect(pending).toEqual([]);
          }, SETTLE_TIMEOUT_MS);
          const messages: Array<{ id: string }> = await leg.db('webhook_messages').where({ tenant_id: tenant.id });
          const deliveries: Array<{ message_id: string; status: string }> = await leg
            .db('webhook_deliveries')
            .where({ tenant_id: tenant.id });
          expect(messages).toHaveLength(EVENTS);
          expect(deliveries.map((delivery) => delivery.message_id).sort()).toEqual(messages.map((m) => m.id).sort());
          expect(deliveries.every((delivery) => delivery.status === 'succeeded')).toBe(true);
          const receivedIds = new Set(receiver.received.map((request) => request.headers['webhook-id']));
          for (const message of messages) expect(receivedIds.has(message.id), message.id).toBe(true);
        } finally {
          await server.stop();
        }
      } finally {
        await receiver.close();
        await leg.drop();
      }
    },
    SETTLE_TIMEOUT_MS + 120_000,
  );
});
