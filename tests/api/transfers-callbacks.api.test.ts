import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Callback, CallbacksPage } from '@shared/api/callbacks.types';
import type { CallDetailResponse } from '@shared/api/calls.types';
import type { CreatedApiKeyResponse } from '@shared/api/api-keys.types';
import { apiRoutes } from '@shared/api/routes';
import { CALL_OUTCOMES } from '@shared/domain/call-outcomes';
import { RESERVED_TEST_NUMBERS } from '../../server/src/sandbox/call-script';
import { CALLBACKS_DUE_JOB } from '../../server/src/modules/callbacks/callbacks.jobs';
import { buyNumber, createAgent, outboundCampaign, OUTBOUND_DISCLOSURE } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';
import { eventually } from './support/eventually';
import { DIALER_JOBS_OFF, testClock, TEST_DATABASES, type TestApp } from './support/test-app';

/**
 * Warm transfer with a fallback (issue 23 part 2), end to end through the official SDK against the sandbox: an
 * agent's targets reach the provider as its transfer_to_number tool; a campaign call whose person asks for a human is
 * transferred (the target answers) or missed (it does not, or it is outside its hours), and a missed one leaves a
 * callback that members take and close, and that the campaign dials at its time when nobody took it.
 */

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** Wednesday 25 November 2026, 11:00 in Auckland. */
const WEDNESDAY_11_NZ = new Date('2026-11-24T22:00:00.000Z');
/** 13:00 the same day in Auckland: when the lunchtime desk opens. */
const WEDNESDAY_13_NZ = new Date('2026-11-25T00:00:00.000Z');
const TRANSFER_ANSWERED = `+6421${RESERVED_TEST_NUMBERS.transferAnsweredSuffix.padStart(6, '0')}`;
const TRANSFER_UNANSWERED = `+6421${RESERVED_TEST_NUMBERS.transferUnansweredSuffix.padStart(6, '0')}`;

const SALES_DESK = {
  name: 'Sales desk',
  phoneNumber: '+6493001234',
  timezone: 'Pacific/Auckland',
  businessHours: { days: EVERY_DAY, start: '08:00', end: '20:00' },
  condition: 'The caller wants to book now',
};
const LUNCH_DESK = {
  name: 'Lunch desk',
  phoneNumber: '+6493005678',
  timezone: 'Pacific/Auckland',
  businessHours: { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], start: '13:00', end: '14:00' },
  condition: 'The caller wants to book now',
  ringTimeoutSeconds: 40,
};

describe.each(TEST_DATABASES)('warm transfer and callbacks (%s)', (kind) => {
  const clock = testClock(WEDNESDAY_11_NZ);
  const suite = useApiSuite(kind, {
    clock,
    config: { dialerCallsPerSecond: 50, workerJobs: `${DIALER_JOBS_OFF},!${CALLBACKS_DUE_JOB}` },
  });
  let app: TestApp;
  let tenantId: string;
  let receiver: WebhookReceiver;
  /** Campaigns whose agents hand over to the sales desk (always open) and to the lunch desk (closed at 11:00). */
  const scenes: Record<'open' | 'closed', { campaignId: string; agentId: string; providerAgentId: string }> = {
    open: { campaignId: '', agentId: '', providerAgentId: '' },
    closed: { campaignId: '', agentId: '', providerAgentId: '' },
  };

  /** The business clock moves by hours here: sign in again for each request. */
  const adminToken = async () => (await app.login(suite.tenant.admin.email, suite.tenant.admin.password)).accessToken;
  const userToken = async () => (await app.login(suite.tenant.user.email, suite.tenant.user.password)).accessToken;
  const contactRow = (id: string) => app.deps.db('outbound_contacts').where({ id }).first();
  const dialNow = async (campaignId: string) => {
    const services = app.built.services;
    return services.dialer.dialCampaign(await services.campaigns.dialingSettings(tenantId, campaignId));
  };
  /** A pass two minutes on, past the campaign's one-minute interval since its last call. */
  const dial = (campaignId: string) => {
    clock.advance(2 * 60_000);
    return dialNow(campaignId);
  };
  /**
   * Dials the campaign until it calls this contact (others due first are called before it), and waits until the
   * contact's attempt is settled.
   */
  const callThrough = async (campaignId: string, contactId: string) => {
    const before = (await attemptsOf(contactId)).length;
    for (let pass = 0; pass < 5; pass += 1) {
      await dial(campaignId);
      if ((await attemptsOf(contactId)).length > before) break;
    }
    return eventually(async () => {
      const attempts = await attemptsOf(contactId);
      expect(attempts).toHaveLength(before + 1);
      expect(attempts.every((attempt) => attempt.outcome !== null)).toBe(true);
      const row = await contactRow(contactId);
      expect(row.status).not.toBe('in_progress');
      return row;
    });
  };
  const attemptsOf = async (contactId: string) => {
    const res = await app.request('GET', apiRoutes.dialer.attempts(contactId), { token: await adminToken() });
    return expectStatus(res, 200, 'attempts').body.attempts as Array<Record<string, unknown>>;
  };
  /** The call recorded for the contact's last conversation, as the call detail shows it. */
  const callOf = async (contactId: string) => {
    const row = await eventually(async () => {
      const contact = await contactRow(contactId);
      const call = await app.deps.db('calls').where({ conversation_id: contact.conversation_id }).first();
      expect(call).toBeDefined();
      return call as { id: string };
    });
    const res = await app.request<CallDetailResponse>('GET', apiRoutes.calls.byId(row.id), {
      token: await adminToken(),
    });
    return expectStatus(res, 200, 'call detail').body;
  };
  const callbacksPage = async (token: string, query = '') => {
    const res = await app.request<CallbacksPage>('GET', `${apiRoutes.callbacks.collection()}${query}`, { token });
    return expectStatus(res, 200, 'callbacks').body;
  };
  const callbackOfContact = async (contactId: string): Promise<Callback> => {
    const page = await callbacksPage(await adminToken(), '?limit=200');
    const found = page.callbacks.find((callback) => callback.contactId === contactId);
    if (!found) throw new Error(`no callback for ${contactId}`);
    return found;
  };
  const patchCallback = (id: string, body: unknown, auth: { token?: string; headers?: Record<string, string> }) =>
    app.request<{ callback: Callback }>('PATCH', apiRoutes.callbacks.byId(id), { ...auth, body });

  async function addContact(campaignId: string, phoneNumber: string, metadata?: Record<string, string>) {
    const res = await app.request('POST', apiRoutes.contacts.collection(campaignId), {
      token: await adminToken(),
      body: { phoneNumber, maxRetries: 1, retryDelayMinutes: 30, ...(metadata ? { metadata } : {}) },
    });
    return expectStatus(res, 201, 'contact').body.contact.id as string;
  }

  async function providerAgent(providerAgentId: string) {
    const sandbox = app.deps.sandbox!;
    const response = await fetch(`${sandbox.elevenlabs.baseUrl}/v1/convai/agents/${providerAgentId}`, {
      headers: { 'xi-api-key': sandbox.elevenlabs.apiKey },
    });
    return (await response.json()) as { conversation_config: Record<string, any> };
  }

  async function scene(target: Record<string, unknown>) {
    const admin = await adminToken();
    const number = await buyNumber(app, admin);
    const created = await createAgent(app, admin, {
      phoneNumberId: number.id,
      transferTargets: [target],
      disclosure: OUTBOUND_DISCLOSURE,
    });
    const agent = expectStatus(created, 201, 'agent').body.agent;
    const campaign = await app.request('POST', apiRoutes.campaigns.collection(), {
      token: admin,
      body: {
        ...outboundCampaign(agent.id),
        callingStartTime: '09:00',
        callingEndTime: '17:00',
        daysOfWeek: EVERY_DAY,
        callIntervalMinutes: 1,
      },
    });
    const campaignId = expectStatus(campaign, 201, 'campaign').body.campaign.id as string;
    expectStatus(await app.request('POST', apiRoutes.campaigns.resume(campaignId), { token: admin }), 200, 'start');
    return { campaignId, agentId: agent.id as string, providerAgentId: agent.elevenlabsAgentId as string };
  }

  /** The webhook events the tenant's endpoint was given, in order: what its own systems are told. */
  const webhookEvents = async (type: string) =>
    (await app.deps.db('webhook_messages').where({ tenant_id: tenantId, event_type: type }).orderBy('created_at'))
      .map((row: { payload: string }) => JSON.parse(row.payload) as { data: Record<string, unknown> })
      .map((payload) => payload.data);

  beforeAll(async () => {
    app = suite.app;
    tenantId = suite.tenant.id;
    await app.deps.db('tenants').where({ id: tenantId }).update({ outbound_calling_enabled: true });
    receiver = await startWebhookReceiver();
    const endpoint = await app.request('POST', apiRoutes.webhookEndpoints.collection(), {
      token: await adminToken(),
      body: { url: receiver.url, eventTypes: ['call.transferred', 'callback.created'] },
    });
    expectStatus(endpoint, 201, 'webhook endpoint');
    scenes.open = await scene(SALES_DESK);
    scenes.closed = await scene(LUNCH_DESK);
  });
  afterAll(() => receiver.close());

  it('keeps an agent’s transfer targets and sends them to the provider as its transfer_to_number tool', async () => {
    const admin = await adminToken();
    const agent = expectStatus(
      await app.request('GET', apiRoutes.agents.byId(scenes.open.agentId), { token: admin }),
      200,
      'agent',
    ).body.agent;
    expect(agent.transferTargets).toEqual([{ ...SALES_DESK, ringTimeoutSeconds: 25 }]);

    const remote = await providerAgent(scenes.open.providerAgentId);
    const tool = remote.conversation_config.agent.prompt.built_in_tools.transfer_to_number;
    expect(tool).toMatchObject({ type: 'system', name: 'transfer_to_number', response_timeout_secs: 25 });
    expect(tool.params.system_tool_type).toBe('transfer_to_number');
    expect(tool.params.transfers).toEqual([
      {
        transfer_destination: { type: 'phone', phone_number: SALES_DESK.phoneNumber },
        condition: expect.stringContaining('The caller wants to book now'),
        transfer_type: 'conference',
      },
    ]);

    // Removing the targets removes the tool; putting them back sends it again.
    const cleared = await app.request('PATCH', apiRoutes.agents.byId(scenes.open.agentId), {
      token: admin,
      body: { transferTargets: [] },
    });
    expect(expectStatus(cleared, 200, 'cleared').body.agent.transferTargets).toEqual([]);
    expect(
      (await providerAgent(scenes.open.providerAgentId)).conversation_config.agent.prompt.built_in_tools ?? {},
    ).not.toHaveProperty('transfer_to_number');
    const restored = await app.request('PATCH', apiRoutes.agents.byId(scenes.open.agentId), {
      token: admin,
      body: { transferTargets: [SALES_DESK] },
    });
    expectStatus(restored, 200, 'restored');
    const again = await providerAgent(scenes.open.providerAgentId);
    expect(again.conversation_config.agent.prompt.built_in_tools.transfer_to_number.params.transfers).toHaveLength(1);
  });

  it('refuses invalid transfer targets with 400s that name the field', async () => {
    const admin = await adminToken();
    const attempt = (transferTargets: unknown) => createAgent(app, admin, { transferTargets });
    const cases: Array<[unknown, string]> = [
      [Array.from({ length: 6 }, (_, i) => ({ ...SALES_DESK, phoneNumber: `+649300123${i}` })), 'At most 5'],
      [[{ ...SALES_DESK, phoneNumber: '+640000' }], 'E.164'],
      [[{ ...SALES_DESK, phoneNumber: '09 300 1234' }], 'E.164'],
      [[{ ...SALES_DESK, timezone: 'Mars/Olympus' }], 'time zone'],
      [[{ ...SALES_DESK, ringTimeoutSeconds: 5 }], 'Ring timeout'],
      [[{ ...SALES_DESK, ringTimeoutSeconds: '25' }], 'Ring timeout'],
      [[{ ...SALES_DESK, condition: 'x'.repeat(301) }], '300'],
      [[{ ...SALES_DESK, businessHours: { days: [], start: '09:00', end: '17:00' } }], 'at least one day'],
      [[{ ...SALES_DESK, businessHours: { days: ['funday'], start: '09:00', end: '17:00' } }], 'days of the week'],
      [[{ ...SALES_DESK, businessHours: { days: EVERY_DAY, start: '9am', end: '17:00' } }], 'HH:MM'],
      [[SALES_DESK, SALES_DESK], 'its own phone number'],
      [[{ ...SALES_DESK, extra: true }], 'Unknown field'],
      ['sales', 'list'],
    ];
    for (const [targets, message] of cases) {
      const res = await attempt(targets);
      expect(res.status, JSON.stringify(targets).slice(0, 80)).toBe(400);
      expect(res.text).toContain(message);
    }
    const patched = await app.request('PATCH', apiRoutes.agents.byId(scenes.open.agentId), {
      token: admin,
      body: { transferTargets: [{ ...SALES_DESK, name: '' }] },
    });
    expect(patched.status).toBe(400);
  });

  it('records a transfer the target answers as transferred, with whom and how long it rang', async () => {
    const contactId = await addContact(scenes.open.campaignId, TRANSFER_ANSWERED);
    expect(await callThrough(scenes.open.campaignId, contactId)).toMatchObject({ status: 'completed' });
    const [attempt] = await attemptsOf(contactId);
    expect(attempt).toMatchObject({ outcome: 'transferred', status: 'completed' });
    const detail = await callOf(contactId);
    expect(detail.call.outcome).toBe('transferred');
    expect(detail.call.transfer).toMatchObject({
      targetName: 'Sales desk',
      targetNumber: SALES_DESK.phoneNumber,
      answered: true,
    });
    expect(detail.call.transfer!.ringSecs).toBeGreaterThanOrEqual(4);
    expect(detail.call.transfer!.ringSecs).toBeLessThanOrEqual(12);
    const page = await callbacksPage(await adminToken(), '?limit=200');
    expect(page.callbacks.filter((callback) => callback.contactId === contactId)).toEqual([]);
    expect(await webhookEvents('call.transferred')).toContainEqual(
      expect.objectContaining({ callId: expect.any(String), transferredTo: SALES_DESK.phoneNumber }),
    );
  });

  it('turns a transfer nobody answers into transfer_missed and a callback with the call’s summary', async () => {
    const contactId = await addContact(scenes.open.campaignId, TRANSFER_UNANSWERED, {
      first_name: 'Aroha',
      last_name: 'Ngata',
    });
    expect(await callThrough(scenes.open.campaignId, contactId)).toMatchObject({ status: 'completed' });
    const [attempt] = await attemptsOf(contactId);
    expect(attempt).toMatchObject({ outcome: 'transfer_missed' });
    const detail = await callOf(contactId);
    expect(detail.call.outcome).toBe('transfer_missed');
    expect(detail.call.transfer).toEqual({
      targetName: 'Sales desk',
      targetNumber: SALES_DESK.phoneNumber,
      ringSecs: 25,
      answered: false,
    });
    const callback = await callbackOfContact(contactId);
    expect(callback).toMatchObject({
      phoneNumber: TRANSFER_UNANSWERED,
      contactName: 'Aroha Ngata',
      targetName: 'Sales desk',
      reason: 'no_answer',
      status: 'open',
      assignee: null,
      campaignId: scenes.open.campaignId,
    });
    expect(callback.summary).toContain('nobody answered');
    // The desk is open: the callback is due a quarter of an hour after the call.
    expect(callback.requestedAt).toBe(new Date(clock.now().getTime() + 15 * 60_000).toISOString());
    expect(await webhookEvents('callback.created')).toContainEqual({
      callbackId: callback.id,
      contactId,
      campaignId: scenes.open.campaignId,
      scheduledFor: callback.requestedAt,
    });
  });

  it('calls back at the time the person asked for, as the provider’s post-call analysis collected it', async () => {
    const remote = await providerAgent(scenes.open.providerAgentId);
    expect(remote).toMatchObject({
      platform_settings: { data_collection: { callback_requested_at: { type: 'string' } } },
    });
    const asking = `+6421${RESERVED_TEST_NUMBERS.transferUnansweredCallbackSuffix.padStart(6, '0')}`;
    const contactId = await addContact(scenes.open.campaignId, asking, { first_name: 'Mere' });
    await callThrough(scenes.open.campaignId, contactId);
    expect((await attemptsOf(contactId))[0]).toMatchObject({ outcome: 'transfer_missed' });
    const conversationId = (await contactRow(contactId)).conversation_id as string;
    const sandbox = app.deps.sandbox!;
    const conversation = await (
      await fetch(`${sandbox.elevenlabs.baseUrl}/v1/convai/conversations/${conversationId}`, {
        headers: { 'xi-api-key': sandbox.elevenlabs.apiKey },
      })
    ).json();
    const asked = conversation.analysis.data_collection_results.callback_requested_at.value as string;
    const endedAtMs = (conversation.metadata.start_time_unix_secs + conversation.metadata.call_duration_secs) * 1000;
    // Two hours after the call ended (the vendor's start time is in whole seconds).
    expect(Date.parse(asked) - endedAtMs).toBeGreaterThanOrEqual(2 * 3600_000);
    expect(Date.parse(asked) - endedAtMs).toBeLessThan(2 * 3600_000 + 1000);
    const callback = await callbackOfContact(contactId);
    expect(callback.requestedAt).toBe(new Date(asked).toISOString());

    // An admin need not wait: the campaign dials the contact now. A plain member may not.
    const member = await patchCallback(callback.id, { action: 'dial' }, { token: await userToken() });
    expect(member.status).toBe(403);
    const dialNow = await patchCallback(callback.id, { action: 'dial' }, { token: await adminToken() });
    expect(expectStatus(dialNow, 200, 'dial now').body.callback).toMatchObject({ status: 'dialled' });
    const due = await contactRow(contactId);
    expect(due.status).toBe('pending');
    expect(new Date(due.next_attempt_at).getTime()).toBe(clock.now().getTime());
    const again = await patchCallback(callback.id, { action: 'dial' }, { token: await adminToken() });
    expect(again.status).toBe(409);
  });

  it('leaves a callback for a member when an inbound caller’s transfer is missed, which the dialer never cancels', async () => {
    const number = await app.deps.db('phone_numbers').where({ assigned_agent_id: scenes.open.agentId }).first();
    const caller = TRANSFER_UNANSWERED.replace(/^\+6421/, '+6422');
    await app.deps.sandbox!.simulateInboundCall({ phoneNumber: number.phone_number, callerNumber: caller });
    const callback = await eventually(async () => {
      const page = await callbacksPage(await adminToken(), '?limit=200');
      const found = page.callbacks.find((entry) => entry.phoneNumber === caller);
      if (!found) throw new Error('no callback for the caller yet');
      return found;
    });
    expect(callback).toMatchObject({
      contactId: null,
      targetName: 'Sales desk',
      reason: 'no_answer',
      status: 'open',
      assignee: null,
    });
    expect(callback.summary).toContain('nobody answered');
    const inboundMissed = await app.deps
      .db('calls')
      .where({ tenant_id: tenantId, direction: 'inbound', status: 'transfer_missed' });
    expect(inboundMissed).toHaveLength(1);
    expect(await webhookEvents('callback.created')).toContainEqual(
      expect.objectContaining({ callbackId: callback.id, contactId: null }),
    );

    // There is no campaign contact to dial now: a member calls them back.
    const dial = await patchCallback(callback.id, { action: 'dial' }, { token: await adminToken() });
    expect(dial.status).toBe(409);
    expect(dial.text).toMatch(/rang in/);

    // Past its time, the dialer has no contact to put back: the callback stays open for a member.
    clock.advance(60 * 60_000);
    await app.built.services.callbacks.dialDue();
    const after = (await callbacksPage(await adminToken(), '?limit=200')).callbacks.find((c) => c.id === callback.id);
    expect(after).toMatchObject({ status: 'open' });
  });

  it('does not ring a target outside its hours: transfer_missed, 0 s, and a callback at its next opening', async () => {
    const contactId = await addContact(scenes.closed.campaignId, TRANSFER_ANSWERED, { name: 'Mere' });
    expect(await callThrough(scenes.closed.campaignId, contactId)).toMatchObject({ status: 'completed' });
    const detail = await callOf(contactId);
    expect(detail.call.outcome).toBe('transfer_missed');
    expect(detail.call.transfer).toEqual({
      targetName: 'Lunch desk',
      targetNumber: LUNCH_DESK.phoneNumber,
      ringSecs: 0,
      answered: false,
    });
    const callback = await callbackOfContact(contactId);
    expect(callback).toMatchObject({ reason: 'outside_hours', contactName: 'Mere', status: 'open' });
    expect(callback.requestedAt).toBe(WEDNESDAY_13_NZ.toISOString());
  });

  it('dials an unassigned callback at its time through the campaign, and not before', async () => {
    const contactId = await addContact(scenes.closed.campaignId, TRANSFER_UNANSWERED);
    await callThrough(scenes.closed.campaignId, contactId);
    const callback = await callbackOfContact(contactId);
    expect(callback.requestedAt).toBe(WEDNESDAY_13_NZ.toISOString());
    const callbacks = app.built.services.callbacks;

    // Before its time nothing happens, however often the job runs.
    clock.set(new Date(WEDNESDAY_13_NZ.getTime() - 60_000));
    await callbacks.dialDue();
    expect((await callbackOfContact(contactId)).status).toBe('open');
    expect((await contactRow(contactId)).status).toBe('completed');
    expect((await dialNow(scenes.closed.campaignId)).placed).toBe(0);
    expect(await attemptsOf(contactId)).toHaveLength(1);

    clock.set(WEDNESDAY_13_NZ);
    const { dialled } = await callbacks.dialDue();
    expect(dialled).toBeGreaterThanOrEqual(1);
    const after = await callbackOfContact(contactId);
    expect(after).toMatchObject({ status: 'dialled', dialledAt: WEDNESDAY_13_NZ.toISOString() });
    expect((await contactRow(contactId)).status).toBe('pending');
    // The campaign's own dialer places the call (its window, legal hours and the do-not-call list checked).
    await callThrough(scenes.closed.campaignId, contactId);
    expect(await attemptsOf(contactId)).toHaveLength(2);
    // Once dialled, it is not dialled again.
    await callbacks.dialDue();
    expect((await callbackOfContact(contactId)).status).toBe('dialled');
  });

  it('lets members take and close callbacks by role: user, admin and API key', async () => {
    const contactA = await addContact(scenes.open.campaignId, TRANSFER_UNANSWERED.replace('21', '22'));
    const contactB = await addContact(scenes.open.campaignId, TRANSFER_UNANSWERED.replace('21', '27'));
    for (const contactId of [contactA, contactB]) await callThrough(scenes.open.campaignId, contactId);
    const first = await callbackOfContact(contactA);
    const second = await callbackOfContact(contactB);
    const user = await userToken();
    const admin = await adminToken();
    const userId = (await app.deps.db('users').where({ email: suite.tenant.user.email }).first()).id as string;
    const adminId = (await app.deps.db('users').where({ email: suite.tenant.admin.email }).first()).id as string;

    // Any member lists them, filtered by status.
    const open = await callbacksPage(user, '?status=open&limit=1');
    expect(open.callbacks).toHaveLength(1);
    expect(open.total).toBeGreaterThanOrEqual(2);
    expect(open.nextCursor).not.toBeNull();
    const next = await callbacksPage(user, `?status=open&limit=1&after=${open.nextCursor}`);
    expect(next.callbacks[0]?.id).not.toBe(open.callbacks[0]?.id);

    // A plain user takes one for themselves, but cannot give one to someone else, nor cancel.
    const taken = await patchCallback(first.id, { action: 'assign' }, { token: user });
    expect(expectStatus(taken, 200, 'take').body.callback).toMatchObject({
      status: 'assigned',
      assignee: { id: userId, email: suite.tenant.user.email },
    });
    expect((await patchCallback(second.id, { action: 'assign', assigneeId: adminId }, { token: user })).status).toBe(
      403,
    );
    expect((await patchCallback(second.id, { action: 'cancel' }, { token: user })).status).toBe(403);
    // Taken already: another take is a conflict, not a silent steal.
    expect((await patchCallback(first.id, { action: 'assign' }, { token: user })).status).toBe(409);

    // The admin gives the second to the user; the user marks both done. An assigned one is not dialled.
    const given = await patchCallback(second.id, { action: 'assign', assigneeId: userId }, { token: admin });
    expect(expectStatus(given, 200, 'give').body.callback.assignee?.id).toBe(userId);
    const done = await patchCallback(first.id, { action: 'done' }, { token: user });
    expect(expectStatus(done, 200, 'done').body.callback.status).toBe('done');
    expect((await patchCallback(first.id, { action: 'cancel' }, { token: admin })).status).toBe(409);

    // An API key with outbound:write assigns (to a named member) and cancels; one with outbound:read only reads.
    const keyFor = async (permissions: string[]) => {
      const created = await app.request<CreatedApiKeyResponse>('POST', apiRoutes.apiKeys.collection(), {
        token: admin,
        body: { name: `Callbacks ${permissions.join(' ')}`, scope: 'read_write', permissions },
      });
      return { headers: { 'x-api-key': expectStatus(created, 201, 'key').body.apiKey } };
    };
    const writer = await keyFor(['outbound:read', 'outbound:write']);
    const reader = await keyFor(['outbound:read']);
    expect((await app.request('GET', apiRoutes.callbacks.collection(), reader)).status).toBe(200);
    expect((await patchCallback(second.id, { action: 'cancel' }, reader)).status).toBe(403);
    expect((await patchCallback(second.id, { action: 'assign' }, writer)).status).toBe(400);
    const reassigned = await patchCallback(second.id, { action: 'assign', assigneeId: adminId }, writer);
    expect(expectStatus(reassigned, 200, 'key assign').body.callback.assignee?.id).toBe(adminId);
    const cancelled = await patchCallback(second.id, { action: 'cancel' }, writer);
    expect(expectStatus(cancelled, 200, 'key cancel').body.callback.status).toBe('cancelled');

    // Bad input is a 400, an unknown callback a 404, another tenant's list never shows these.
    expect((await patchCallback(second.id, { action: 'explode' }, { token: admin })).status).toBe(400);
    expect((await patchCallback(second.id, { action: 'assign', assigneeId: 'nobody' }, { token: admin })).status).toBe(
      400,
    );
    expect((await patchCallback('cb_unknown', { action: 'done' }, { token: admin })).status).toBe(404);
    expect((await app.request('GET', `${apiRoutes.callbacks.collection()}?status=lost`, { token: admin })).status).toBe(
      400,
    );
    expect((await app.request('GET', `${apiRoutes.callbacks.collection()}?limit=0`, { token: admin })).status).toBe(
      400,
    );
  });

  it('names every call outcome and the callbacks routes in the OpenAPI document', async () => {
    const document = expectStatus(await app.request('GET', apiRoutes.openApi()), 200, 'openapi').body;
    expect(document.components.schemas.CallOutcome.enum).toEqual([...CALL_OUTCOMES]);
    expect(document.components.schemas.CallOutcome.enum).toEqual(
      expect.arrayContaining(['transferred', 'transfer_missed']),
    );
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/callbacks', '/callbacks/{id}']));
    expect(document.paths['/callbacks/{id}'].patch['x-api-key-permission']).toBe('outbound:write');
  });

  it('counts transfers and callbacks due in the campaign analytics and the dashboard calls panel', async () => {
    // The sandbox dates its calls by the wall clock, and the panel's rollup by the calls' start: read both today.
    clock.set(new Date());
    const admin = await adminToken();
    const analytics = await app.request('GET', apiRoutes.dialer.analytics(scenes.open.campaignId), { token: admin });
    const body = expectStatus(analytics, 200, 'analytics').body;
    expect(body.transferred).toBeGreaterThanOrEqual(1);
    expect(body.transferMissed).toBeGreaterThanOrEqual(1);
    expect(body.days.some((day: { outcomes: Record<string, number> }) => (day.outcomes.transferred ?? 0) > 0)).toBe(
      true,
    );
    expect(typeof body.callbacksDue).toBe('number');
    const panel = await app.request('GET', `${apiRoutes.calls.analytics()}?period=7d`, { token: admin });
    const totals = expectStatus(panel, 200, 'calls panel').body.transfers;
    expect(totals.transferred).toBeGreaterThanOrEqual(1);
    expect(totals.transferMissed).toBeGreaterThanOrEqual(1);
    expect(typeof totals.callbacksDue).toBe('number');
  });
});
