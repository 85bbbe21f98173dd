import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import { LEGAL_QUIET_HOURS } from '@shared/domain/calling-window';
import { DEMO_ACCOUNTS } from '../../server/src/db/seeds/demo-accounts';
import { freshTenant, setTenantBilling, type FreshTenant } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { updateContactRows } from './support/contact-rows';
import { useApiSuite } from './support/api-suite';
import { eventually } from './support/eventually';
import { outboundScene } from './support/outbound-scene';
import { DIALER_JOBS_OFF, testClock, TEST_DATABASES, type TestApp } from './support/test-app';

/**
 * The dialer through HTTP and its service: attempts recorded before calls, outcomes from the sandbox's webhooks,
 * retries by outcome, the preview, progress, batch calls, brakes and the reconciler. Contacts and the do-not-call
 * list go through their API; campaigns are written straight to their table, since every one here shares one agent
 * (the API allows one campaign per agent and a plan's few), and so are the states only a crash or another way in
 * leaves (invalid numbers, contacts already done, attempts a dead worker left).
 */

/** Wednesday 25 November 2026, 11:00 in Auckland (NZDT): inside the campaign's window and New Zealand's legal hours. */
const WEDNESDAY_MORNING_NZ = new Date('2026-11-24T22:00:00.000Z');

describe.each(TEST_DATABASES)('dialer API (%s)', (kind) => {
  const clock = testClock(WEDNESDAY_MORNING_NZ);
  const suite = useApiSuite(kind, { clock, config: { dialerCallsPerSecond: 50, workerJobs: DIALER_JOBS_OFF } });
  let app: TestApp;
  let tenant: FreshTenant;
  let other: FreshTenant;
  let admin: string;
  let user: string;
  let agentId: string;
  let superadmin: string;

  /** Running campaigns and contacts written straight to their tables, dialled by the tests alone. */
  let scene: Awaited<ReturnType<typeof outboundScene>>;
  const insertCampaign = (fields?: Record<string, unknown>) => scene.insertCampaign(fields);
  const insertContact = (campaignId: string, phoneNumber: string, fields?: Record<string, unknown>) =>
    scene.insertContact(campaignId, phoneNumber, fields);

  /** A contact added through the API, as an admin adds one. */
  async function addContact(campaignId: string, phoneNumber: string, body: Record<string, unknown> = {}) {
    const res = await app.request('POST', apiRoutes.contacts.collection(campaignId), {
      token: admin,
      body: { phoneNumber, metadata: { firstName: 'Aroha' }, ...body },
    });
    return expectStatus(res, 201, 'contact').body.contact.id as string;
  }

  const contactRow = (id: string) => app.deps.db('outbound_contacts').where({ id }).first();
  const attemptsOf = (contactId: string, token = user) =>
    app.request('GET', apiRoutes.dialer.attempts(contactId), { token });
  const settings = async (campaignId: string) => (await app.deps.db('campaigns').where({ id: campaignId }).first())!;
  const services = () => app.built.services;
  const dial = async (campaignId: string) => {
    return services().dialer.dialCampaign(await services().campaigns.dialingSettings(tenant.id, campaignId));
  };

  beforeAll(async () => {
    ({ app, tenant } = suite);
    admin = tenant.admin.token;
    user = tenant.user.token;
    other = await freshTenant(app);
    await app.deps.db('tenants').where({ id: other.id }).update({ outbound_calling_enabled: true });
    scene = await outboundScene(app, tenant, clock);
    agentId = scene.agentId;
    superadmin = (await app.login(DEMO_ACCOUNTS.superadmin.email)).accessToken;
  });

  it('records the attempt, places the call with the contact’s variables, and settles it from the webhook', async () => {
    const campaignId = await insertCampaign();
    const contactId = await addContact(campaignId, '+6421000100');
    const pass = await dial(campaignId);
    expect(pass).toEqual({ placed: 1, idle: null });
    const placed = await app.deps.db('call_attempts').where({ contact_id: contactId }).first();
    expect(placed).toMatchObject({ attempt_number: 1, campaign_id: campaignId });
    expect(placed.conversation_id).toMatch(/^conv_/);
    const conversation = await app.deps.voice.getConversation(placed.conversation_id);
    expect(conversation.userId).toBe(placed.id);

    const settled = await eventually(async () => {
      const res = await attemptsOf(contactId);
      expect(res.status, res.text).toBe(200);
      expect(res.body.attempts[0].status).toBe('completed');
      return res.body.attempts;
    });
    expect(settled).toEqual([
      expect.objectContaining({
        attemptNumber: 1,
        status: 'completed',
        outcome: 'answered',
        durationSec: expect.any(Number),
        conversationId: placed.conversation_id,
      }),
    ]);
    expect(await contactRow(contactId)).toMatchObject({ status: 'completed', attempts_made: 1 });
  });

  it('keeps calls of a campaign at least its interval apart, and retries busy after the contact’s delay', async () => {
    const campaignId = await insertCampaign();
    const busy = await addContact(campaignId, '+6421000107');
    expect((await dial(campaignId)).placed).toBe(1);
    const second = await addContact(campaignId, '+6421000110');
    expect(await dial(campaignId)).toEqual({ placed: 0, idle: 'interval' });
    const [first] = await app.deps.db('call_attempts').where({ campaign_id: campaignId });
    expect(first.contact_id).toBe(busy);
    await eventually(async () => expect((await contactRow(busy)).status).toBe('pending'));
    const retry = new Date((await contactRow(busy)).next_attempt_at).getTime();
    expect(retry - clock.now().getTime()).toBeGreaterThanOrEqual(30 * 60_000);
    expect((await attemptsOf(busy)).body.attempts[0]).toMatchObject({ status: 'busy', outcome: 'busy' });

    clock.advance(60_000);
    expect((await dial(campaignId)).placed).toBe(1);
    const second_attempts = await app.deps.db('call_attempts').where({ contact_id: second });
    expect(second_attempts).toHaveLength(1);
  });

  it('moves a contact outside its legal hours to the next allowed moment without calling it', async () => {
    // 22:00 UTC is 06:00 on Wednesday in Perth: three hours before Australia's legal hours open.
    const campaignId = await insertCampaign({ calling_hours_type: 'all_hours' });
    const perth = await addContact(campaignId, '+61891234567', {
      metadata: { timezone: 'Australia/Perth' },
    });
    expect(await dial(campaignId)).toEqual({ placed: 0, idle: 'nothing-due' });
    const row = await contactRow(perth);
    expect(row.status).toBe('pending');
    // 09:00 AWST on Wednesday is 01:00 UTC on the 25th: it is not claimed before then.
    expect(new Date(row.next_callable_at).toISOString()).toBe('2026-11-25T01:00:00.000Z');
    expect(await app.deps.db('call_attempts').where({ contact_id: perth })).toHaveLength(0);
  });

  it('never dials a number on the tenant’s do-not-call list, and the preview counts it', async () => {
    const campaignId = await insertCampaign();
    const listed = await addContact(campaignId, '+6421000125');
    const listing = await app.request('POST', apiRoutes.doNotCall.collection(), {
      token: admin,
      body: { phoneNumber: '+6421000125' },
    });
    expect(listing.status, listing.text).toBe(201);
    // Listing the number is an opt-out: its pending contact ends at once (reason do_not_call), before any dial.
    expect(await contactRow(listed)).toMatchObject({ status: 'failed', skip_reason: 'do_not_call' });
    const preview = await app.request('GET', apiRoutes.dialer.preview(campaignId), { token: user });
    expect(preview.body).toMatchObject({ total: 0, callableNow: 0 });
    expect(await dial(campaignId)).toEqual({ placed: 0, idle: 'nothing-due' });
    expect((await contactRow(listed)).status).toBe('failed');
    expect(await app.deps.db('call_attempts').where({ contact_id: listed })).toHaveLength(0);
  });

  it('calls nobody outside the campaign’s window', async () => {
    const campaignId = await insertCampaign({ calling_start_time: '13:00', calling_end_time: '14:00' });
    const contact = await addContact(campaignId, '+6421000120');
    expect(await dial(campaignId)).toEqual({ placed: 0, idle: 'window' });
    expect((await contactRow(contact)).status).toBe('pending');
  });

  it('shows attempts only to the contact’s tenant, to any member; 404 for another tenant, 401 without a token', async () => {
    const campaignId = await insertCampaign();
    const contactId = await addContact(campaignId, '+6421000130');
    expect((await attemptsOf(contactId, admin)).status).toBe(200);
    expect((await attemptsOf(contactId, other.admin.token)).status).toBe(404);
    expect((await app.request('GET', apiRoutes.dialer.attempts(contactId))).status).toBe(401);
    expect((await attemptsOf(randomUUID())).status).toBe(404);
  });

  it('previews who will be called and who is skipped, and when it should be done', async () => {
    // Sundays only: Australia and New Zealand forbid Sunday calls; the US allows 08:00–21:00 local.
    const campaignId = await insertCampaign({
      days_of_week: JSON.stringify(['sunday']),
      calling_hours_type: 'all_hours',
    });
    await insertContact(campaignId, '+14155552671');
    await insertContact(campaignId, '+61291234567');
    await insertContact(campaignId, '+6493001234');
    await insertContact(campaignId, '+64 9 300 1234');
    await insertContact(campaignId, '+64123');
    await insertContact(campaignId, '+6421000140', { status: 'completed' });
    const res = await app.request('GET', apiRoutes.dialer.preview(campaignId), { token: user });
    expect(res.status, res.text).toBe(200);
    // The next Sunday in Auckland starts at 11:00 UTC on Saturday 28 November. The San Francisco number is called in
    // its own zone's legal hours: 8 am in Los Angeles is 16:00 UTC.
    expect(res.body).toMatchObject({
      total: 5,
      callableNow: 0,
      callableLater: [{ count: 1, firstCallableAt: '2026-11-28T16:00:00.000Z' }],
      neverCallable: { count: 4, invalidNumber: 1, doNotCall: 0, duplicate: 1, outsideLegalHours: 2 },
    });
    // The invalid and repeated numbers are dialled (and refused) first, a minute apart.
    expect(res.body.estimatedFinish.earliest).toBe('2026-11-28T16:00:00.000Z');
    expect((await app.request('GET', apiRoutes.dialer.preview(campaignId), { token: other.admin.token })).status).toBe(
      404,
    );
    const inbound = await insertCampaign({ campaign_type: 'inbound' });
    const refused = await app.request('GET', apiRoutes.dialer.preview(inbound), { token: user });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CAMPAIGN_NOT_OUTBOUND');
    expect(refused.body.message).toBe('This campaign is not configured for outbound calling.');
  });

  it('reports progress: contacts by status, attempts by outcome, calls today against the cap', async () => {
    const campaignId = await insertCampaign({ max_calls_per_day: 7 });
    await addContact(campaignId, '+6421000150');
    await insertContact(campaignId, '+6421000151', { status: 'failed' });
    const res = await app.request('GET', apiRoutes.dialer.progress(campaignId), { token: user });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      contactsByStatus: { pending: 1, in_progress: 0, completed: 0, failed: 1 },
      attemptsByOutcome: {},
      callsToday: 0,
      maxCallsPerDay: 7,
      nextCallAt: clock.now().toISOString(),
      pausedReason: null,
    });
  });

  it('places no call once the campaign is paused, even for a pass that read it running, and gives the contact back', async () => {
    const campaignId = await insertCampaign();
    const contactId = await addContact(campaignId, '+6421000165');
    const readRunning = await services().campaigns.dialingSettings(tenant.id, campaignId);
    expectStatus(await app.request('POST', apiRoutes.campaigns.pause(campaignId), { token: admin }), 200, 'pause');
    expect((await services().dialer.dialCampaign(readRunning)).placed).toBe(0);
    expect(await dial(campaignId)).toEqual({ placed: 0, idle: 'paused' });
    expect(await app.deps.db('call_attempts').where({ contact_id: contactId })).toEqual([]);
    expect(await contactRow(contactId)).toMatchObject({ status: 'pending', attempts_made: 0, lease_token: null });

    expectStatus(await app.request('POST', apiRoutes.campaigns.resume(campaignId), { token: admin }), 200, 'resume');
    clock.advance(60_000);
    expect(await dial(campaignId)).toEqual({ placed: 1, idle: null });
  });

  it('stops at the daily cap, counted in the campaign’s own day', async () => {
    const campaignId = await insertCampaign({ max_calls_per_day: 1 });
    await addContact(campaignId, '+6421000160');
    await addContact(campaignId, '+6421000161');
    expect((await dial(campaignId)).placed).toBe(1);
    clock.advance(60_000);
    expect(await dial(campaignId)).toEqual({ placed: 0, idle: 'cap' });
  });

  it('pauses a campaign with the reason when the tenant turns delinquent or the agent has gone', async () => {
    const campaignId = await insertCampaign();
    await addContact(campaignId, '+6421000170');
    await setTenantBilling(app, tenant.id, 'delinquent');
    try {
      expect(await dial(campaignId)).toEqual({ placed: 0, idle: 'paused' });
    } finally {
      await setTenantBilling(app, tenant.id, 'active');
    }
    expect((await settings(campaignId)).paused_reason).toBe('Paused: the account’s payment is past due.');
    const progress = await app.request('GET', apiRoutes.dialer.progress(campaignId), { token: user });
    expect(progress.body.pausedReason).toBe('Paused: the account’s payment is past due.');

    // Brakes are read when a call would go: a campaign with nothing due is left as it is.
    const orphan = await insertCampaign({ agent_id: null });
    expect(await dial(orphan)).toEqual({ placed: 0, idle: 'nothing-due' });
    await addContact(orphan, '+6421000171');
    expect(await dial(orphan)).toEqual({ placed: 0, idle: 'paused' });
    expect((await settings(orphan)).paused_reason).toBe('Paused: The campaign has no agent.');
  });

  it('reconciles from the provider: a call placed but never noted is settled, one never placed is due again', async () => {
    const campaignId = await insertCampaign();
    const placedContact = await addContact(campaignId, '+6421000180');
    const lostContact = await addContact(campaignId, '+6421000181');
    const agent = await app.deps.db('agents').where({ id: agentId }).first();
    const number = await app.deps.db('phone_numbers').where({ assigned_agent_id: agentId }).first();
    const past = new Date(clock.now().getTime() - 10 * 60_000).toISOString();
    const attempt = (contactId: string) => ({
      id: randomUUID(),
      tenant_id: tenant.id,
      contact_id: contactId,
      campaign_id: campaignId,
      attempt_number: 1,
      status: 'dialing',
      started_at: past,
      place_by: past,
      created_at: past,
    });
    const placedAttempt = attempt(placedContact);
    const lostAttempt = attempt(lostContact);
    await app.deps.db('call_attempts').insert([placedAttempt, lostAttempt]);
    await updateContactRows(app.deps.db, [placedContact, lostContact], { status: 'in_progress', attempts_made: 1 });
    // The worker placed this one and died before it wrote the conversation down; the webhook is lost too.
    const call = await app.deps.voice.startOutboundCall({
      agentId: agent.elevenlabs_agent_id,
      agentPhoneNumberId: number.elevenlabs_phone_number_id,
      toNumber: '+6421000180',
      userId: placedAttempt.id,
    });
    await eventually(async () =>
      expect((await app.deps.voice.getConversation(call.conversationId)).status).toBe('done'),
    );
    await services().dialer.reconcile();
    await eventually(async () => {
      const [placedNow, lostNow] = await Promise.all([
        app.deps.db('call_attempts').where({ id: placedAttempt.id }).first(),
        app.deps.db('call_attempts').where({ id: lostAttempt.id }).first(),
      ]);
      expect(placedNow).toMatchObject({
        status: 'completed',
        outcome: 'answered',
        conversation_id: call.conversationId,
      });
      expect(lostNow).toMatchObject({ status: 'failed', outcome: 'not_placed' });
    });
    expect(await contactRow(placedContact)).toMatchObject({ status: 'completed' });
    expect(await contactRow(lostContact)).toMatchObject({ status: 'pending' });
    // Exactly one call reached the provider for the placed contact: reconciling never dials.
    const conversations = await app.deps.voice.findConversationsOfUser(agent.elevenlabs_agent_id, placedAttempt.id);
    expect(conversations).toEqual([call.conversationId]);
  });

  describe('batch calls', () => {
    const submit = (campaignId: string, body: unknown, token = admin) =>
      app.request('POST', apiRoutes.dialer.batchCalls(campaignId), { token, body });

    it('refuses bad input with the spec’s messages', async () => {
      const campaignId = await insertCampaign();
      const empty = await submit(campaignId, { contactIds: [], callName: 'Recall' });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('At least one contact ID is required');
      const unnamed = await submit(campaignId, { contactIds: [randomUUID()], callName: '' });
      expect(unnamed.status).toBe(400);
      expect(unnamed.body.message).toBe('Call name is required');
      const when = await submit(campaignId, { contactIds: [randomUUID()], callName: 'Recall', scheduledTimeUnix: -5 });
      expect(when.status).toBe(400);
      expect((await submit(campaignId, { contactIds: [randomUUID()], callName: 'Recall' }, user)).status).toBe(403);
      expect(
        (await submit(campaignId, { contactIds: [randomUUID()], callName: 'Recall' }, other.admin.token)).status,
      ).toBe(404);
    });

    it('sends nothing when the campaign is paused while its contacts are being leased, and gives them back', async () => {
      const campaignId = await insertCampaign();
      const contactId = await addContact(campaignId, '+6421000197');
      // The pause lands between the batch's own check of the campaign and the recording of its attempts.
      const stillRunning = vi.spyOn(services().campaigns, 'isDialable').mockResolvedValue(false);
      try {
        const res = await submit(campaignId, { contactIds: [contactId], callName: 'Recall' });
        expect(res.status, res.text).toBe(409);
        expect(res.body.code).toBe('CAMPAIGN_PAUSED');
        expect(res.body.message).toBe('The campaign was paused before its calls were queued.');
      } finally {
        stillRunning.mockRestore();
      }
      expect(await app.deps.db('call_attempts').where({ contact_id: contactId })).toEqual([]);
      expect(await contactRow(contactId)).toMatchObject({ status: 'pending', lease_token: null });
    });

    it('sends pending contacts through the provider’s batch, each as an attempt settled from its call', async () => {
      const campaignId = await insertCampaign();
      const answered = await addContact(campaignId, '+6421000190');
      const voicemail = await addContact(campaignId, '+6421000196');
      const done = await insertContact(campaignId, '+6421000191', { status: 'completed' });
      const res = await submit(campaignId, { contactIds: [answered, voicemail, done], callName: 'Recall' });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ batchCallId: expect.stringMatching(/^btcal_/), queued: 2, skipped: 1 });
      await eventually(async () => {
        const [a, v] = await Promise.all([attemptsOf(answered), attemptsOf(voicemail)]);
        expect(a.body.attempts[0]).toMatchObject({ status: 'completed', batchCallId: res.body.batchCallId });
        expect(v.body.attempts[0]).toMatchObject({ status: 'voicemail', outcome: 'voicemail' });
      });
      expect(await contactRow(answered)).toMatchObject({ status: 'completed' });
      expect(await contactRow(voicemail)).toMatchObject({ status: 'pending' });
    });
  });

  describe('live events', () => {
    const campaignEvents = async (campaignId: string) =>
      (
        (await app.deps.db('event_log').where({ tenant_id: tenant.id }).orderBy('seq')) as Array<{
          type: string;
          data: string | Record<string, unknown>;
        }>
      )
        .map((row) => ({ type: row.type, data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data }))
        .filter((event) => event.type.startsWith('campaign.') && event.data.campaignId === campaignId);

    it('announces progress at most once in a short while, and the campaign’s end once nobody is left to dial', async () => {
      const campaignId = await insertCampaign();
      const added = await app.request('POST', apiRoutes.doNotCall.collection(), {
        token: admin,
        body: { phoneNumber: '+6421000205' },
      });
      expect(added.status, added.text).toBe(201);
      // The dialer claims due contacts in id order: the listed one first.
      await insertContact(campaignId, '+6421000205', { id: `00000000${randomUUID().slice(8)}` });
      const called = `ffffffff${randomUUID().slice(8)}`;
      await insertContact(campaignId, '+6421000200', { id: called });
      // The listed contact is settled and the other one called in the same pass: two moves, one progress event.
      expect(await dial(campaignId)).toEqual({ placed: 1, idle: null });
      expect(await campaignEvents(campaignId)).toEqual([
        { type: 'campaign.progress', data: { campaignId, completed: 1, total: 2 } },
      ]);
      await eventually(async () => expect((await contactRow(called)).status).toBe('completed'));
      const name = (await settings(campaignId)).name;
      const announced = await eventually(async () => {
        const all = await campaignEvents(campaignId);
        expect(all.at(-1)).toEqual({ type: 'campaign.finished', data: { campaignId, name } });
        return all;
      });
      // The call's placement, held back by the throttle, may follow later while the call is still under way.
      const progress = { type: 'campaign.progress', data: { campaignId, completed: 1, total: 2 } };
      expect(announced.slice(0, -1)).toEqual(announced.slice(0, -1).map(() => progress));
      expect(announced.length).toBeLessThanOrEqual(3);
    });
  });

  it('shows the legal quiet hours to a platform admin only', async () => {
    const res = await app.request('GET', apiRoutes.dialer.quietHours(), { token: superadmin });
    expect(res.status, res.text).toBe(200);
    expect(res.body.rules.map((rule: { country: string }) => rule.country)).toEqual(
      LEGAL_QUIET_HOURS.map((rule) => rule.country),
    );
    expect((await app.request('GET', apiRoutes.dialer.quietHours(), { token: admin })).status).toBe(403);
  });
});
