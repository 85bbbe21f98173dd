import { beforeAll, describe, expect, it } from 'vitest';
import type { CallsAnalyticsResponse } from '@shared/api/calls.types';
import { apiRoutes } from '@shared/api/routes';
import { ANSWER_BY_SUFFIX } from '../../server/src/sandbox/call-script';
import { buyNumber, createAgent, OUTBOUND_DISCLOSURE, outboundCampaign } from './support/api-actions';
import { expectStatus } from './support/api-client';
import { useApiSuite } from './support/api-suite';
import { eventually } from './support/eventually';
import { DIALER_JOBS_OFF, testClock, TEST_DATABASES, type TestApp } from './support/test-app';

/**
 * Answer classification end to end (issue 23, part 1) and the agent's limits (part 3): campaigns that hang up or
 * leave a message call the sandbox's reserved numbers through the real ElevenLabs adapter; each number's verdict
 * becomes its outcome, the contact is completed, retried or given up as the outcome says, the call is billed, and a
 * machine verdict keeps its evidence.
 */

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** Wednesday 25 November 2026, 11:00 in Auckland: inside the window and New Zealand's legal hours. */
const WEDNESDAY_MORNING_NZ = new Date('2026-11-24T22:00:00.000Z');
const suffixOf = (scenario: string) => Object.entries(ANSWER_BY_SUFFIX).find(([, value]) => value === scenario)![0];
const NUMBER = {
  human: '+6421000100',
  machineBeep: `+64210${suffixOf('machine_beep')}`,
  machineNoBeep: `+64210${suffixOf('machine_no_beep')}`,
  screener: `+64210${suffixOf('screening_bot')}`,
  fax: `+64210${suffixOf('fax')}`,
  silent: `+64210${suffixOf('silent')}`,
  long: `+64210${suffixOf('long')}`,
};
const MESSAGE = 'Hi {{first_name}} {{last_name}}, this is the clinic. Please call us back.';

describe.each(TEST_DATABASES)('answer classification and call limits (%s)', (kind) => {
  const clock = testClock(WEDNESDAY_MORNING_NZ);
  const suite = useApiSuite(kind, { clock, config: { dialerCallsPerSecond: 50, workerJobs: DIALER_JOBS_OFF } });
  let app: TestApp;
  let admin: string;
  let tenantId: string;
  /** The leave-message campaign, its five calls settled: four machine verdicts and a person. */
  let reviewed: { campaignId: string; humanCallId: string } | undefined;

  const adminToken = async () => (await app.login(suite.tenant.admin.email, suite.tenant.admin.password)).accessToken;

  async function campaignWith(body: Record<string, unknown>, agentFields: Record<string, unknown> = {}) {
    const number = await buyNumber(app, admin);
    const agentRes = await createAgent(app, admin, {
      phoneNumberId: number.id,
      disclosure: OUTBOUND_DISCLOSURE,
      ...agentFields,
    });
    const agent = expectStatus(agentRes, 201, 'agent').body.agent;
    const created = await app.request('POST', apiRoutes.campaigns.collection(), {
      token: admin,
      body: {
        ...outboundCampaign(agent.id),
        callingStartTime: '09:00',
        callingEndTime: '17:00',
        daysOfWeek: EVERY_DAY,
        callIntervalMinutes: 1,
        ...body,
      },
    });
    const campaign = expectStatus(created, 201, 'campaign').body.campaign;
    expectStatus(await app.request('POST', apiRoutes.campaigns.resume(campaign.id), { token: admin }), 200, 'start');
    return { campaign, agent };
  }

  async function addContact(campaignId: string, phoneNumber: string, metadata: Record<string, string> = {}) {
    const res = await app.request('POST', apiRoutes.contacts.collection(campaignId), {
      token: await adminToken(),
      body: { phoneNumber, maxRetries: 3, retryDelayMinutes: 30, metadata },
    });
    return expectStatus(res, 201, 'contact').body.contact.id as string;
  }

  /** Dials the campaign's due contacts one pace slot at a time, until `expected` calls are settled and recorded. */
  async function dialAll(campaignId: string, expected: number) {
    const services = app.built.services;
    for (let pass = 0; pass < expected; pass += 1) {
      await services.dialer.dialCampaign(await services.campaigns.dialingSettings(tenantId, campaignId));
      await eventually(async () => {
        const busy = await app.deps.db('outbound_contacts').where({ campaign_id: campaignId, status: 'in_progress' });
        expect(busy).toEqual([]);
        const calls = await app.deps.db('calls').where({ campaign_id: campaignId });
        expect(calls).toHaveLength(pass + 1);
      });
      clock.advance(61_000);
    }
  }

  const contactRow = (id: string) => app.deps.db('outbound_contacts').where({ id }).first();
  const callTo = (campaignId: string, phoneNumber: string) =>
    app.deps.db('calls').where({ campaign_id: campaignId, customer_phone_number: phoneNumber }).first();
  const attemptOf = (contactId: string) => app.deps.db('call_attempts').where({ contact_id: contactId }).first();

  beforeAll(async () => {
    app = suite.app;
    admin = suite.tenant.admin.token;
    tenantId = suite.tenant.id;
    await app.deps.db('tenants').where({ id: tenantId }).update({ outbound_calling_enabled: true });
  });

  it('keeps the machine handling on the campaign and refuses a message-less leave_message', async () => {
    const token = await adminToken();
    const { campaign } = await campaignWith({
      machineHandling: { action: 'leave_message', message: MESSAGE, screeningBot: 'machine' },
    });
    expect(campaign.machineHandling).toEqual({ action: 'leave_message', message: MESSAGE, screeningBot: 'machine' });
    const refused = await app.request('PATCH', apiRoutes.campaigns.byId(campaign.id), {
      token,
      body: { machineHandling: { action: 'leave_message', message: '' } },
    });
    expect(refused.status).toBe(400);
    const hangUp = await app.request('PATCH', apiRoutes.campaigns.byId(campaign.id), {
      token,
      body: { machineHandling: { action: 'hang_up', screeningBot: 'human' } },
    });
    expect(expectStatus(hangUp, 200, 'patch').body.campaign.machineHandling).toEqual({
      action: 'hang_up',
      message: null,
      screeningBot: 'human',
    });
    const read = await app.request('GET', apiRoutes.campaigns.byId(campaign.id), { token });
    expect(expectStatus(read, 200, 'get').body.campaign.machineHandling.action).toBe('hang_up');
  });

  it('leaves the filled message on a machine with a beep, and settles every other verdict by its rule', async () => {
    const { campaign } = await campaignWith({
      machineHandling: { action: 'leave_message', message: MESSAGE, screeningBot: 'machine' },
    });
    const beep = await addContact(campaign.id, NUMBER.machineBeep, { first_name: 'Ana' });
    const noBeep = await addContact(campaign.id, NUMBER.machineNoBeep);
    const screener = await addContact(campaign.id, NUMBER.screener);
    const fax = await addContact(campaign.id, NUMBER.fax);
    const human = await addContact(campaign.id, NUMBER.human);
    await dialAll(campaign.id, 5);

    // A message left reaches the contact: completed, never called again.
    expect(await attemptOf(beep)).toMatchObject({ outcome: 'voicemail_left', status: 'voicemail' });
    expect(await contactRow(beep)).toMatchObject({ status: 'completed', next_attempt_at: null });
    const left = await callTo(campaign.id, NUMBER.machineBeep);
    expect(left.status).toBe('voicemail_left');
    expect(Number(left.duration_sec)).toBeGreaterThan(0);
    const evidence = JSON.parse(left.machine_evidence);
    // {{last_name}} is unknown for this contact: left out, never spoken as braces.
    expect(evidence).toMatchObject({
      detection: 'machine_end_beep',
      voicemailMessage: 'Hi Ana, this is the clinic. Please call us back.',
    });
    expect(evidence.transcriptStart).toMatch(/Callee: .*(voicemail|message)/i);

    // No beep: nothing could be left; retried like a voicemail, at least four hours on.
    expect(await attemptOf(noBeep)).toMatchObject({ outcome: 'machine_no_message' });
    const retried = await contactRow(noBeep);
    expect(retried.status).toBe('pending');
    const endedAt = new Date((await attemptOf(noBeep)).ended_at).getTime();
    expect(new Date(retried.next_attempt_at).getTime() - endedAt).toBeGreaterThanOrEqual(4 * 3600_000);
    expect(JSON.parse((await callTo(campaign.id, NUMBER.machineNoBeep)).machine_evidence)).toMatchObject({
      detection: 'machine_end_silence',
      voicemailMessage: null,
    });

    // A call screener treated as a machine: screened, retried; a fax line: never called again.
    expect(await attemptOf(screener)).toMatchObject({ outcome: 'screened' });
    expect((await contactRow(screener)).status).toBe('pending');
    expect(await attemptOf(fax)).toMatchObject({ outcome: 'fax', status: 'failed' });
    expect(await contactRow(fax)).toMatchObject({ status: 'failed', next_attempt_at: null });
    expect(JSON.parse((await callTo(campaign.id, NUMBER.fax)).machine_evidence).detection).toBe('fax');

    // A person: answered, no machine evidence.
    expect(await attemptOf(human)).toMatchObject({ outcome: 'answered' });
    expect((await callTo(campaign.id, NUMBER.human)).machine_evidence).toBeNull();

    reviewed = { campaignId: campaign.id, humanCallId: (await callTo(campaign.id, NUMBER.human)).id };

    // Every connected call used minutes, machines included.
    const calls = await app.deps.db('calls').where({ campaign_id: campaign.id });
    const seconds = calls.reduce((sum, call) => sum + Number(call.duration_sec), 0);
    const usage = await app.deps.db('usage').where({ tenant_id: tenantId });
    expect(usage.reduce((sum, row) => sum + Number(row.seconds_used), 0)).toBeGreaterThanOrEqual(seconds);
  });

  it('lets an admin review a sample of machine verdicts and mark one wrong; the analytics show the rates', async () => {
    const { campaignId, humanCallId } = reviewed!;
    const token = await adminToken();
    const user = suite.tenant.user.token;
    const list = apiRoutes.machineVerdicts.collection(campaignId);
    expect((await app.request('GET', list, { token: user })).status).toBe(403);
    const sample = expectStatus(await app.request('GET', `${list}?limit=10`, { token }), 200, 'verdicts').body;
    expect(sample).toMatchObject({ total: 4, markedWrong: 0 });
    expect(sample.verdicts.map((verdict: { outcome: string }) => verdict.outcome).sort()).toEqual([
      'fax',
      'machine_no_message',
      'screened',
      'voicemail_left',
    ]);
    for (const verdict of sample.verdicts) {
      expect(verdict.evidence.detection).toBeTruthy();
      expect(verdict.markedWrongAt).toBeNull();
    }
    expect((await app.request('GET', `${list}?limit=0`, { token })).status).toBe(400);

    const screened = sample.verdicts.find((verdict: { outcome: string }) => verdict.outcome === 'screened');
    const one = apiRoutes.machineVerdicts.byCall(campaignId, screened.callId);
    expect((await app.request('PATCH', one, { token: user, body: { wrong: true } })).status).toBe(403);
    expect((await app.request('PATCH', one, { token, body: { wrong: 'yes' } })).status).toBe(400);
    const marked = expectStatus(await app.request('PATCH', one, { token, body: { wrong: true } }), 200, 'mark');
    expect(marked.body.verdict).toMatchObject({ callId: screened.callId, outcome: 'screened' });
    expect(marked.body.verdict.markedWrongAt).toEqual(expect.any(String));
    // A person's call has no verdict to mark; neither has a call of another campaign or none at all.
    const human = apiRoutes.machineVerdicts.byCall(campaignId, humanCallId);
    expect((await app.request('PATCH', human, { token, body: { wrong: true } })).status).toBe(404);
    const other = apiRoutes.machineVerdicts.byCall(campaignId, 'no-such-call');
    expect((await app.request('PATCH', other, { token, body: { wrong: true } })).status).toBe(404);

    const analytics = expectStatus(
      await app.request('GET', apiRoutes.dialer.analytics(campaignId), { token }),
      200,
      'analytics',
    ).body;
    expect(analytics).toMatchObject({
      calls: 5,
      machineVerdicts: 4,
      voicemailLeft: 1,
      machineRate: 0.8,
      verdictsMarkedWrong: 1,
      wrongVerdictShare: 0.25,
    });
    // Taking the mark back.
    const unmarked = expectStatus(await app.request('PATCH', one, { token, body: { wrong: false } }), 200, 'unmark');
    expect(unmarked.body.verdict.markedWrongAt).toBeNull();
  });

  it('hangs up on machines when the campaign says so, and answers a screener as a person', async () => {
    const { campaign } = await campaignWith({ machineHandling: { action: 'hang_up', screeningBot: 'human' } });
    const beep = await addContact(campaign.id, NUMBER.machineBeep, { first_name: 'Ana' });
    const screener = await addContact(campaign.id, NUMBER.screener);
    await dialAll(campaign.id, 2);
    expect(await attemptOf(beep)).toMatchObject({ outcome: 'machine_no_message' });
    expect((await contactRow(beep)).status).toBe('pending');
    const evidence = JSON.parse((await callTo(campaign.id, NUMBER.machineBeep)).machine_evidence);
    expect(evidence).toMatchObject({ detection: 'machine_end_beep', voicemailMessage: null });
    expect(await attemptOf(screener)).toMatchObject({ outcome: 'answered' });
    expect((await contactRow(screener)).status).toBe('completed');
  });

  it('sends the agent’s limits to the voice provider, which ends silent and endless calls at them', async () => {
    const { campaign, agent } = await campaignWith(
      {},
      { silenceTimeoutSeconds: 12, maxCallSeconds: 45, endCallOnHoldMusic: false },
    );
    expect(agent).toMatchObject({ silenceTimeoutSeconds: 12, maxCallSeconds: 45, endCallOnHoldMusic: false });
    const sandbox = app.deps.sandbox!;
    const vendorAgent = await (
      await fetch(`${sandbox.elevenlabs.baseUrl}/v1/convai/agents/${agent.elevenlabsAgentId}`, {
        headers: { 'xi-api-key': sandbox.elevenlabs.apiKey },
      })
    ).json();
    expect(vendorAgent.conversation_config.turn.silence_end_call_timeout).toBe(12);
    expect(vendorAgent.conversation_config.conversation.max_duration_seconds).toBe(45);
    const tools = vendorAgent.conversation_config.agent.prompt.built_in_tools;
    expect(tools.voicemail_detection.params).toEqual({
      system_tool_type: 'voicemail_detection',
      voicemail_message: '{{parley_voicemail_message}}',
    });
    expect(tools.end_call.description ?? '').not.toMatch(/hold music/);

    const silent = await addContact(campaign.id, NUMBER.silent);
    const long = await addContact(campaign.id, NUMBER.long);
    await dialAll(campaign.id, 2);
    const silentAttempt = await attemptOf(silent);
    expect(silentAttempt).toMatchObject({ outcome: 'answered' });
    expect(silentAttempt.failure_reason).toMatch(/silence timeout/i);
    const silentCall = await callTo(campaign.id, NUMBER.silent);
    expect(Number(silentCall.duration_sec)).toBeGreaterThanOrEqual(12);
    expect(Number(silentCall.duration_sec)).toBeLessThan(30);
    const longAttempt = await attemptOf(long);
    expect(longAttempt.failure_reason).toMatch(/maximum duration/i);
    expect(Number((await callTo(campaign.id, NUMBER.long)).duration_sec)).toBe(45);

    // A change of the limits reaches the provider; out-of-range limits are refused.
    const token = await adminToken();
    const patched = await app.request('PATCH', apiRoutes.agents.byId(agent.id), {
      token,
      body: { silenceTimeoutSeconds: 60, endCallOnHoldMusic: true },
    });
    expect(expectStatus(patched, 200, 'agent patch').body.agent).toMatchObject({
      silenceTimeoutSeconds: 60,
      maxCallSeconds: 45,
      endCallOnHoldMusic: true,
    });
    const after = await (
      await fetch(`${sandbox.elevenlabs.baseUrl}/v1/convai/agents/${agent.elevenlabsAgentId}`, {
        headers: { 'xi-api-key': sandbox.elevenlabs.apiKey },
      })
    ).json();
    expect(after.conversation_config.turn.silence_end_call_timeout).toBe(60);
    expect(after.conversation_config.agent.prompt.built_in_tools.end_call.description).toMatch(/hold music/);
    for (const body of [{ silenceTimeoutSeconds: 4 }, { maxCallSeconds: 3601 }, { endCallOnHoldMusic: 'yes' }]) {
      const res = await app.request('PATCH', apiRoutes.agents.byId(agent.id), { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
  it('shows who answered on the dashboard calls panel: people, machines and messages left, by day', async () => {
    // The sandbox dates its calls by the wall clock, and the panel's rollup by the calls' start: read both today.
    clock.set(new Date());
    const panel = expectStatus(
      await app.request('GET', `${apiRoutes.calls.analytics()}?period=7d`, { token: await adminToken() }),
      200,
      'calls panel',
    ).body as CallsAnalyticsResponse;
    const calls = await app.deps.db('calls').where({ tenant_id: tenantId });
    const count = (outcomes: string[]) => calls.filter((call) => outcomes.includes(call.status)).length;
    const machine = count(['voicemail', 'voicemail_left', 'machine_no_message', 'screened', 'fax']);
    const person = count(['answered', 'transferred', 'transfer_missed']);
    expect(machine).toBeGreaterThanOrEqual(4);
    expect(panel.reach).toEqual({
      person,
      machine,
      voicemailLeft: count(['voicemail_left']),
      personRate: person / calls.length,
      machineRate: machine / calls.length,
    });
    const sum = (field: 'person' | 'machine' | 'voicemailLeft') =>
      panel.series.reduce((total, day) => total + day[field], 0);
    expect([sum('person'), sum('machine'), sum('voicemailLeft')]).toEqual([person, machine, count(['voicemail_left'])]);
  });
});
