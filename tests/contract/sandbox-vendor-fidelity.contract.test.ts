import type { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import type twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_BY_SUFFIX, RESERVED_TEST_NUMBERS } from '../../server/src/sandbox/call-script';
import {
  eventually,
  finishedConversation,
  numberForAgent,
  officialClients,
  providerError,
  startContractSandbox,
  startWebhookReceiver,
  type ContractSandbox,
} from './support/contract-sandbox';
import { vendorOracle } from './support/vendor-oracle';

/**
 * Where the emulators once differed from the vendors: each answer here also passes through the recording proxy, so
 * the harness fails it at close when it breaks the vendor's schema for its operation.
 */

/** +1 415 550 0404: a San Francisco number ending in the reserved suffix. */
const INVALID_DESTINATION = `+141555${RESERVED_TEST_NUMBERS.invalidDestinationSuffix}`;

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the emulator to refuse');
    },
    (error: unknown) => error as { status?: number; code?: number; statusCode?: number; body?: unknown },
  );

describe('the sandbox where it once differed from the vendors', () => {
  let harness: ContractSandbox;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let elevenlabs: ElevenLabsClient;
  let twilioClient: ReturnType<typeof twilio>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    harness = await startContractSandbox({ callDelayMs: 30, webhookUrl: () => receiver.url });
    ({ elevenlabs, twilio: twilioClient } = officialClients(harness));
  });
  afterAll(async () => {
    await harness.close();
    await receiver.close();
  });

  it('sells US toll-free and Australian mobile numbers, and answers 404 for a type a country lacks', async () => {
    const tollFree = await twilioClient.availablePhoneNumbers('US').tollFree.list({ limit: 5 });
    expect(tollFree).toHaveLength(5);
    for (const number of tollFree) {
      expect(number.phoneNumber).toMatch(/^\+18(00|88|77)\d{7}$/);
      expect(number).toMatchObject({ isoCountry: 'US', locality: null, region: null });
    }
    const mobile = await twilioClient.availablePhoneNumbers('AU').mobile.list({ limit: 5, smsEnabled: true });
    expect(mobile.length).toBeGreaterThan(0);
    for (const number of mobile) {
      expect(number.phoneNumber).toMatch(/^\+614\d{8}$/);
      expect(number.capabilities).toMatchObject({ SMS: true });
    }
    expect(await rejection(twilioClient.availablePhoneNumbers('US').mobile.list())).toMatchObject({
      status: 404,
      code: 20404,
    });
    expect(await rejection(twilioClient.availablePhoneNumbers('NZ').tollFree.list())).toMatchObject({ status: 404 });

    // A toll-free number is bought like any other and leaves the stock.
    const [first] = tollFree;
    const bought = await harness.telephony.purchaseNumber({ phoneNumber: first!.phoneNumber, friendlyName: 'Free' });
    expect(bought.phoneNumber).toBe(first!.phoneNumber);
    const again = await twilioClient.availablePhoneNumbers('US').tollFree.list({ limit: 100 });
    expect(again.map((number) => number.phoneNumber)).not.toContain(first!.phoneNumber);
  });

  it('pages the batch-call list by `limit` and `last_doc`, with `next_doc` naming the page’s last batch', async () => {
    const { agentId } = await harness.voice.createAgent({
      name: 'Batch pager',
      prompt: 'Remind people of their appointment.',
      firstMessage: 'Hi!',
      voiceId: null,
      knowledgeBase: [],
      tags: [],
    });
    const number = await numberForAgent(harness, agentId, { country: 'US', label: 'Batch pager' });
    const submitted: string[] = [];
    for (const name of ['first', 'second', 'third']) {
      const batch = await elevenlabs.conversationalAi.batchCalls.create({
        callName: name,
        agentId,
        agentPhoneNumberId: number.phoneNumberId,
        scheduledTimeUnix: Math.floor(Date.now() / 1000) + 3600,
        recipients: [{ phoneNumber: '+14155550101' }],
      });
      submitted.push(batch.id);
    }
    const list = elevenlabs.conversationalAi.batchCalls;
    const firstPage = await list.list({ limit: 2 });
    expect(firstPage.batchCalls).toHaveLength(2);
    expect(firstPage.hasMore).toBe(true);
    expect(firstPage.nextDoc).toBe(firstPage.batchCalls.at(-1)?.id);
    const secondPage = await list.list({ limit: 2, lastDoc: firstPage.nextDoc! });
    expect(secondPage).toMatchObject({ hasMore: false });
    expect(secondPage.nextDoc ?? null).toBeNull();
    const seen = [...firstPage.batchCalls, ...secondPage.batchCalls].map((batch) => batch.id);
    expect(new Set(seen)).toEqual(new Set(submitted));
    // Without `limit`, the vendor's default of 100 holds them all.
    expect((await list.list({})).batchCalls.map((batch) => batch.id)).toEqual(expect.arrayContaining(submitted));
    expect((await rejection(list.list({ lastDoc: 'btcal_unknown' }))).statusCode).toBe(422);
    await Promise.all(submitted.map((id) => list.cancel(id)));
  });

  it('marks a batch recipient’s conversation and its post-call webhook with metadata.batch_call', async () => {
    const { agentId } = await harness.voice.createAgent({
      name: 'Batch caller',
      prompt: 'Confirm the booking.',
      firstMessage: 'Hello!',
      voiceId: null,
      knowledgeBase: [],
      tags: [],
    });
    const number = await numberForAgent(harness, agentId, { country: 'US', label: 'Batch caller' });
    const created = await elevenlabs.conversationalAi.batchCalls.create({
      callName: 'Bookings',
      agentId,
      agentPhoneNumberId: number.phoneNumberId,
      recipients: [{ phoneNumber: '+14155550102' }],
    });
    const recipient = await eventually(async () => {
      const batch = await elevenlabs.conversationalAi.batchCalls.get(created.id);
      return batch.recipients[0]?.conversationId ? batch.recipients[0] : undefined;
    }, 10_000);
    const conversationId = recipient.conversationId!;
    await finishedConversation(harness, conversationId);
    const conversation = await elevenlabs.conversationalAi.conversations.get(conversationId);
    expect(conversation.metadata.batchCall).toEqual({ batchCallId: created.id, batchCallRecipientId: recipient.id });

    const webhook = await eventually(
      async () =>
        receiver.received
          .map((hook) => JSON.parse(hook.rawBody.toString('utf8')) as { type: string; data: Record<string, unknown> })
          .find((event) => event.data.conversation_id === conversationId),
      10_000,
    );
    expect(webhook.type).toBe('post_call_transcription');
    expect(webhook.data).toMatchObject({
      metadata: { batch_call: { batch_call_id: created.id, batch_call_recipient_id: recipient.id } },
    });
    // The webhook's data is the conversation as GET returns it: the same schema judges it.
    const verdict = vendorOracle('elevenlabs').check({
      method: 'GET',
      path: `/v1/convai/conversations/${conversationId}`,
      status: 200,
      contentType: 'application/json',
      body: Buffer.from(JSON.stringify(webhook.data)),
    });
    expect(verdict.problems).toEqual([]);
  });

  it('refuses a call to the reserved invalid destination as the vendors do, and the adapters reject it', async () => {
    const { agentId } = await harness.voice.createAgent({
      name: 'Invalid dialler',
      prompt: 'Say hello.',
      firstMessage: 'Hi.',
      voiceId: null,
      knowledgeBase: [],
      tags: [],
    });
    const number = await numberForAgent(harness, agentId, { country: 'US', label: 'Invalid dialler' });
    const refused = await providerError(
      harness.voice.startOutboundCall({
        agentId,
        agentPhoneNumberId: number.phoneNumberId,
        toNumber: INVALID_DESTINATION,
      }),
    );
    expect(refused.code).toBe('PROVIDER_REJECTED');
    expect(refused.message).toContain("Invalid 'To' Phone Number");

    const twilioRefusal = await rejection(
      twilioClient.calls.create({
        to: INVALID_DESTINATION,
        from: number.phoneNumber,
        url: 'https://example.com/twiml',
      }),
    );
    expect(twilioRefusal).toMatchObject({ status: 400, code: 21211 });
  });

  it('answers machines, fax lines, call screeners and the agent’s limits as the vendors document them', async () => {
    const { agentId } = await harness.voice.createAgent({
      name: 'Classifier',
      prompt: 'Remind the patient of the check-up.',
      firstMessage: 'Hello, this is the clinic.',
      voiceId: null,
      knowledgeBase: [],
      tags: [],
      limits: { silenceTimeoutSeconds: 15, maxCallSeconds: 60, endCallOnHoldMusic: true },
    });
    // The agent as the vendor keeps it: the voicemail tool, the silence timeout and the maximum length.
    const stored = await elevenlabs.conversationalAi.agents.get(agentId);
    expect(stored.conversationConfig.turn?.silenceEndCallTimeout).toBe(15);
    expect(stored.conversationConfig.conversation?.maxDurationSeconds).toBe(60);
    const number = await numberForAgent(harness, agentId, { country: 'US', label: 'Classifier' });
    const expected: Record<string, { outcome: string; answeredBy: string }> = {
      machine_beep: { outcome: 'voicemail_left', answeredBy: 'machine_end_beep' },
      machine_no_beep: { outcome: 'machine_no_message', answeredBy: 'machine_end_silence' },
      screening_bot: { outcome: 'screened', answeredBy: 'unknown' },
      fax: { outcome: 'fax', answeredBy: 'fax' },
      silent: { outcome: 'answered', answeredBy: 'human' },
      long: { outcome: 'answered', answeredBy: 'human' },
    };
    for (const [suffix, scenario] of Object.entries(ANSWER_BY_SUFFIX)) {
      const call = await harness.voice.startOutboundCall({
        agentId,
        agentPhoneNumberId: number.phoneNumberId,
        toNumber: `+141555${suffix}`,
        dynamicVariables: { first_name: 'Ana' },
        machineHandling: { voicemailMessage: 'Hi Ana, please call us back.', screeningBot: 'machine' },
      });
      await finishedConversation(harness, call.conversationId);
      const conversation = await harness.voice.getConversation(call.conversationId);
      expect(conversation.outcome, scenario).toBe(expected[scenario]!.outcome);
      // The Twilio call carrying the conversation reports the answering-machine verdict as AnsweredBy.
      const carried = await twilioClient.calls(call.callSid!).fetch();
      expect(carried.answeredBy, scenario).toBe(expected[scenario]!.answeredBy);
      const raw = await elevenlabs.conversationalAi.conversations.get(call.conversationId);
      const verdict = vendorOracle('elevenlabs').check({
        method: 'GET',
        path: `/v1/convai/conversations/${call.conversationId}`,
        status: 200,
        contentType: 'application/json',
        body: Buffer.from(JSON.stringify(await rawConversation(call.conversationId))),
      });
      expect(verdict.problems, scenario).toEqual([]);
      if (scenario === 'silent') expect(raw.metadata.callDurationSecs).toBeLessThan(30);
      if (scenario === 'long') expect(raw.metadata.callDurationSecs).toBe(60);
    }
  });

  /** The conversation as the emulator serves it on the wire (snake_case), for the vendor's schema to judge. */
  async function rawConversation(conversationId: string): Promise<unknown> {
    const { elevenlabs: account } = harness.sandbox;
    const response = await fetch(`${account.baseUrl}/v1/convai/conversations/${conversationId}`, {
      headers: { 'xi-api-key': account.apiKey },
    });
    return response.json();
  }
});
