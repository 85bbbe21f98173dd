import type { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOICES } from '../../server/src/db/seeds/catalogue';
import { DomainError } from '../../server/src/domain/domain-error';
import { createElevenLabsVoiceProvider } from '../../server/src/providers/voice/elevenlabs.voice';
import type { VoiceAgentConfig } from '../../server/src/providers/voice/voice.types';
import {
  finishedConversation,
  numberForAgent,
  officialClients,
  providerError,
  startContractSandbox,
  type ContractSandbox,
} from './support/contract-sandbox';

const PROMPT = [
  'Persona: You are Ava, the friendly receptionist of Harbour Dental.',
  'Instructions: Offer appointment times between 9am and 5pm. Always confirm the patient name.',
  'Closing: Thanks for calling Harbour Dental, see you soon!',
].join('\n');

const RECEPTION = { country: 'NZ', label: 'Reception line' } as const;

function agentConfig(overrides: Partial<VoiceAgentConfig> = {}): VoiceAgentConfig {
  return {
    name: 'Harbour Dental reception',
    prompt: PROMPT,
    firstMessage: 'Kia ora, Harbour Dental, Ava speaking.',
    voiceId: null,
    knowledgeBase: [],
    tags: ['tenant:t1', 'agent:a1'],
    ...overrides,
  };
}

describe('ElevenLabs adapter against the sandbox (official SDK on the wire)', () => {
  let harness: ContractSandbox;
  let client: ElevenLabsClient;

  beforeAll(async () => {
    harness = await startContractSandbox({ callDelayMs: 40 });
    client = officialClients(harness).elevenlabs;
  });
  afterAll(() => harness.close());

  it('creates an agent with prompt, first message, knowledge and tags where the vendor keeps them', async () => {
    const url = await harness.voice.createKnowledgeFromUrl('https://harbour-dental.example/faq', 'FAQ');
    const file = await harness.voice.createKnowledgeFromFile(
      { data: Buffer.from('Opening hours: 9 to 5.'), filename: 'hours.txt', mimeType: 'text/plain' },
      'Opening hours',
    );
    expect(url).toEqual({ type: 'url', id: expect.any(String), name: 'FAQ' });
    expect(file).toEqual({ type: 'file', id: expect.any(String), name: 'Opening hours' });

    const { agentId } = await harness.voice.createAgent(agentConfig({ knowledgeBase: [url, file] }));
    expect(agentId).toMatch(/^agent_[0-9a-z]{26}$/);

    const agent = await client.conversationalAi.agents.get(agentId);
    expect(agent.name).toBe('Harbour Dental reception');
    expect(agent.tags).toEqual(['tenant:t1', 'agent:a1']);
    expect(agent.conversationConfig.agent?.firstMessage).toBe('Kia ora, Harbour Dental, Ava speaking.');
    expect(agent.conversationConfig.agent?.prompt?.prompt).toBe(PROMPT);
    expect(agent.conversationConfig.agent?.prompt?.knowledgeBase).toEqual([
      { type: 'url', id: url.id, name: 'FAQ', usageMode: 'auto' },
      { type: 'file', id: file.id, name: 'Opening hours', usageMode: 'auto' },
    ]);
    expect(agent.conversationConfig.tts?.voiceId).toBeUndefined();

    const documents = await client.conversationalAi.knowledgeBase.list();
    const listed = documents.documents.find((doc) => doc.id === url.id);
    expect(listed).toMatchObject({ type: 'url', name: 'FAQ' });
    const detail = await client.conversationalAi.knowledgeBase.documents.get(file.id);
    expect(detail).toMatchObject({ type: 'file', filename: 'hours.txt', extractedInnerHtml: 'Opening hours: 9 to 5.' });
    await expect(client.conversationalAi.knowledgeBase.documents.delete(url.id)).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('updates an agent in place and deletes it', async () => {
    const { agentId } = await harness.voice.createAgent(agentConfig());
    await harness.voice.updateAgent(
      agentId,
      agentConfig({ name: 'Renamed', firstMessage: 'Hello again!', prompt: 'Be brief.', tags: ['tenant:t1'] }),
    );
    const agent = await client.conversationalAi.agents.get(agentId);
    expect(agent.name).toBe('Renamed');
    expect(agent.tags).toEqual(['tenant:t1']);
    expect(agent.conversationConfig.agent?.firstMessage).toBe('Hello again!');
    expect(agent.conversationConfig.agent?.prompt?.prompt).toBe('Be brief.');

    const listed = await client.conversationalAi.agents.list({ search: 'Renamed' });
    expect(listed.agents.map((entry) => entry.agentId)).toContain(agentId);

    await harness.voice.deleteAgent(agentId);
    const error = await providerError(harness.voice.updateAgent(agentId, agentConfig()));
    expect(error.code).toBe('PROVIDER_NOT_FOUND');
    expect(error.message).toBe('Voice agent not found at the provider');
  });

  it.runIf(VOICES.length > 0)('keeps a voice from the library on the agent', async () => {
    const voiceId = VOICES[0]!.elevenlabsId;
    const { agentId } = await harness.voice.createAgent(agentConfig({ voiceId }));
    expect((await client.conversationalAi.agents.get(agentId)).conversationConfig.tts?.voiceId).toBe(voiceId);
    await harness.voice.updateAgent(agentId, agentConfig({ voiceId: null }));
    expect((await client.conversationalAi.agents.get(agentId)).conversationConfig.tts?.voiceId).toBeUndefined();
  });

  it('serves the voice library from the catalogue', async () => {
    const all = await client.voices.getAll();
    expect(all.voices.map((voice) => voice.voiceId)).toEqual(VOICES.map((voice) => voice.elevenlabsId));
    expect(all.voices[0]).toMatchObject({
      availableForTiers: [],
      highQualityBaseModelIds: expect.arrayContaining(['eleven_flash_v2_5', 'eleven_multilingual_v2']),
    });
    const searched = await client.voices.search({ pageSize: 100 });
    expect(searched.totalCount).toBe(VOICES.length);
    expect(searched.hasMore).toBe(false);
  });

  it('rejects what the vendor rejects, with clear messages', async () => {
    const voice = await providerError(harness.voice.createAgent(agentConfig({ voiceId: 'no-such-voice' })));
    expect(voice.code).toBe('PROVIDER_REJECTED');
    expect(voice.message).toContain('no-such-voice');

    const missingDoc = await providerError(
      harness.voice.createAgent(agentConfig({ knowledgeBase: [{ type: 'url', id: 'gone', name: 'Gone' }] })),
    );
    expect(missingDoc.code).toBe('PROVIDER_NOT_FOUND');
    expect(missingDoc.message).toBe('Knowledge document not found at the voice provider');

    const unreadable = await providerError(harness.voice.createKnowledgeFromUrl('https://offline.invalid/', 'Bad'));
    expect(unreadable.code).toBe('PROVIDER_REJECTED');
    expect(unreadable.message).toMatch(/^Voice provider rejected the request: Could not fetch/);

    const notUrl = await providerError(harness.voice.createKnowledgeFromUrl('ftp://example.com/x', 'Bad'));
    expect(notUrl.message).toBe('Voice provider rejected the request: url: Input should be a valid URL');

    const exe = await providerError(
      harness.voice.createKnowledgeFromFile(
        { data: Buffer.from('MZ'), filename: 'setup.exe', mimeType: 'application/octet-stream' },
        'Bad',
      ),
    );
    expect(exe.code).toBe('PROVIDER_REJECTED');

    const cursor = await providerError(harness.voice.listConversations('agent_x', 'not-a-cursor'));
    expect(cursor.message).toBe('Voice provider rejected the request: query.cursor: Invalid cursor');

    const conversation = await providerError(harness.voice.getConversation('conv_missing'));
    expect(conversation.code).toBe('PROVIDER_NOT_FOUND');
    expect(conversation.message).toBe('Conversation not found at the voice provider');
  });

  it('maps a wrong API key to a credentials error, never a crash', async () => {
    const wrongKey = createElevenLabsVoiceProvider({
      apiKey: 'sk_wrong',
      baseUrl: harness.sandbox.elevenlabs.baseUrl,
      webhookSecret: 'unused',
      twilioAccountSid: 'ACunused',
      twilioAuthToken: 'unused',
      maxRetries: 0,
    });
    const error = await providerError(wrongKey.createAgent(agentConfig()));
    expect(error.message).toBe('Voice provider rejected our credentials');
    expect(error.code).toBe('PROVIDER_UNAVAILABLE');
    await expect(wrongKey.listConversations('agent_x')).rejects.toBeInstanceOf(DomainError);
  });

  it('maps an unreachable vendor to a provider error', async () => {
    const offline = createElevenLabsVoiceProvider({
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:9',
      webhookSecret: 'unused',
      twilioAccountSid: 'ACunused',
      twilioAuthToken: 'unused',
      maxRetries: 0,
    });
    const error = await providerError(offline.deleteAgent('agent_x'));
    expect(error.message).toBe('Could not reach the voice provider');
  });

  it('imports a Twilio number with our Twilio credentials, assigns, moves and unassigns it', async () => {
    const first = await harness.voice.createAgent(agentConfig({ name: 'First' }));
    const second = await harness.voice.createAgent(agentConfig({ name: 'Second' }));
    const number = await numberForAgent(harness, first.agentId, RECEPTION);
    expect(number.phoneNumberId).toMatch(/^phnum_/);

    const assigned = await client.conversationalAi.phoneNumbers.get(number.phoneNumberId);
    expect(assigned).toMatchObject({
      provider: 'twilio',
      phoneNumber: number.phoneNumber,
      label: 'Reception line',
      assignedAgent: { agentId: first.agentId, agentName: 'First' },
    });
    const firstAgent = await client.conversationalAi.agents.get(first.agentId);
    expect(firstAgent.phoneNumbers?.map((entry) => entry.phoneNumberId)).toEqual([number.phoneNumberId]);

    await harness.voice.assignPhoneNumber(number.phoneNumberId, second.agentId);
    expect((await client.conversationalAi.phoneNumbers.get(number.phoneNumberId)).assignedAgent?.agentId).toBe(
      second.agentId,
    );
    await harness.voice.assignPhoneNumber(number.phoneNumberId, null);
    expect((await client.conversationalAi.phoneNumbers.get(number.phoneNumberId)).assignedAgent).toBeUndefined();

    const listed = await client.conversationalAi.phoneNumbers.list();
    expect(listed.map((entry) => entry.phoneNumberId)).toContain(number.phoneNumberId);

    const again = await providerError(
      harness.voice.importTwilioNumber({ phoneNumber: number.phoneNumber, label: 'Twice', twilioSid: number.sid }),
    );
    expect(again.code).toBe('PROVIDER_CONFLICT');

    const missingAgent = await providerError(harness.voice.assignPhoneNumber(number.phoneNumberId, 'agent_gone'));
    expect(missingAgent.message).toBe('Voice agent not found at the provider');

    await harness.voice.deletePhoneNumber(number.phoneNumberId);
    const gone = await providerError(harness.voice.assignPhoneNumber(number.phoneNumberId, first.agentId));
    expect(gone.code).toBe('PROVIDER_NOT_FOUND');
    expect(gone.message).toBe('Phone number not found at the voice provider');
  });

  it('finds again what an interrupted request made: agents by their exact tag, imported numbers by number', async () => {
    const tagged = await harness.voice.createAgent(agentConfig({ tags: ['tenant:t1', 'agent:find-me'] }));
    await harness.voice.createAgent(agentConfig({ tags: ['tenant:t1', 'agent:find-me-not'] }));
    expect(await harness.voice.findAgentsByTag('agent:find-me')).toEqual([tagged.agentId]);
    expect(await harness.voice.findAgentsByTag('agent:nobody')).toEqual([]);

    const number = await numberForAgent(harness, tagged.agentId, RECEPTION);
    expect(await harness.voice.findImportedNumber(number.phoneNumber)).toEqual({
      phoneNumberId: number.phoneNumberId,
      agentId: tagged.agentId,
    });
    await harness.voice.deleteAgent(tagged.agentId);
    expect(await harness.voice.findAgentsByTag('agent:find-me')).toEqual([]);
    expect(await harness.voice.findImportedNumber(number.phoneNumber)).toEqual({
      phoneNumberId: number.phoneNumberId,
      agentId: null,
    });
    await harness.voice.deletePhoneNumber(number.phoneNumberId);
    expect(await harness.voice.findImportedNumber(number.phoneNumber)).toBeNull();
  });

  it('deletes a knowledge document, and says when it is already gone', async () => {
    const document = await harness.voice.createKnowledgeFromUrl('https://harbour-dental.example/prices', 'Prices');
    await harness.voice.deleteKnowledgeDocument(document.id);
    const gone = await providerError(harness.voice.deleteKnowledgeDocument(document.id));
    expect(gone.code).toBe('PROVIDER_NOT_FOUND');
  });

  it('refuses to import a number the Twilio account does not own', async () => {
    const error = await providerError(
      harness.voice.importTwilioNumber({ phoneNumber: '+6495550000', label: 'Not ours', twilioSid: 'PNx' }),
    );
    expect(error.code).toBe('PROVIDER_REJECTED');
    expect(error.message).toContain('not a number of this Twilio account');
  });

  it('turns a simulated inbound call into a finished conversation built from the agent', async () => {
    const { agentId } = await harness.voice.createAgent(agentConfig());
    const number = await numberForAgent(harness, agentId, RECEPTION);
    const { conversationId } = harness.sandbox.simulateInboundCall({
      phoneNumber: number.phoneNumber,
      callerNumber: '+64211112222',
    });

    const conversation = await finishedConversation(harness, conversationId);
    expect(conversation).toMatchObject({
      conversationId,
      agentId,
      status: 'done',
      direction: 'inbound',
      agentPhoneNumber: number.phoneNumber,
      customerPhoneNumber: '+64211112222',
      outcome: 'answered',
      analysis: { callSuccessful: 'success', transcriptSummary: expect.stringContaining('Harbour Dental reception') },
      recordingUrl: null,
      hasRecording: true,
    });
    expect(conversation.durationSec).toBeGreaterThan(0);
    expect(conversation.vendorCost).toEqual({ currency: 'usd', amountMicros: expect.any(Number) });
    expect(conversation.vendorCost.amountMicros).toBeGreaterThan(0);
    expect(new Date(conversation.startedAt).getTime()).toBeLessThanOrEqual(Date.now());
    const agentLines = conversation.transcript.filter((turn) => turn.role === 'agent').map((turn) => turn.message);
    expect(agentLines[0]).toBe('Kia ora, Harbour Dental, Ava speaking.');
    expect(agentLines.join(' ')).toContain('Offer appointment times between 9am and 5pm.');
    expect(agentLines.at(-1)).toBe('Thanks for calling Harbour Dental, see you soon!');
    expect(conversation.transcript.some((turn) => turn.role === 'user')).toBe(true);
    const times = conversation.transcript.map((turn) => turn.timeInCallSecs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.at(-1)).toBeLessThan(conversation.durationSec);

    const page = await harness.voice.listConversations(agentId);
    expect(page).toEqual({
      conversations: [
        {
          conversationId,
          agentId,
          status: 'done',
          startedAt: conversation.startedAt,
          durationSec: conversation.durationSec,
        },
      ],
      nextCursor: null,
    });
  });

  it('shows a call in progress before it finishes', async () => {
    const slow = await startContractSandbox({ callDelayMs: 60_000 });
    try {
      const { agentId } = await slow.voice.createAgent(agentConfig());
      const { conversationId } = slow.sandbox.simulateInboundCall({ agentId });
      const conversation = await slow.voice.getConversation(conversationId);
      expect(conversation.status).toBe('initiated');
      expect(conversation.analysis).toBeNull();
      expect(conversation.agentPhoneNumber).toBeNull();
      expect((await slow.voice.listConversations(agentId)).conversations[0]?.status).toBe('initiated');
    } finally {
      await slow.close();
    }
  });

  it('pages through an agent’s conversations with the vendor’s cursor', async () => {
    const { agentId } = await harness.voice.createAgent(agentConfig({ name: 'Busy line' }));
    const started = Array.from({ length: 105 }, () => harness.sandbox.simulateInboundCall({ agentId }).conversationId);
    const first = await harness.voice.listConversations(agentId);
    expect(first.conversations).toHaveLength(100);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await harness.voice.listConversations(agentId, first.nextCursor);
    expect(second.conversations).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.conversations, ...second.conversations].map((entry) => entry.conversationId);
    expect(new Set(seen)).toEqual(new Set(started));
    // The sandbox refuses calls beyond its concurrency, as the vendor does: the next test starts on a quiet line.
    for (const conversationId of started) await finishedConversation(harness, conversationId);
  });

  it('starts outbound calls whose outcome follows the callee number’s last digit', async () => {
    const { agentId } = await harness.voice.createAgent(agentConfig({ name: 'Dialler' }));
    const number = await numberForAgent(harness, agentId, RECEPTION);
    const expected = { '0': 'answered', '6': 'voicemail', '7': 'busy', '8': 'no_answer', '9': 'failed' } as const;
    const calls = await Promise.all(
      Object.entries(expected).map(async ([digit, outcome]) => {
        const call = await harness.voice.startOutboundCall({
          agentId,
          agentPhoneNumberId: number.phoneNumberId,
          toNumber: `+6421000000${digit}`,
        });
        expect(call.callSid).toMatch(/^CA[0-9a-f]{32}$/);
        return { ...call, digit, outcome };
      }),
    );
    for (const call of calls) {
      const conversation = await finishedConversation(harness, call.conversationId);
      expect(conversation.outcome).toBe(call.outcome);
      expect(conversation.direction).toBe('outbound');
      expect(conversation.customerPhoneNumber).toBe(`+6421000000${call.digit}`);
      if (call.outcome === 'answered') {
        expect(conversation.status).toBe('done');
        expect(conversation.analysis?.callSuccessful).toBe('success');
      } else if (call.outcome === 'voicemail') {
        expect(conversation.status).toBe('done');
        expect(conversation.analysis?.callSuccessful).toBe('failure');
      } else {
        expect(conversation).toMatchObject({
          status: 'failed',
          durationSec: 0,
          vendorCost: { currency: 'usd', amountMicros: 0 },
          transcript: [],
        });
        expect(conversation.analysis).toBeNull();
      }
    }

    const badNumber = await providerError(
      harness.voice.startOutboundCall({ agentId, agentPhoneNumberId: number.phoneNumberId, toNumber: '021 555' }),
    );
    expect(badNumber.code).toBe('PROVIDER_REJECTED');
    const noAgent = await providerError(
      harness.voice.startOutboundCall({
        agentId: 'agent_gone',
        agentPhoneNumberId: number.phoneNumberId,
        toNumber: '+64210000000',
      }),
    );
    expect(noAgent.message).toBe('Voice agent not found at the provider');
  });

  it('answers the vendor’s other routes with bodies the SDK accepts', async () => {
    const settings = await client.conversationalAi.settings.update({
      webhooks: { postCallWebhookId: 'wh_1', events: ['transcript'] },
    });
    expect(settings.webhooks?.postCallWebhookId).toBe('wh_1');
    const { agentId } = await harness.voice.createAgent(agentConfig());
    const { conversationId } = harness.sandbox.simulateInboundCall({ agentId });
    await finishedConversation(harness, conversationId);
    const raw = await client.conversationalAi.conversations.get(conversationId);
    expect(raw).toMatchObject({ hasAudio: true, metadata: { costFiat: expect.any(Number) } });
    // A connected call's recording streams through the SDK; our adapter passes its type, length and bytes on.
    const audio = await harness.voice.getConversationAudio(conversationId);
    expect(audio).toMatchObject({ contentType: 'audio/mpeg', contentLength: expect.any(Number) });
    const bytes = Buffer.from(await new Response(audio!.body).arrayBuffer());
    expect(bytes.length).toBe(audio!.contentLength);
    expect([bytes[0], (bytes[1] ?? 0) & 0xe0]).toEqual([0xff, 0xe0]);
    await client.conversationalAi.conversations.delete(conversationId);
    await expect(harness.voice.getConversation(conversationId)).rejects.toBeInstanceOf(DomainError);
    expect(await harness.voice.getConversationAudio(conversationId)).toBeNull();
  });
});
