import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BaseUrlRequestClient } from '../../server/src/providers/telephony/twilio.telephony';
import { ELEVENLABS_ROUTES } from '../../server/src/sandbox/elevenlabs/elevenlabs.emulator';
import { TWILIO_ROUTES } from '../../server/src/sandbox/twilio/twilio.emulator';
import {
  contractViolations,
  finishedConversation,
  officialClients,
  startContractSandbox,
  type ContractSandbox,
} from './support/contract-sandbox';
import { undescribedRoutes, unexercisedRoutes } from './support/route-coverage';
import { vendorOracle, type RecordedExchange, type Vendor } from './support/vendor-oracle';

/** Every answer the test after `since` recorded for a vendor. */
const recordedSince = (harness: ContractSandbox, since: number, vendor: Vendor) =>
  harness.exchanges.slice(since).filter((exchange) => exchange.vendor === vendor);

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the emulator to refuse');
    },
    (error: unknown) => error as { statusCode?: number; status?: number; code?: number },
  );

describe('the emulators against the vendors’ own API descriptions', () => {
  let harness: ContractSandbox;

  beforeAll(async () => {
    harness = await startContractSandbox({ callDelayMs: 20 });
  });
  afterAll(() => harness.close());

  it('serves only operations the vendors describe', () => {
    expect(undescribedRoutes('elevenlabs', ELEVENLABS_ROUTES)).toEqual([]);
    expect(undescribedRoutes('twilio', TWILIO_ROUTES)).toEqual([]);
  });

  it('answers every ElevenLabs operation, errors included, as the vendor’s schema says', async () => {
    const since = harness.exchanges.length;
    const { elevenlabs: client, twilio: twilioClient } = officialClients(harness);
    const { accountSid, authToken } = harness.sandbox.twilio;
    const convai = client.conversationalAi;

    const fromUrl = await convai.knowledgeBase.documents.createFromUrl({ url: 'https://example.com/faq', name: 'FAQ' });
    const fromFile = await convai.knowledgeBase.documents.createFromFile({
      file: { data: Buffer.from('Open 9 to 5.'), filename: 'hours.txt', contentType: 'text/plain' },
      name: 'Hours',
    });
    const fromText = await convai.knowledgeBase.documents.createFromText({ text: 'Parking is free.', name: 'Parking' });
    await convai.knowledgeBase.list();
    await convai.knowledgeBase.documents.get(fromFile.id);

    const [voice] = (await client.voices.getAll()).voices;
    await client.voices.search({ pageSize: 2 });
    const { agentId } = await convai.agents.create({
      name: 'Schema agent',
      tags: ['tenant:t1'],
      conversationConfig: {
        agent: {
          firstMessage: 'Hello!',
          prompt: { prompt: 'Help callers.', knowledgeBase: [{ type: 'url', id: fromUrl.id, name: 'FAQ' }] },
        },
        tts: { voiceId: voice!.voiceId },
      },
      platformSettings: {
        dataCollection: { booked: { type: 'boolean', description: 'Did the caller book?' } },
        evaluation: { criteria: [{ id: 'goal', name: 'Goal', conversationGoalPrompt: 'The caller was helped.' }] },
      },
    });
    await convai.agents.list();
    await convai.agents.update(agentId, { name: 'Schema agent, renamed' });
    await convai.agents.get(agentId);

    const [available] = await twilioClient.availablePhoneNumbers('US').local.list({ limit: 1 });
    const bought = await twilioClient.incomingPhoneNumbers.create({ phoneNumber: available!.phoneNumber });
    const { phoneNumberId } = await convai.phoneNumbers.create({
      provider: 'twilio',
      phoneNumber: bought.phoneNumber,
      label: 'Schema line',
      sid: accountSid,
      token: authToken,
    });
    await convai.phoneNumbers.update(phoneNumberId, { agentId });
    await convai.phoneNumbers.list();
    await convai.phoneNumbers.get(phoneNumberId);

    const call = await convai.twilio.outboundCall({
      agentId,
      agentPhoneNumberId: phoneNumberId,
      toNumber: '+14155550100',
    });
    await finishedConversation(harness, call.conversationId!);
    await convai.conversations.list({ agentId });
    const conversation = await convai.conversations.get(call.conversationId!);
    expect(conversation.analysis?.dataCollectionResults?.booked).toMatchObject({ value: true });
    expect(conversation.analysis?.evaluationCriteriaResults?.goal).toMatchObject({ result: 'success' });
    await convai.conversations.audio.get(call.conversationId!);
    const unanswered = await convai.twilio.outboundCall({
      agentId,
      agentPhoneNumberId: phoneNumberId,
      toNumber: '+14155550109',
    });
    await finishedConversation(harness, unanswered.conversationId!);
    expect((await rejection(convai.conversations.audio.get(unanswered.conversationId!))).statusCode).toBe(404);
    await convai.conversations.delete(call.conversationId!);

    const batch = await convai.batchCalls.create({
      callName: 'Schema batch',
      agentId,
      agentPhoneNumberId: phoneNumberId,
      recipients: [
        { phoneNumber: '+14155550101', conversationInitiationClientData: { userId: 'attempt-1' } },
        { phoneNumber: '+14155550109', conversationInitiationClientData: { dynamicVariables: { name: 'Bo' } } },
      ],
    });
    expect(batch.totalCallsScheduled).toBe(2);
    await convai.batchCalls.list({ limit: 5 });
    const detailed = await convai.batchCalls.get(batch.id);
    expect(detailed.recipients).toHaveLength(2);
    await convai.batchCalls.cancel(batch.id);
    await convai.batchCalls.retry(batch.id);

    await convai.settings.update({ webhooks: { postCallWebhookId: 'wh_schema', events: ['transcript'] } });
    await convai.settings.get();

    const errors = [
      rejection(new ElevenLabsClient({ apiKey: 'wrong', baseUrl: harness.sandbox.elevenlabs.baseUrl }).voices.getAll()),
      rejection(convai.agents.get('agent_missing')),
      rejection(convai.agents.create({ name: 'No voice', conversationConfig: { tts: { voiceId: 'no-such-voice' } } })),
      rejection(convai.knowledgeBase.documents.createFromUrl({ url: 'ftp://example.com/x' })),
      rejection(convai.knowledgeBase.documents.delete(fromUrl.id)),
      rejection(convai.conversations.list({ cursor: 'not-a-cursor' })),
      rejection(
        convai.phoneNumbers.create({
          provider: 'twilio',
          phoneNumber: bought.phoneNumber,
          label: 'Twice',
          sid: accountSid,
          token: authToken,
        }),
      ),
      rejection(convai.twilio.outboundCall({ agentId, agentPhoneNumberId: phoneNumberId, toNumber: 'not a number' })),
      rejection(convai.batchCalls.get('btcal_missing')),
      rejection(
        convai.batchCalls.create({
          callName: 'Bad batch',
          agentId,
          agentPhoneNumberId: phoneNumberId,
          recipients: [{ phoneNumber: 'not a number' }],
        }),
      ),
    ];
    expect((await Promise.all(errors)).map((error) => error.statusCode)).toEqual([
      401, 404, 400, 422, 400, 422, 409, 422, 404, 422,
    ]);

    await convai.phoneNumbers.delete(phoneNumberId);
    await convai.agents.delete(agentId);
    await convai.knowledgeBase.documents.delete(fromText.id);

    const recorded = recordedSince(harness, since, 'elevenlabs');
    expect(contractViolations(recorded)).toEqual([]);
    expect(unexercisedRoutes('elevenlabs', ELEVENLABS_ROUTES, recorded)).toEqual([]);
  });

  it('answers every Twilio operation, errors included, as the vendor’s schema says', async () => {
    const since = harness.exchanges.length;
    const { twilio: client } = officialClients(harness);
    const { baseUrl } = harness.sandbox.twilio;

    const [available] = await client.availablePhoneNumbers('NZ').local.list({ smsEnabled: true, limit: 3 });
    await client.availablePhoneNumbers('US').tollFree.list({ limit: 3 });
    await client.availablePhoneNumbers('AU').mobile.list({ limit: 3 });
    const bought = await client.incomingPhoneNumbers.create({
      phoneNumber: available!.phoneNumber,
      friendlyName: 'Schema line',
      statusCallback: 'https://parley.example/status',
      statusCallbackMethod: 'GET',
    });
    expect(bought).toMatchObject({
      type: 'local',
      smsApplicationSid: null,
      statusCallback: 'https://parley.example/status',
      statusCallbackMethod: 'GET',
    });
    await client.incomingPhoneNumbers.list({ phoneNumber: bought.phoneNumber });
    const updated = await client.incomingPhoneNumbers(bought.sid).update({ statusCallback: '' });
    expect(updated.statusCallback).toBeNull();
    await client.incomingPhoneNumbers(bought.sid).fetch();
    const call = await client.calls.create({
      to: '+6421555900',
      from: bought.phoneNumber,
      twiml: '<Response><Say>Kia ora</Say></Response>',
      machineDetection: 'Enable',
    });
    await client.calls.list({ to: '+6421555900', pageSize: 1 });
    await client.calls(call.sid).update({ status: 'canceled' });
    await client.calls(call.sid).fetch();
    await client.incomingPhoneNumbers(bought.sid).remove();

    const otherAccount = twilio('AC00000000000000000000000000000000', 'token', {
      httpClient: new BaseUrlRequestClient(new URL(baseUrl)),
    });
    const errors = [
      rejection(otherAccount.incomingPhoneNumbers.list()),
      rejection(client.incomingPhoneNumbers(bought.sid).fetch()),
      rejection(client.incomingPhoneNumbers.create({ phoneNumber: '12345' })),
      rejection(client.incomingPhoneNumbers.create({ phoneNumber: '+6491234567' })),
      rejection(client.availablePhoneNumbers('FR').local.list()),
      rejection(client.availablePhoneNumbers('US').mobile.list()),
      rejection(client.calls.create({ to: 'nobody', from: bought.phoneNumber, url: 'https://parley.example/twiml' })),
      rejection(client.calls(call.sid.replace(/.$/, 'x')).fetch()),
    ];
    expect((await Promise.all(errors)).map((error) => [error.status, error.code])).toEqual([
      [401, 20003],
      [404, 20404],
      [400, 21421],
      [400, 21422],
      [404, 20404],
      [404, 20404],
      [400, 21211],
      [404, 20404],
    ]);

    const recorded = recordedSince(harness, since, 'twilio');
    expect(contractViolations(recorded)).toEqual([]);
    expect(unexercisedRoutes('twilio', TWILIO_ROUTES, recorded)).toEqual([]);
  });

  it('refuses answers that break the schema: a dropped required field, a wrong type, a malformed error', async () => {
    const since = harness.exchanges.length;
    const { agentId } = await harness.voice.createAgent({
      name: 'Oracle check',
      prompt: 'Help.',
      firstMessage: 'Hi',
      voiceId: null,
      knowledgeBase: [],
      tags: [],
    });
    const { elevenlabs: client, twilio: twilioClient } = officialClients(harness);
    await client.conversationalAi.agents.get(agentId);
    await client.voices.getAll();
    const [available] = await twilioClient.availablePhoneNumbers('US').local.list({ limit: 1 });
    const bought = await twilioClient.incomingPhoneNumbers.create({ phoneNumber: available!.phoneNumber });
    await rejection(twilioClient.incomingPhoneNumbers('PN00000000000000000000000000000000').fetch());
    const recorded = harness.exchanges.slice(since);
    expect(contractViolations(recorded)).toEqual([]);

    const answerTo = (vendor: Vendor, operation: string, status: number) => {
      const found = recorded.find(
        (exchange) =>
          exchange.vendor === vendor &&
          exchange.status === status &&
          vendorOracle(vendor).operationOf(exchange.method, exchange.path) === operation,
      );
      if (!found) throw new Error(`no recorded ${status} answer to ${operation}`);
      return found;
    };
    const broken = (exchange: RecordedExchange, change: (body: any) => void) => {
      const body = JSON.parse(exchange.body.toString('utf8'));
      change(body);
      return vendorOracle(exchange.vendor).check({ ...exchange, body: Buffer.from(JSON.stringify(body)) }).problems;
    };

    const agent = answerTo('elevenlabs', 'GET /v1/convai/agents/{agent_id}', 200);
    expect(broken(agent, (body) => delete body.metadata)).toContain("(body) must have required property 'metadata'");
    const voices = answerTo('elevenlabs', 'GET /v1/voices', 200);
    expect(broken(voices, (body) => delete body.voices[0].available_for_tiers)).toContain(
      "/voices/0 must have required property 'available_for_tiers'",
    );

    const numbersPath = '/2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers';
    const purchase = answerTo('twilio', `POST ${numbersPath}.json`, 201);
    expect(purchase.body.toString()).toContain(bought.sid);
    expect(broken(purchase, (body) => delete body.type)).toContain("(body) must have required property 'type'");
    expect(broken(purchase, (body) => (body.sms_application_sid = ''))).toContain(
      '/sms_application_sid must match pattern "^AP[0-9a-fA-F]{32}$"',
    );
    expect(broken(purchase, (body) => (body.status_callback = ''))).toContain(
      '/status_callback must match format "uri"',
    );
    const search = answerTo(
      'twilio',
      'GET /2010-04-01/Accounts/{AccountSid}/AvailablePhoneNumbers/{CountryCode}/Local.json',
      200,
    );
    expect(broken(search, (body) => (body.available_phone_numbers[0].latitude = '37.7749'))).toContain(
      '/available_phone_numbers/0/latitude must be number',
    );
    const missing = answerTo('twilio', `GET ${numbersPath}/{Sid}.json`, 404);
    expect(broken(missing, (body) => delete body.more_info)).toContain(
      "(body) must have required property 'more_info'",
    );
    expect(broken(missing, (body) => (body.status = 400))).toContain("the body's status is not the HTTP status 404");
  });
});
