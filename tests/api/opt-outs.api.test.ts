import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKeyResponse } from '@shared/api/api-keys.types';
import type { OptOutResponse } from '@shared/api/contacts.types';
import { apiRoutes } from '@shared/api/routes';
import type { WebhookPayload } from '@shared/api/webhooks.types';
import { WEBHOOK_EVENTS } from '@shared/schemas/webhook-events.schema';
import { expectStatus } from './support/api-client';
import { sendCsv } from './support/contact-imports';
import { useApiSuite } from './support/api-suite';
import { eventually } from './support/eventually';
import { outboundScene } from './support/outbound-scene';
import { DIALER_JOBS_OFF, testClock, TEST_DATABASES, type TestApp } from './support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

/** Wednesday 25 November 2026, 11:00 in Auckland: inside the scene's calling window. */
const WEDNESDAY_MORNING_NZ = new Date('2026-11-24T22:00:00.000Z');

/** Opt-outs from the API, the tenant's systems (an API key), an admin and a call: listed, and pending contacts ended. */
describe.each(TEST_DATABASES)('opt-outs (%s)', (kind) => {
  const clock = testClock(WEDNESDAY_MORNING_NZ);
  const suite = useApiSuite(kind, { clock, config: { dialerCallsPerSecond: 50, workerJobs: DIALER_JOBS_OFF } });
  let app: TestApp;
  let scene: Awaited<ReturnType<typeof outboundScene>>;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    app = suite.app;
    scene = await outboundScene(app, suite.tenant, clock);
    receiver = await startWebhookReceiver();
    const endpoint = await app.request('POST', apiRoutes.webhookEndpoints.collection(), {
      token: suite.tenant.admin.token,
      body: { url: receiver.url, eventTypes: ['contact.opted_out'] },
    });
    expectStatus(endpoint, 201, 'endpoint');
  });
  afterAll(() => receiver.close());

  const contactRow = (id: string) => app.deps.db('outbound_contacts').where({ id }).first();

  async function keyWith(scope: string, permissions: string[]): Promise<string> {
    const created = await app.request<CreatedApiKeyResponse>('POST', apiRoutes.apiKeys.collection(), {
      token: suite.tenant.admin.token,
      body: { name: `Opt-outs ${scope}`, scope, permissions },
    });
    return expectStatus(created, 201, 'key').body.apiKey;
  }

  it('lists the number with source and evidence and ends its pending contacts in every campaign, once', async () => {
    const first = await scene.insertCampaign();
    const second = await scene.insertCampaign({ purpose: 'marketing' });
    const pendingA = await scene.insertContact(first, '+6421000410');
    const pendingB = await scene.insertContact(second, '+6421000410');
    const third = await scene.insertCampaign();
    const beingCalled = await scene.insertContact(third, '+6421000410', { status: 'in_progress' });
    const other = await scene.insertContact(first, '+6421000411');

    const res = await app.request<OptOutResponse>('POST', apiRoutes.optOuts.collection(), {
      token: suite.tenant.admin.token,
      body: { phoneNumber: '+64 21 000 410', source: 'crm', evidence: 'Ticket 4411' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      created: true,
      endedContacts: 2,
      entry: { phoneNumber: '+6421000410', channel: 'crm', evidence: 'Ticket 4411', addedBy: suite.tenant.admin.email },
    });
    for (const id of [pendingA, pendingB]) {
      expect(await contactRow(id)).toMatchObject({ status: 'failed', skip_reason: 'do_not_call' });
    }
    // The call in progress finishes; the other number is untouched.
    expect(await contactRow(beingCalled)).toMatchObject({ status: 'in_progress' });
    expect(await contactRow(other)).toMatchObject({ status: 'pending', skip_reason: null });
    const listed = await app.request('GET', apiRoutes.contacts.byId(pendingA), { token: suite.tenant.user.token });
    expect(listed.body.contact).toMatchObject({ status: 'failed', skipReason: 'do_not_call' });
    // The screens of both campaigns hear that their contacts moved on; the third campaign's did not.
    const announced = await app.deps
      .db('event_log')
      .where({ tenant_id: suite.tenant.id })
      .whereIn('type', ['campaign.progress', 'campaign.finished']);
    const campaignsAnnounced = announced.map((row: { data: string | { campaignId: string } }) =>
      typeof row.data === 'string' ? (JSON.parse(row.data) as { campaignId: string }).campaignId : row.data.campaignId,
    );
    expect(campaignsAnnounced).toEqual(expect.arrayContaining([first, second]));
    expect(campaignsAnnounced).not.toContain(third);

    const again = await app.request<OptOutResponse>('POST', apiRoutes.optOuts.collection(), {
      token: suite.tenant.admin.token,
      body: { phoneNumber: '+6421000410', source: 'sms', evidence: 'STOP' },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ created: false, endedContacts: 0, entry: { channel: 'crm' } });
    expect(await app.deps.db('do_not_call').where({ phone_number: '+6421000410' })).toHaveLength(1);

    const events = await eventually(async () => {
      const received = receiver.received.map((r) => JSON.parse(r.body) as WebhookPayload<'contact.opted_out'>);
      const ours = received.filter((payload) => payload.data.phoneNumber === '+6421000410');
      expect(ours).toHaveLength(2);
      return ours;
    }, 20_000);
    expect(events.map((event) => event.data.contactId).sort()).toEqual([pendingA, pendingB].sort());
    for (const event of events) {
      expect(() => WEBHOOK_EVENTS['contact.opted_out'].data.validateSync(event.data, { strict: true })).not.toThrow();
      expect(event.data).toMatchObject({ source: 'crm', callId: null });
    }
  });

  it('takes an opt-out from the tenant’s own systems with an API key of outbound:write, and refuses others', async () => {
    const campaignId = await scene.insertCampaign();
    const contactId = await scene.insertContact(campaignId, '+6421000420');
    const writer = await keyWith('read_write', ['outbound:write']);
    const reader = await keyWith('read_only', ['outbound:read', 'outbound:write']);
    const body = { phoneNumber: '+6421000420', source: 'webhook', evidence: 'https://crm.example/tickets/12' };

    const refused = await app.request('POST', apiRoutes.optOuts.collection(), {
      headers: { 'x-api-key': reader },
      body,
    });
    expect(refused.status, refused.text).toBe(403);
    const member = await app.request('POST', apiRoutes.optOuts.collection(), { token: suite.tenant.user.token, body });
    expect(member.status, member.text).toBe(403);
    const unsigned = await app.request('POST', apiRoutes.optOuts.collection(), { body });
    expect(unsigned.status).toBe(401);
    for (const bad of [
      { ...body, source: 'pigeon' },
      { ...body, phoneNumber: 'call me' },
      { phoneNumber: '+6421000420' },
      { ...body, extra: 1 },
    ]) {
      const res = await app.request('POST', apiRoutes.optOuts.collection(), {
        headers: { 'x-api-key': writer },
        body: bad,
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }

    const accepted = await app.request<OptOutResponse>('POST', apiRoutes.optOuts.collection(), {
      headers: { 'x-api-key': writer },
      body,
    });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body).toMatchObject({ created: true, endedContacts: 1, entry: { channel: 'webhook' } });
    expect(await contactRow(contactId)).toMatchObject({ status: 'failed', skip_reason: 'do_not_call' });
  });

  it('ends the pending contacts of a number an admin adds on the do-not-call page, and the dialer never calls it', async () => {
    const campaignId = await scene.insertCampaign();
    const contactId = await scene.insertContact(campaignId, '+6421000430');
    const added = await app.request('POST', apiRoutes.doNotCall.collection(), {
      token: suite.tenant.admin.token,
      body: { phoneNumber: '+6421000430', reason: 'Phoned reception' },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body.entry).toMatchObject({ channel: 'admin', source: 'manual' });
    expect(await contactRow(contactId)).toMatchObject({ status: 'failed', skip_reason: 'do_not_call' });
    await scene.dial(campaignId);
    expect(await app.deps.db('call_attempts').where({ contact_id: contactId })).toHaveLength(0);
  });

  it('ends at once the pending contacts of every number an admin imports into the do-not-call list', async () => {
    const first = await scene.insertCampaign();
    const second = await scene.insertCampaign();
    const listedA = await scene.insertContact(first, '+6421000460');
    const listedB = await scene.insertContact(second, '+6421000461');
    const alsoListed = await scene.insertContact(second, '+6421000460');
    const kept = await scene.insertContact(first, '+6421000462');
    const csv = 'number\n+6421000460\n+64 21 000 461\nnot a number\n';
    const res = await sendCsv(app, suite.tenant.admin.token, apiRoutes.doNotCall.import(), csv);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ report: { imported: 2, skipped: { invalid_number: 1 } }, endedContacts: 3 });
    for (const id of [listedA, listedB, alsoListed]) {
      expect(await contactRow(id)).toMatchObject({ status: 'failed', skip_reason: 'do_not_call' });
    }
    expect(await contactRow(kept)).toMatchObject({ status: 'pending', skip_reason: null });
    const endedIds: string[] = [listedA, listedB, alsoListed];
    const events = await eventually(async () => {
      const found = receiver.received
        .map((delivery) => JSON.parse(delivery.body) as WebhookPayload<'contact.opted_out'>)
        .filter((event) => endedIds.includes(event.data.contactId ?? ''));
      if (found.length < 3) throw new Error(`${found.length} of 3 opt-out events`);
      return found;
    });
    expect(events.map((event) => event.data.source)).toEqual(['admin', 'admin', 'admin']);
    await scene.dial(first);
    expect(await app.deps.db('call_attempts').where({ contact_id: listedA })).toHaveLength(0);

    // Importing the same numbers again adds nothing and ends nothing more.
    const again = await sendCsv(app, suite.tenant.admin.token, apiRoutes.doNotCall.import(), csv);
    expect(again.body).toMatchObject({ report: { imported: 0, skipped: { duplicate: 2 } }, endedContacts: 0 });
  });

  it('takes a stop request heard in a call the same path, with the call as evidence', async () => {
    const campaignId = await scene.insertCampaign();
    const contactId = await scene.insertContact(campaignId, '+6421000440');
    expect(await app.built.services.optOuts.fromCall(suite.tenant.id, '+6421000440', null)).toBe(true);
    expect(await contactRow(contactId)).toMatchObject({ status: 'failed', skip_reason: 'do_not_call' });
    const entry = await app.deps.db('do_not_call').where({ phone_number: '+6421000440' }).first();
    expect(entry).toMatchObject({ source: 'call', channel: 'call' });
    expect(await app.built.services.optOuts.fromCall(suite.tenant.id, '+6421000440', null)).toBe(false);
  });

  it('fails with reason do_not_call a contact whose number was listed behind its back when the dialer claims it', async () => {
    const campaignId = await scene.insertCampaign();
    const contactId = await scene.insertContact(campaignId, '+6421000450');
    await app.deps.db('do_not_call').insert({
      id: 'dnc-behind-its-back',
      tenant_id: suite.tenant.id,
      phone_number: '+6421000450',
      source: 'import',
      created_at: clock.now().toISOString(),
    });
    await scene.dial(campaignId);
    expect(await contactRow(contactId)).toMatchObject({ status: 'failed', skip_reason: 'do_not_call' });
    expect(await app.deps.db('call_attempts').where({ contact_id: contactId })).toHaveLength(0);
  });
});
