import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '@shared/api/openapi';
import { Webhook } from 'standardwebhooks';
import type { CreatedApiKeyResponse } from '@shared/api/api-keys.types';
import { apiRoutes } from '@shared/api/routes';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveriesPage,
  type WebhookDelivery,
  type WebhookDeliveryResponse,
  type WebhookEndpoint,
  type WebhookEndpointsResponse,
  type WebhookSecretResponse,
} from '@shared/api/webhooks.types';
import { createWebhookDelivery, DELIVERY_BOUNDS } from '../../server/src/modules/webhooks/webhook-delivery';
import { expectStatus } from './support/api-client';
import { freshTenant } from './support/api-actions';
import { useApiSuite } from './support/api-suite';
import { eventually } from './support/eventually';
import { TEST_DATABASES } from './support/test-app';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './support/webhook-receiver';

const routes = apiRoutes.webhookEndpoints;

/** What a receiver written with the standardwebhooks package makes of a delivery: its payload, or a thrown error. */
function verified(secret: string, received: ReceivedWebhook): { type: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(received.body, received.headers) as { type: string; data: Record<string, unknown> };
}

describe.each(TEST_DATABASES)('webhooks (%s)', (kind) => {
  const suite = useApiSuite(kind);
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  const admin = () => ({ token: suite.tenant.admin.token });

  let endpoints = 0;
  /** An endpoint at its own path of the receiver, so that each test reads only what its endpoint was sent. */
  async function addEndpoint(body: Record<string, unknown> = {}): Promise<WebhookSecretResponse> {
    endpoints += 1;
    const response = await suite.app.request<WebhookSecretResponse>('POST', routes.collection(), {
      ...admin(),
      body: { url: `${receiver.url}/${endpoints}`, eventTypes: ['call.completed', 'campaign.paused'], ...body },
    });
    return expectStatus(response, 201, 'endpoint creation').body;
  }

  async function deliveriesOf(endpointId: string, query = ''): Promise<WebhookDelivery[]> {
    const response = await suite.app.request<WebhookDeliveriesPage>(
      'GET',
      `${routes.deliveries(endpointId)}${query}`,
      admin(),
    );
    return expectStatus(response, 200, 'delivery log').body.deliveries;
  }

  /** The deliveries of the endpoint once none is pending any more. */
  const settled = (endpointId: string, count: number) =>
    eventually(async () => {
      const deliveries = await deliveriesOf(endpointId);
      expect(deliveries.filter((delivery) => delivery.status !== 'pending')).toHaveLength(count);
      return deliveries;
    }, 20_000);

  const callCompleted = (callId: string) =>
    suite.app.built.services.events.publish(suite.tenant.id, {
      type: 'call.completed',
      data: { callId, agentId: null, campaignId: null, durationSec: 42 },
    });

  const receivedBy = (endpoint: WebhookEndpoint, text: string) =>
    receiver.received.filter((request) => endpoint.url.endsWith(request.path) && request.body.includes(text));

  it('shows the secret once, lets admins and webhooks:manage keys in, and refuses plain http to other hosts', async () => {
    const { endpoint, secret } = await addEndpoint({ description: 'CRM' });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(endpoint).toMatchObject({
      url: `${receiver.url}/1`,
      description: 'CRM',
      enabled: true,
      disabledReason: null,
    });
    const listed = await suite.app.request<WebhookEndpointsResponse>('GET', routes.collection(), admin());
    expect(listed.text).not.toContain(secret.slice(6));
    expect(listed.body.endpoints.map((shown) => shown.id)).toContain(endpoint.id);

    expect((await suite.app.request('GET', routes.collection(), { token: suite.tenant.user.token })).status).toBe(403);
    const refused = await suite.app.request('POST', routes.collection(), {
      ...admin(),
      body: { url: 'http://crm.example.com/hooks', eventTypes: ['call.completed'] },
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('https://');
    const unknownEvent = await suite.app.request('POST', routes.collection(), {
      ...admin(),
      body: { url: receiver.url, eventTypes: ['call.exploded'] },
    });
    expect(unknownEvent.status).toBe(400);

    const keyFor = async (permissions: string[]) => {
      const created = await suite.app.request<CreatedApiKeyResponse>('POST', apiRoutes.apiKeys.collection(), {
        ...admin(),
        body: { name: `Hooks ${permissions.length}`, scope: 'read_write', permissions },
      });
      return { headers: { 'x-api-key': expectStatus(created, 201, 'key creation').body.apiKey } };
    };
    expect((await suite.app.request('GET', routes.collection(), await keyFor(['webhooks:manage']))).status).toBe(200);
    expect((await suite.app.request('GET', routes.collection(), await keyFor(['calls:read']))).status).toBe(403);
  });

  it('delivers a published event signed so that a standardwebhooks receiver verifies it, and logs it', async () => {
    const { endpoint, secret } = await addEndpoint();
    await callCompleted('call-signed');
    const [delivery] = await settled(endpoint.id, 1);
    const [request] = receivedBy(endpoint, 'call-signed');
    if (!request || !delivery) throw new Error('nothing delivered');
    expect(verified(secret, request)).toMatchObject({
      type: 'call.completed',
      data: { callId: 'call-signed', durationSec: 42 },
    });
    expect(() => verified(`whsec_${Buffer.alloc(24).toString('base64')}`, request)).toThrow();
    expect(delivery).toMatchObject({
      eventId: request.headers['webhook-id'],
      eventType: 'call.completed',
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
      responseBody: 'ok',
    });
    expect(delivery.latencyMs).toEqual(expect.any(Number));
    // An event the endpoint did not subscribe to is not sent to it.
    await suite.app.built.services.events.publish(suite.tenant.id, {
      type: 'campaign.finished',
      data: { campaignId: 'c1', name: 'Spring' },
    });
    await callCompleted('call-after');
    const after = await settled(endpoint.id, 2);
    expect(after.map((shown) => shown.eventType)).toEqual(['call.completed', 'call.completed']);
  });

  it('retries a failure with the same event id, honouring Retry-After, and a redelivery repeats it', async () => {
    const { endpoint, secret } = await addEndpoint();
    let failures = 0;
    receiver.answer = (request) => {
      if (endpoint.url.endsWith(request.path) && failures < 1) {
        failures += 1;
        return { status: 503, headers: { 'retry-after': '1' }, body: 'busy' };
      }
      return { status: 200, body: 'ok' };
    };
    await callCompleted('call-retried');
    const [delivery] = await settled(endpoint.id, 1);
    const requests = receivedBy(endpoint, 'call-retried');
    expect(requests).toHaveLength(2);
    expect(new Set(requests.map((request) => request.headers['webhook-id'])).size).toBe(1);
    for (const request of requests) expect(verified(secret, request).type).toBe('call.completed');
    expect((requests[1]?.at ?? 0) - (requests[0]?.at ?? 0)).toBeGreaterThanOrEqual(900);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 200 });

    const redelivered = await suite.app.request<WebhookDeliveryResponse>(
      'POST',
      routes.redeliver(endpoint.id, delivery?.id ?? ''),
      admin(),
    );
    expect(redelivered.status, redelivered.text).toBe(202);
    expect(redelivered.body.delivery).toMatchObject({ eventId: delivery?.eventId, redeliveryOf: delivery?.id });
    await settled(endpoint.id, 2);
    expect(new Set(receivedBy(endpoint, 'call-retried').map((request) => request.headers['webhook-id'])).size).toBe(1);
    expect(receivedBy(endpoint, 'call-retried')).toHaveLength(3);

    const failed = await deliveriesOf(endpoint.id, '?status=failed');
    expect(failed).toEqual([]);
  });

  it('signs with both secrets for a day after a rotation', async () => {
    const { endpoint, secret: before } = await addEndpoint();
    const rotated = await suite.app.request<WebhookSecretResponse>('POST', routes.rotateSecret(endpoint.id), admin());
    expect(rotated.status).toBe(200);
    const after = rotated.body.secret;
    expect(after).not.toBe(before);
    expect(Date.parse(rotated.body.endpoint.previousSecretExpiresAt ?? '') - Date.now()).toBeGreaterThan(
      23 * 3600 * 1000,
    );
    await callCompleted('call-rotated');
    await settled(endpoint.id, 1);
    const [request] = receivedBy(endpoint, 'call-rotated');
    if (!request) throw new Error('nothing delivered');
    expect(request.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(verified(before, request).type).toBe('call.completed');
    expect(verified(after, request).type).toBe('call.completed');
  });

  it('sends a test event to one endpoint; 410 Gone disables it at once', async () => {
    const { endpoint, secret } = await addEndpoint();
    receiver.answer = (request) => (request.body.includes(endpoint.id) ? { status: 410 } : { status: 200 });
    const test = await suite.app.request<WebhookDeliveryResponse>('POST', routes.test(endpoint.id), admin());
    expect(test.status, test.text).toBe(202);
    expect(test.body.delivery).not.toHaveProperty('tenantId');
    const [delivery] = await settled(endpoint.id, 1);
    expect(delivery).toMatchObject({ eventType: 'webhook.test', status: 'failed', attempts: 1, responseStatus: 410 });
    const request = receiver.received.find((received) => received.body.includes(endpoint.id));
    expect(request && verified(secret, request).type).toBe('webhook.test');
    const shown = await suite.app.request<{ endpoint: WebhookEndpoint }>('GET', routes.byId(endpoint.id), admin());
    expect(shown.body.endpoint).toMatchObject({ enabled: false, disabledReason: 'gone' });
    expect((await suite.app.request('POST', routes.test(endpoint.id), admin())).status).toBe(409);
    receiver.answer = () => ({ status: 200, body: 'ok' });
  });

  it('disables an endpoint failing for five days and e-mails the admins', async () => {
    const { endpoint } = await addEndpoint({ eventTypes: ['campaign.paused'] });
    const sixDaysAgo = new Date(Date.now() - 6 * 24 * 3600 * 1000).toISOString();
    await suite.app.deps.db('webhook_endpoints').where({ id: endpoint.id }).update({ failing_since: sixDaysAgo });
    receiver.answer = (request) => (request.body.includes('Paused for good') ? { status: 400 } : { status: 200 });
    await suite.app.built.services.events.publish(suite.tenant.id, {
      type: 'campaign.paused',
      data: { campaignId: 'c9', name: 'Paused for good', reason: null },
    });
    await settled(endpoint.id, 1);
    const shown = await suite.app.request<{ endpoint: WebhookEndpoint }>('GET', routes.byId(endpoint.id), admin());
    expect(shown.body.endpoint).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const mail = await suite.app.deps.db('mail_outbox').where({ kind: 'webhook-endpoint-disabled' });
    expect(mail.map((row: { to_address: string }) => row.to_address)).toContain(suite.tenant.admin.email);

    const enabled = await suite.app.request<{ endpoint: WebhookEndpoint }>('PATCH', routes.byId(endpoint.id), {
      ...admin(),
      body: { enabled: true },
    });
    expect(enabled.body.endpoint).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    receiver.answer = () => ({ status: 200, body: 'ok' });
  });

  it('refuses a private address where the connection is made, without retrying', async () => {
    const { endpoint } = await addEndpoint({ url: 'https://169.254.169.254/latest/meta-data' });
    await callCompleted('call-metadata');
    const [delivery] = await settled(endpoint.id, 1);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, responseStatus: null });
    expect(delivery?.error).toContain('not a public address');
  });

  it('pages the log newest first and filters it by status and event type', async () => {
    const { endpoint } = await addEndpoint();
    for (const callId of ['page-1', 'page-2', 'page-3']) await callCompleted(callId);
    await settled(endpoint.id, 3);
    const first = await suite.app.request<WebhookDeliveriesPage>(
      'GET',
      `${routes.deliveries(endpoint.id)}?limit=2`,
      admin(),
    );
    expect(first.body).toMatchObject({ total: 3, nextCursor: expect.any(String) });
    const second = await suite.app.request<WebhookDeliveriesPage>(
      'GET',
      `${routes.deliveries(endpoint.id)}?limit=2&after=${first.body.nextCursor}`,
      admin(),
    );
    expect(second.body.deliveries).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    expect(await deliveriesOf(endpoint.id, '?status=succeeded&eventType=call.completed')).toHaveLength(3);
    expect(await deliveriesOf(endpoint.id, '?eventType=campaign.paused')).toHaveLength(0);
    expect((await suite.app.request('GET', `${routes.deliveries(endpoint.id)}?status=lost`, admin())).status).toBe(400);
  });

  it("describes every event in the OpenAPI document's webhooks section, and deliveries match it", async () => {
    const document = expectStatus(
      await suite.app.request<OpenApiDocument>('GET', apiRoutes.openApi()),
      200,
      'openapi',
    ).body;
    const webhooks = document.webhooks as Record<
      string,
      { post: { requestBody: { content: Record<string, { schema: object }> } } }
    >;
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, 'webhook.test'].sort());
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const schemaOf = (type: string) => webhooks[type]?.post.requestBody.content['application/json']?.schema ?? {};
    const { endpoint } = await addEndpoint({ eventTypes: ['call.completed', 'campaign.paused'] });
    await callCompleted('call-documented');
    await suite.app.built.services.events.publish(suite.tenant.id, {
      type: 'campaign.paused',
      data: { campaignId: 'c2', name: 'Documented', reason: 'Brake' },
    });
    await suite.app.request('POST', routes.test(endpoint.id), admin());
    await settled(endpoint.id, 3);
    const bodies = receiver.received
      .filter((request) => endpoint.url.endsWith(request.path))
      .map((request) => JSON.parse(request.body) as { type: string });
    expect(bodies.map((body) => body.type).sort()).toEqual(['call.completed', 'campaign.paused', 'webhook.test']);
    for (const body of bodies) {
      const validate = ajv.compile(schemaOf(body.type));
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    }
    const wrong = ajv.compile(schemaOf('call.completed'));
    expect(wrong({ type: 'call.completed', timestamp: new Date().toISOString(), data: { callId: 'c' } })).toBe(false);
  });

  it('forgets events older than the log keeps, with their deliveries', async () => {
    const { endpoint } = await addEndpoint();
    await callCompleted('call-old');
    const [delivery] = await settled(endpoint.id, 1);
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString();
    await suite.app.deps.db('webhook_messages').where({ id: delivery?.eventId }).update({ created_at: old });
    // The event went to the suite's other endpoints too: one event, a delivery per endpoint.
    await suite.app.deps.db('webhook_deliveries').where({ message_id: delivery?.eventId }).update({ created_at: old });
    expect(await suite.app.built.services.webhooks.prune()).toBeGreaterThanOrEqual(1);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });

  it("keeps a slow receiver of one tenant from holding up another tenant's deliveries", async () => {
    const { endpoint: slow } = await addEndpoint({ eventTypes: ['campaign.finished'] });
    const neighbour = await freshTenant(suite.app);
    const created = await suite.app.request<WebhookSecretResponse>('POST', routes.collection(), {
      token: neighbour.admin.token,
      body: { url: `${receiver.url}/neighbour`, eventTypes: ['campaign.finished'] },
    });
    expectStatus(created, 201, 'neighbour endpoint');
    const slowPath = new URL(slow.url).pathname;
    receiver.answer = (request) =>
      request.path === slowPath
        ? new Promise((resolve) => setTimeout(() => resolve({ status: 200, body: 'slow' }), 3000))
        : { status: 200, body: 'ok' };
    const finished = (tenantId: string, name: string) =>
      suite.app.built.services.events.publish(tenantId, {
        type: 'campaign.finished',
        data: { campaignId: name, name },
      });
    for (let i = 0; i < 40; i += 1) await finished(suite.tenant.id, `slow-${i}`);
    const sent = Date.now();
    await finished(neighbour.id, 'neighbour');
    const arrived = await eventually(async () => {
      const request = receiver.received.find((received) => received.path.endsWith('/neighbour'));
      expect(request).toBeDefined();
      return request?.at ?? 0;
    }, 20_000);
    expect(arrived - sent).toBeLessThan(2000);
    expect(receiver.received.filter((request) => request.path === slowPath).length).toBeLessThan(40);
    receiver.answer = () => ({ status: 200, body: 'ok' });
  });
  it('keeps an endpoint within its bound of deliveries in flight across every process that sends', async () => {
    const { endpoint } = await addEndpoint({ eventTypes: ['campaign.paused'] });
    const path = new URL(endpoint.url).pathname;
    let inFlight = 0;
    let most = 0;
    receiver.answer = (request) => {
      if (request.path !== path) return { status: 200, body: 'ok' };
      inFlight += 1;
      most = Math.max(most, inFlight);
      return new Promise((resolve) =>
        setTimeout(() => {
          inFlight -= 1;
          resolve({ status: 200, body: 'held' });
        }, 1500),
      );
    };
    const events = 12;
    for (let i = 0; i < events; i += 1) {
      await suite.app.built.services.events.publish(suite.tenant.id, {
        type: 'campaign.paused',
        data: { campaignId: `bounded-${i}`, name: `Bounded ${i}`, reason: 'manual' },
      });
    }
    // A second process's sender beside this one's job workers: its own in-process slots, the same database.
    const other = createWebhookDelivery(suite.app.deps, suite.app.built.services.users);
    const ids = await suite.app.deps.db('webhook_deliveries').where({ endpoint_id: endpoint.id }).pluck('id');
    await Promise.all(ids.map((deliveryId: string) => other.attempt({ deliveryId, attemptsBefore: 0 })));
    const deliveries = await settled(endpoint.id, events);
    expect(deliveries.every((delivery) => delivery.status === 'succeeded' && delivery.attempts === 1)).toBe(true);
    expect(receiver.received.filter((request) => request.path === path)).toHaveLength(events);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(DELIVERY_BOUNDS.perEndpoint);
    receiver.answer = () => ({ status: 200, body: 'ok' });
  });
});
