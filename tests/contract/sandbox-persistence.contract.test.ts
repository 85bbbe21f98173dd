import { afterEach, describe, expect, it } from 'vitest';
import {
  finishedConversation,
  numberForAgent,
  startContractSandbox,
  startWebhookReceiver,
  type ContractSandbox,
} from './support/contract-sandbox';

const agent = {
  name: 'Persistent agent',
  prompt: 'Take messages for the team. Closing: Talk soon!',
  firstMessage: 'Hi, you have reached the team.',
  voiceId: null,
  knowledgeBase: [],
  tags: ['tenant:t9'],
};

describe('sandbox state survives a restart', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function started(options: Parameters<typeof startContractSandbox>[0] = {}): Promise<ContractSandbox> {
    const harness = await startContractSandbox(options);
    cleanups.push(() => harness.close());
    return harness;
  }

  it('keeps credentials, agents, knowledge, numbers, assignments and conversations', async () => {
    const harness = await started({ callDelayMs: 10 });
    const credentials = { elevenlabs: harness.sandbox.elevenlabs, twilio: harness.sandbox.twilio };
    const doc = await harness.voice.createKnowledgeFromUrl('https://example.com/faq', 'FAQ');
    const { agentId } = await harness.voice.createAgent({ ...agent, knowledgeBase: [doc] });
    const number = await numberForAgent(harness, agentId, { country: 'NZ', label: 'Team' });
    const { conversationId } = harness.sandbox.simulateInboundCall({ phoneNumber: number.phoneNumber });
    const before = await finishedConversation(harness, conversationId);
    expect(before.status).toBe('done');

    await harness.restart();

    expect(harness.sandbox.elevenlabs.apiKey).toBe(credentials.elevenlabs.apiKey);
    expect(harness.sandbox.elevenlabs.webhookSecret).toBe(credentials.elevenlabs.webhookSecret);
    expect(harness.sandbox.twilio.accountSid).toBe(credentials.twilio.accountSid);
    expect(harness.sandbox.twilio.authToken).toBe(credentials.twilio.authToken);

    expect(await harness.voice.getConversation(conversationId)).toEqual(before);
    expect((await harness.voice.listConversations(agentId)).conversations.map((c) => c.conversationId)).toEqual([
      conversationId,
    ]);
    expect(await harness.telephony.findOwnedNumber(number.phoneNumber)).toEqual({
      sid: number.sid,
      phoneNumber: number.phoneNumber,
      friendlyName: 'Team',
    });
    const search = await harness.telephony.searchAvailableNumbers({
      country: 'NZ',
      voiceEnabled: true,
      smsEnabled: false,
      limit: 100,
    });
    expect(search.map((entry) => entry.phoneNumber)).not.toContain(number.phoneNumber);

    // The agent and its number still answer: a new call after the restart goes to the same agent.
    const again = harness.sandbox.simulateInboundCall({ phoneNumber: number.phoneNumber });
    const second = await finishedConversation(harness, again.conversationId);
    expect(second.agentId).toBe(agentId);
    expect(second.transcript[0]?.message).toBe('Hi, you have reached the team.');

    await harness.voice.updateAgent(agentId, { ...agent, knowledgeBase: [doc], name: 'Still here' });
    await harness.voice.deleteAgent(agentId);
    await expect(harness.voice.deleteAgent(agentId)).rejects.toMatchObject({ code: 'PROVIDER_NOT_FOUND' });
  });

  it('finishes a call that was in progress when the sandbox stopped, and delivers its webhook', async () => {
    const receiver = await startWebhookReceiver();
    cleanups.push(() => receiver.close());
    const harness = await started({ callDelayMs: 400, webhookUrl: () => receiver.url });
    const { agentId } = await harness.voice.createAgent(agent);
    const { conversationId } = harness.sandbox.simulateInboundCall({ agentId });
    expect((await harness.voice.getConversation(conversationId)).status).not.toBe('done');

    await harness.restart();

    const hook = await receiver.next();
    const signature = hook.headers['elevenlabs-signature'] as string;
    expect(harness.voice.verifyPostCallWebhook(hook.rawBody, signature).conversationId).toBe(conversationId);
    expect((await harness.voice.getConversation(conversationId)).status).toBe('done');
    expect(receiver.received).toHaveLength(1);
  });

  it('keeps a webhook that could not be delivered yet, and delivers it after a restart', async () => {
    const receiver = await startWebhookReceiver();
    cleanups.push(() => receiver.close());
    let url: string | null = null;
    const harness = await started({ callDelayMs: 0, webhookUrl: () => url });
    const { agentId } = await harness.voice.createAgent(agent);
    const { conversationId } = harness.sandbox.simulateInboundCall({ agentId });
    await finishedConversation(harness, conversationId);

    await harness.restart();
    url = receiver.url;

    const hook = await receiver.next();
    expect(JSON.parse(hook.rawBody.toString('utf8')).data.conversation_id).toBe(conversationId);
  });
});
