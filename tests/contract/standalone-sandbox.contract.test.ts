import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import { DomainError } from '../../server/src/domain/domain-error';
import { createProviders, type Providers } from '../../server/src/providers';
import type { SandboxControl, WireConversation } from '../../server/src/sandbox';
import { connectSandbox } from '../../server/src/sandbox/sandbox.client';
import { startStandaloneSandbox, type StandaloneSandbox } from '../../server/src/sandbox/standalone';
import {
  eventually,
  finishedConversation,
  numberForAgent,
  startWebhookReceiver,
  tempDataDir,
} from './support/contract-sandbox';

/**
 * The sandbox as `npm run sandbox` serves it: every vendor on one origin, reached by the same adapters the server
 * builds from SANDBOX_URL alone, its webhooks posted to the server's address.
 */
describe('the standalone sandbox through SANDBOX_URL', () => {
  const dataDir = tempDataDir();
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let sandbox: StandaloneSandbox;
  let control: SandboxControl;
  let providers: Providers;

  const start = () =>
    startStandaloneSandbox({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      callDelayMs: 30,
      parleyUrl: new URL(receiver.url).origin,
      webhookPaths: { elevenlabs: apiRoutes.webhooks.elevenlabs(), stripe: apiRoutes.webhooks.stripe() },
    });

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    sandbox = await start();
    control = await connectSandbox(sandbox.url);
    providers = createProviders({ providers: 'sandbox' }, control);
  });
  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves ElevenLabs and Twilio under their prefixes and Stripe at the root, to the official SDKs', async () => {
    expect(control.elevenlabs.baseUrl).toBe(`${sandbox.url}/elevenlabs`);
    expect(control.twilio.baseUrl).toBe(`${sandbox.url}/twilio`);
    expect(control.stripe).toMatchObject({ baseUrl: sandbox.url, host: '127.0.0.1', protocol: 'http' });
    expect(providers.payments.sandboxApiBase).toBe(sandbox.url);

    const { agentId } = await providers.voice.createAgent({
      name: 'Standalone',
      prompt: 'Answer questions about opening hours.',
      firstMessage: 'Hello!',
      voiceId: null,
      knowledgeBase: [],
      tags: ['tenant:standalone'],
    });
    const number = await numberForAgent(providers, agentId, { country: 'NZ', label: 'Standalone line' });
    expect(await providers.telephony.findOwnedNumber(number.phoneNumber)).toMatchObject({ sid: number.sid });
    const customerId = await providers.payments.createCustomer({ tenantId: 't-standalone', name: 'T', email: null });
    expect(customerId).toMatch(/^cus_/);
  });

  it('places a simulated inbound call for the server, and posts the signed post-call webhook to the server', async () => {
    const { agentId } = await providers.voice.createAgent({
      name: 'Inbound',
      prompt: 'Book appointments.',
      firstMessage: 'Kia ora!',
      voiceId: null,
      knowledgeBase: [],
      tags: [],
    });
    const number = await numberForAgent(providers, agentId, { country: 'NZ', label: 'Inbound line' });
    const { conversationId, callSid } = await control.simulateInboundCall({ phoneNumber: number.phoneNumber });
    expect(callSid).toMatch(/^CA/);
    expect((await finishedConversation(providers, conversationId)).direction).toBe('inbound');

    // Stripe's events arrive at the same server too; ElevenLabs' are the ones it signs with its header.
    const event = await eventually(async () => {
      const hook = receiver.received.find(
        (received) => received.headers['elevenlabs-signature'] && received.rawBody.includes(conversationId),
      );
      return hook && providers.voice.verifyPostCallWebhook(hook.rawBody, String(hook.headers['elevenlabs-signature']));
    });
    expect(event).toMatchObject({ conversationId, type: 'post_call_transcription' });
  });

  it('answers a call it cannot place with the domain error the embedded sandbox throws', async () => {
    const error = await Promise.resolve(control.simulateInboundCall({ phoneNumber: '+6499999999' })).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('stores conversations that already happened in bulk, with their recordings and no webhook, and forgets them', async () => {
    const { agentId } = await providers.voice.createAgent({
      name: 'History',
      prompt: 'Book check-ups.',
      firstMessage: 'Kia ora!',
      voiceId: null,
      knowledgeBase: [],
      tags: [],
    });
    const number = await numberForAgent(providers, agentId, { country: 'NZ', label: 'History line' });
    const { conversationId } = await control.simulateInboundCall({ phoneNumber: number.phoneNumber });
    await finishedConversation(providers, conversationId);
    const response = await fetch(`${control.elevenlabs.baseUrl}/v1/convai/conversations/${conversationId}`, {
      headers: { 'xi-api-key': control.elevenlabs.apiKey },
    });
    const lived = (await response.json()) as WireConversation;
    // More than one request's worth, so the client sends them in parts.
    const history = Array.from({ length: 450 }, (_, index) => ({
      ...lived,
      conversation_id: `conv_history_${index}`,
      metadata: { ...lived.metadata, start_time_unix_secs: lived.metadata.start_time_unix_secs - 86_400 * (index + 1) },
    }));
    await control.importConversations(history);
    const last = await providers.voice.getConversation('conv_history_449');
    expect(last).toMatchObject({ status: 'done', agentId, transcript: expect.any(Array) });
    expect(Date.parse(last.startedAt)).toBe((lived.metadata.start_time_unix_secs - 86_400 * 450) * 1000);
    expect(await providers.voice.getConversationAudio('conv_history_0')).toMatchObject({ contentType: 'audio/mpeg' });
    expect(receiver.received.filter((hook) => hook.rawBody.includes('conv_history_'))).toEqual([]);

    expect(await control.deleteConversations([...history.map((entry) => entry.conversation_id), 'conv_unknown'])).toBe(
      450,
    );
    await expect(providers.voice.getConversation('conv_history_0')).rejects.toThrow();
    expect((await finishedConversation(providers, conversationId)).conversationId).toBe(conversationId);
  });

  it('keeps its credentials and objects across a restart on the same folder', async () => {
    const before = control.elevenlabs.apiKey;
    await sandbox.close();
    sandbox = await start();
    const again = await connectSandbox(sandbox.url);
    expect(again.elevenlabs.apiKey).toBe(before);
    const voice = createProviders({ providers: 'sandbox' }, again).voice;
    expect(await voice.findAgentsByTag('tenant:standalone')).toHaveLength(1);
  });

  it('says what to do when no sandbox answers at SANDBOX_URL', async () => {
    await expect(connectSandbox('http://127.0.0.1:9')).rejects.toThrow(
      'No sandbox answers at SANDBOX_URL=http://127.0.0.1:9',
    );
  });
});
