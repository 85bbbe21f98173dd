import { randomUUID } from 'node:crypto';
import { apiRoutes } from '@shared/api/routes';
import twilio from 'twilio';
import { beforeAll, describe, expect, it } from 'vitest';
import { BaseUrlRequestClient } from '../../server/src/providers/telephony/twilio.telephony';
import { buyNumber, createAgent, OUTBOUND_DISCLOSURE, outboundCampaign, type FreshTenant } from './support/api-actions';
import { useApiSuite } from './support/api-suite';
import { eventually } from './support/eventually';
import { testClock, TEST_DATABASES, type TestApp } from './support/test-app';

/**
 * Attempts whose outcome never arrived (a worker killed mid-call, a lost webhook, a conversation the voice provider no
 * longer has) are settled by the reconciler from the Twilio call, read by its SID or found by its numbers — and never
 * by dialling again. The calls are placed straight on the Twilio sandbox, as ElevenLabs places them, so that no
 * ElevenLabs conversation or webhook exists for them.
 */

/** Long enough to reconcile while a call still rings; the sandbox ends each call after this. */
const CALL_MS = 1500;
/** The reconciler looks at attempts this long past their deadline (its grace, and a little). */
const PAST_DEADLINE_MS = 5 * 60_000;

describe.each(TEST_DATABASES)('dialer reconciliation from the Twilio call (%s)', (kind) => {
  const clock = testClock();
  const suite = useApiSuite(kind, { clock, config: { runWorkers: false, sandboxCallDelayMs: CALL_MS } });
  let app: TestApp;
  let tenant: FreshTenant;
  let campaignId: string;
  let callerNumber: string;
  let carrier: ReturnType<typeof twilio>;
  let providerAgentId: string;

  const db = () => app.deps.db;
  const attemptRow = (id: string) => db()('call_attempts').where({ id }).first();
  const contactRow = (id: string) => db()('outbound_contacts').where({ id }).first();
  /** The reconciler's pass once the attempts' deadlines are past; the carrier's calls keep their own real times. */
  const reconcile = () => {
    clock.set(new Date(Date.now() + PAST_DEADLINE_MS));
    return app.built.services.dialer.reconcile();
  };

  /** A contact the dialer is calling now: its attempt is in flight, with whatever ids the worker noted. */
  async function contactInFlight(
    phoneNumber: string,
    noted: { callSid?: string; conversationId?: string } = {},
    recordedAtMs = Date.now() - 1000,
  ) {
    const created = await app.request('POST', apiRoutes.contacts.collection(campaignId), {
      token: tenant.admin.token,
      body: { phoneNumber },
    });
    expect(created.status, created.text).toBe(201);
    const contactId: string = created.body.contact.id;
    const recordedAt = new Date(recordedAtMs).toISOString();
    const placeBy = new Date(recordedAtMs + 20_000).toISOString();
    const attemptId = randomUUID();
    await db()('call_attempts').insert({
      id: attemptId,
      tenant_id: tenant.id,
      contact_id: contactId,
      campaign_id: campaignId,
      attempt_number: 1,
      status: 'dialing',
      started_at: recordedAt,
      place_by: placeBy,
      created_at: recordedAt,
      call_sid: noted.callSid ?? null,
      conversation_id: noted.conversationId ?? null,
    });
    await db()('outbound_contacts').where({ id: contactId }).update({ status: 'in_progress', attempts_made: 1 });
    return { contactId, attemptId };
  }

  const dial = async (to: string) =>
    (await carrier.calls.create({ to, from: callerNumber, url: 'https://x.test' })).sid;
  const ended = (sid: string) =>
    eventually(async () => {
      const call = await carrier.calls(sid).fetch();
      expect(['queued', 'ringing', 'in-progress']).not.toContain(call.status);
      return call;
    });
  /** Every call the carrier and the voice provider have for the contact: reconciling must not add one. */
  const callsTo = async (to: string, attemptId: string) => ({
    carrier: (await carrier.calls.list({ to })).length,
    conversations: (await app.deps.voice.findConversationsOfUser(providerAgentId, attemptId)).length,
  });

  beforeAll(async () => {
    ({ app, tenant } = suite);
    await db()('tenants').where({ id: tenant.id }).update({ outbound_calling_enabled: true });
    const number = await buyNumber(app, tenant.admin.token);
    callerNumber = number.phoneNumber;
    const agent = await createAgent(app, tenant.admin.token, {
      phoneNumberId: number.id,
      disclosure: OUTBOUND_DISCLOSURE,
    });
    expect(agent.status, agent.text).toBe(201);
    providerAgentId = (await db()('agents').where({ id: agent.body.agent.id }).first()).elevenlabs_agent_id;
    const campaign = await app.request('POST', apiRoutes.campaigns.collection(), {
      token: tenant.admin.token,
      body: outboundCampaign(agent.body.agent.id),
    });
    expect(campaign.status, campaign.text).toBe(201);
    campaignId = campaign.body.campaign.id;
    const sandbox = app.deps.sandbox!.twilio;
    carrier = twilio(sandbox.accountSid, sandbox.authToken, {
      httpClient: new BaseUrlRequestClient(new URL(sandbox.baseUrl)),
    });
  });

  it('settles a busy call whose initiation never made a conversation: found by its numbers, retry scheduled', async () => {
    const to = '+6421000307';
    const { contactId, attemptId } = await contactInFlight(to);
    const sid = await dial(to);
    expect((await ended(sid)).status).toBe('busy');

    expect(await reconcile()).toMatchObject({ settled: 1, notPlaced: 0 });
    expect(await attemptRow(attemptId)).toMatchObject({ status: 'busy', outcome: 'busy' });
    const contact = await contactRow(contactId);
    expect(contact).toMatchObject({ status: 'pending', attempts_made: 1 });
    expect(new Date(contact.next_attempt_at).getTime() - Date.now()).toBeGreaterThanOrEqual(29 * 60_000);

    expect(await reconcile()).toMatchObject({ settled: 0, notPlaced: 0 });
    expect(await callsTo(to, attemptId)).toEqual({ carrier: 1, conversations: 0 });
  });

  it('settles an answered call by its SID when the voice provider lost the conversation: completed', async () => {
    const to = '+6421000300';
    const sid = await dial(to);
    const { contactId, attemptId } = await contactInFlight(to, { callSid: sid, conversationId: 'conv_gone' });
    const call = await ended(sid);
    expect(call.status).toBe('completed');

    expect(await reconcile()).toMatchObject({ settled: 1 });
    expect(await attemptRow(attemptId)).toMatchObject({
      status: 'completed',
      outcome: 'answered',
      duration_sec: Number(call.duration),
      conversation_id: 'conv_gone',
    });
    expect(await contactRow(contactId)).toMatchObject({ status: 'completed', attempts_made: 1 });
    expect(await callsTo(to, attemptId)).toEqual({ carrier: 1, conversations: 0 });
  });

  it('waits while the call still rings, then settles it; an attempt the carrier has no call for is due again', async () => {
    const to = '+6421000308';
    const { contactId, attemptId } = await contactInFlight(to);
    // This number's only call is an earlier one: made well before the attempt was recorded, it is not the attempt's.
    await ended(await dial('+6421000310'));
    const unplaced = await contactInFlight('+6421000310', {}, Date.now() + 60_000);
    const sid = await dial(to);

    expect(await reconcile()).toMatchObject({ settled: 0, notPlaced: 1 });
    expect(await attemptRow(attemptId)).toMatchObject({ status: 'dialing', outcome: null });
    expect(await attemptRow(unplaced.attemptId)).toMatchObject({ status: 'failed', outcome: 'not_placed' });
    expect(await contactRow(unplaced.contactId)).toMatchObject({ status: 'pending' });

    expect((await ended(sid)).status).toBe('no-answer');
    expect(await reconcile()).toMatchObject({ settled: 1 });
    expect(await attemptRow(attemptId)).toMatchObject({ status: 'no_answer', outcome: 'no_answer' });
    expect(await contactRow(contactId)).toMatchObject({ status: 'pending', attempts_made: 1 });
    expect(await callsTo(to, attemptId)).toEqual({ carrier: 1, conversations: 0 });
  });
});
