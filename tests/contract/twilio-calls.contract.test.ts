import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOUND_OUTCOME_BY_LAST_DIGIT } from '../../server/src/sandbox';
import {
  eventually,
  finishedConversation,
  numberForAgent,
  officialClients,
  providerError,
  startContractSandbox,
  startWebhookReceiver,
  type ContractSandbox,
  type ReceivedWebhook,
} from './support/contract-sandbox';

/**
 * The Twilio emulator's Calls resource through the official `twilio` SDK: placing, listing, fetching and ending calls,
 * their lifecycle and answering machine detection, status callbacks that `twilio.validateRequest` accepts, and the
 * calls the ElevenLabs emulator places through the account. Every answer is checked against Twilio's OpenAPI document
 * when the harness closes.
 */

type Client = ReturnType<typeof twilio>;

const SPOKEN = 'https://parley.example/twiml';
/** Numbers whose last digit picks the outcome (the sandbox's one rule), and one that is answered. */
const numberEnding = (digit: string) => `+6421555010${digit}`;
const ANSWERED = numberEnding('0');

const paramsOf = (hook: ReceivedWebhook) => Object.fromEntries(new URLSearchParams(hook.rawBody.toString('utf8')));

describe('Twilio Calls in the sandbox (official SDK on the wire)', () => {
  let harness: ContractSandbox;
  let client: Client;
  let from: string;

  const finished = (sid: string) =>
    eventually(async () => {
      const call = await client.calls(sid).fetch();
      return ['queued', 'ringing', 'in-progress'].includes(call.status) ? undefined : call;
    });

  beforeAll(async () => {
    // Long enough to catch a call ringing and talking; each call still ends within a second.
    harness = await startContractSandbox({ callDelayMs: 900 });
    client = officialClients(harness).twilio;
    const [available] = await client.availablePhoneNumbers('NZ').local.list({ voiceEnabled: true, limit: 1 });
    from = (await client.incomingPhoneNumbers.create({ phoneNumber: available!.phoneNumber })).phoneNumber;
  });
  afterAll(() => harness.close());

  it('places a call that goes queued → ringing → in-progress → completed, with a duration and times', async () => {
    const created = await client.calls.create({ to: ANSWERED, from, url: SPOKEN });
    expect(created).toMatchObject({
      status: 'queued',
      direction: 'outbound-api',
      to: ANSWERED,
      from,
      duration: null,
      startTime: null,
      answeredBy: null,
    });
    expect(created.sid).toMatch(/^CA[0-9a-f]{32}$/);
    const seen = new Set<string>();
    const call = await eventually(async () => {
      const now = await client.calls(created.sid).fetch();
      seen.add(now.status);
      return now.status === 'completed' ? now : undefined;
    });
    expect([...seen]).toEqual(expect.arrayContaining(['ringing', 'in-progress', 'completed']));
    expect(Number(call.duration)).toBeGreaterThan(0);
    expect(call.startTime).toBeInstanceOf(Date);
    expect(call.endTime!.getTime()).toBeGreaterThan(call.startTime!.getTime());
    expect(call.price).toMatch(/^-\d+\.\d{5}$/);
    expect(call.answeredBy).toBeNull();
  });

  it.each(Object.entries(OUTBOUND_OUTCOME_BY_LAST_DIGIT))(
    'ends a call to a number ending in %s as the sandbox’s outcome rule says (%s)',
    async (digit, outcome) => {
      const call = await finished((await client.calls.create({ to: numberEnding(digit), from, url: SPOKEN })).sid);
      const expected = {
        answered: 'completed',
        voicemail: 'completed',
        busy: 'busy',
        no_answer: 'no-answer',
        failed: 'failed',
      }[outcome];
      expect(call.status).toBe(expected);
      expect(Number(call.duration) > 0).toBe(outcome === 'voicemail');
    },
  );

  it('detects a person or a machine when asked: Enable answers early, DetectMessageEnd after the greeting', async () => {
    const place = async (to: string, machineDetection?: 'Enable' | 'DetectMessageEnd') =>
      (await finished((await client.calls.create({ to, from, url: SPOKEN, machineDetection })).sid)).answeredBy;
    expect(['human', 'unknown']).toContain(await place(ANSWERED, 'Enable'));
    expect(['machine_start', 'fax']).toContain(await place(numberEnding('6'), 'Enable'));
    expect(['machine_end_beep', 'machine_end_silence', 'machine_end_other', 'fax']).toContain(
      await place(numberEnding('6'), 'DetectMessageEnd'),
    );
    expect(await place(numberEnding('6'))).toBeNull();
    expect(await place(numberEnding('7'), 'Enable')).toBeNull();
  });

  it('posts the status callbacks asked for, signed so that twilio.validateRequest accepts them and refuses a forgery', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const created = await client.calls.create({
        to: ANSWERED,
        from,
        url: SPOKEN,
        machineDetection: 'Enable',
        statusCallback: receiver.url,
        statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
      });
      const hooks = [await receiver.next(), await receiver.next(), await receiver.next(), await receiver.next()];
      const params = hooks.map(paramsOf);
      expect(params.map((entry) => entry.CallStatus)).toEqual(['initiated', 'ringing', 'in-progress', 'completed']);
      expect(params.map((entry) => entry.SequenceNumber)).toEqual(['0', '1', '2', '3']);
      const completed = params[3]!;
      expect(completed).toMatchObject({ CallSid: created.sid, To: ANSWERED, From: from, Direction: 'outbound-api' });
      expect(Number(completed.CallDuration)).toBeGreaterThan(0);
      expect(['human', 'unknown']).toContain(completed.AnsweredBy);
      expect(hooks[3]!.headers['content-type']).toBe('application/x-www-form-urlencoded');

      const { authToken } = harness.sandbox.twilio;
      for (const [index, hook] of hooks.entries()) {
        const signature = String(hook.headers['x-twilio-signature']);
        expect(twilio.validateRequest(authToken, signature, receiver.url, params[index]!)).toBe(true);
      }
      const signature = String(hooks[3]!.headers['x-twilio-signature']);
      expect(twilio.validateRequest(authToken, signature, receiver.url, { ...completed, CallStatus: 'busy' })).toBe(
        false,
      );
      expect(twilio.validateRequest(authToken, signature, `${receiver.url}?x=1`, completed)).toBe(false);
      expect(twilio.validateRequest('0'.repeat(32), signature, receiver.url, completed)).toBe(false);

      // Without a list of events Twilio reports only the end.
      const quiet = await client.calls.create({
        to: numberEnding('7'),
        from,
        url: SPOKEN,
        statusCallback: receiver.url,
      });
      const only = paramsOf(await receiver.next());
      expect(only).toMatchObject({ CallSid: quiet.sid, CallStatus: 'busy', CallDuration: '0' });
      await finished(quiet.sid);
      expect(receiver.received).toHaveLength(5);
    } finally {
      await receiver.close();
    }
  });

  it('hangs up a call in progress (completed) and cancels one still queued; an ended call stays as it ended', async () => {
    // Calls of twenty seconds: queued for two, answered after six, so each stage is caught on a busy machine too.
    const slow = await startContractSandbox({ callDelayMs: 20_000 });
    try {
      const slowClient = officialClients(slow).twilio;
      const [available] = await slowClient.availablePhoneNumbers('NZ').local.list({ voiceEnabled: true, limit: 1 });
      const caller = (await slowClient.incomingPhoneNumbers.create({ phoneNumber: available!.phoneNumber }))
        .phoneNumber;
      const queued = await slowClient.calls.create({ to: ANSWERED, from: caller, url: SPOKEN });
      const canceled = await slowClient.calls(queued.sid).update({ status: 'canceled' });
      expect(canceled).toMatchObject({ status: 'canceled', duration: '0', startTime: null });

      const talking = await slowClient.calls.create({ to: ANSWERED, from: caller, url: SPOKEN });
      await eventually(
        async () => ((await slowClient.calls(talking.sid).fetch()).status === 'in-progress' ? true : undefined),
        15_000,
      );
      expect((await slowClient.calls(talking.sid).update({ status: 'canceled' })).status).toBe('in-progress');
      const hungUp = await slowClient.calls(talking.sid).update({ status: 'completed' });
      expect(hungUp.status).toBe('completed');
      expect(Number(hungUp.duration)).toBeGreaterThan(0);
      // The canceled call is now past the moments it would have rung and been answered.
      expect((await slowClient.calls(queued.sid).fetch()).status).toBe('canceled');
      expect((await slowClient.calls(talking.sid).update({ status: 'completed' })).duration).toBe(hungUp.duration);
    } finally {
      await slow.close();
    }
  });

  it('lists calls newest first, filtered by number and status, a page at a time', async () => {
    // A number of its own (ending in 8: no answer), so calls of other tests do not show up.
    const to = '+6421555028';
    const placed: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      placed.push((await client.calls.create({ to, from, url: SPOKEN })).sid);
    }
    const all = await client.calls.list({ to, pageSize: 2 });
    expect(all.map((call) => call.sid)).toEqual([...placed].reverse());
    const firstPage = await client.calls.page({ to, pageSize: 2 });
    expect(firstPage.instances).toHaveLength(2);
    const secondPage = await firstPage.nextPage();
    expect(secondPage?.instances.map((call) => call.sid)).toEqual([placed[0]]);
    await Promise.all(placed.map(finished));
    expect((await client.calls.list({ to, status: 'no-answer' })).map((call) => call.sid)).toHaveLength(3);
    expect(await client.calls.list({ to, status: 'completed' })).toEqual([]);
    expect(await client.calls.list({ to, from: ANSWERED })).toEqual([]);
    const today = new Date(new Date().toISOString().slice(0, 10));
    expect(await client.calls.list({ to, startTimeAfter: today })).toHaveLength(3);
    expect(await client.calls.list({ to, startTimeBefore: new Date(Date.now() - 86_400_000) })).toEqual([]);
  });

  it('refuses bad calls with Twilio’s codes', async () => {
    const refused = async (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: { status: number; code: number }) => [error.status, error.code],
      );
    expect(
      await Promise.all([
        refused(client.calls.create({ to: '12345', from, url: SPOKEN })),
        refused(client.calls.create({ to: ANSWERED, from: '+6499999999', url: SPOKEN })),
        refused(client.calls.create({ to: ANSWERED, from })),
        refused(client.calls.create({ to: ANSWERED, from, url: SPOKEN, statusCallbackEvent: ['hung-up'] })),
        refused(client.calls('CA00000000000000000000000000000000').fetch()),
        refused(client.calls('CA00000000000000000000000000000000').update({ status: 'completed' })),
      ]),
    ).toEqual([
      [400, 21211],
      [400, 21210],
      [400, 21205],
      [400, 21626],
      [404, 20404],
      [404, 20404],
    ]);
  });

  it('carries the ElevenLabs emulator’s outbound calls: the callSid it answers is a Twilio call with the same outcome', async () => {
    const { agentId } = await harness.voice.createAgent({
      name: 'Carrier check',
      prompt: 'Help.',
      firstMessage: 'Hi',
      voiceId: null,
      knowledgeBase: [],
      tags: [],
    });
    const line = await numberForAgent(harness, agentId, { country: 'NZ', label: 'Carrier line' });
    for (const [to, status] of [
      [ANSWERED, 'completed'],
      [numberEnding('7'), 'busy'],
      [numberEnding('8'), 'no-answer'],
    ] as const) {
      const placed = await harness.voice.startOutboundCall({
        agentId,
        agentPhoneNumberId: line.phoneNumberId,
        toNumber: to,
      });
      expect(placed.callSid).toMatch(/^CA[0-9a-f]{32}$/);
      const conversation = await finishedConversation(harness, placed.conversationId);
      const call = await finished(placed.callSid!);
      expect(call).toMatchObject({ status, to, from: line.phoneNumber, phoneNumberSid: line.sid });
      expect(Number(call.duration)).toBe(status === 'completed' ? conversation.durationSec : 0);
    }
  });

  it('reads, finds and hangs up calls through the adapter’s telephony port', async () => {
    const { telephony } = harness;
    const since = new Date().toISOString();
    const busy = await client.calls.create({ to: numberEnding('7'), from, url: SPOKEN });
    const busyEnd = await eventually(async () => {
      const call = await telephony.getCall(busy.sid);
      return call.status === 'busy' ? call : undefined;
    });
    expect(busyEnd).toMatchObject({ callSid: busy.sid, durationSec: 0, answeredBy: null, to: numberEnding('7') });
    expect(busyEnd.startedAt).toMatch(/Z$/);

    const talking = await client.calls.create({ to: ANSWERED, from, url: SPOKEN, machineDetection: 'Enable' });

    await eventually(async () => ((await telephony.getCall(talking.sid)).status === 'in-progress' ? true : undefined));
    const ended = await telephony.hangUp(talking.sid);
    expect(ended).toMatchObject({ status: 'completed', answeredBy: expect.stringMatching(/^(human|unknown)$/) });
    expect(ended.durationSec).toBeGreaterThan(0);
    expect((await telephony.hangUp(talking.sid)).status).toBe('completed');
    const queued = await client.calls.create({ to: ANSWERED, from, url: SPOKEN });
    expect((await telephony.hangUp(queued.sid)).status).toBe('canceled');

    const until = new Date().toISOString();
    const found = await telephony.findCalls({ to: ANSWERED, from, createdSince: since, createdUntil: until });
    expect(found.map((call) => call.callSid)).toEqual([queued.sid, talking.sid]);
    // Twilio's times have whole seconds: a second from now no call has been made yet.
    const nextSecond = new Date(Date.now() + 1000).toISOString();
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(await telephony.findCalls({ to: ANSWERED, from, createdSince: nextSecond, createdUntil: later })).toEqual(
      [],
    );
    const before = new Date(Date.parse(since) - 60_000).toISOString();
    expect(await telephony.findCalls({ to: ANSWERED, from, createdSince: before, createdUntil: before })).toEqual([]);

    const missing = await providerError(telephony.getCall('CA00000000000000000000000000000000'));
    expect(missing).toMatchObject({ code: 'PROVIDER_NOT_FOUND', message: 'Call not found at the telephony provider' });
  });
});
