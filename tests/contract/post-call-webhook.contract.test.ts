import { createHmac } from 'node:crypto';
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../server/src/domain/domain-error';
import { ERROR_STATUS } from '../../server/src/http/error-status';
import type { Clock } from '../../server/src/lib/clock';
import { createElevenLabsVoiceProvider } from '../../server/src/providers/voice/elevenlabs.voice';
import {
  numberForAgent,
  startContractSandbox,
  startWebhookReceiver,
  type ContractSandbox,
  type ReceivedWebhook,
} from './support/contract-sandbox';
import { assertProperty } from '../support/property-runs';

const SECRET = 'wsec_test_secret';

function sign(body: string, unixSecs: number, secret = SECRET): string {
  return `t=${unixSecs},v0=${createHmac('sha256', secret).update(`${unixSecs}.${body}`).digest('hex')}`;
}

function verifierAt(nowSecs: number) {
  const clock: Clock = { now: () => new Date(nowSecs * 1000) };
  return createElevenLabsVoiceProvider({
    apiKey: 'unused',
    webhookSecret: SECRET,
    twilioAccountSid: 'ACunused',
    twilioAuthToken: 'unused',
    clock,
  });
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('post-call webhooks from the sandbox', () => {
  let harness: ContractSandbox;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    harness = await startContractSandbox({ callDelayMs: 30, webhookUrl: () => receiver.url });
  });
  afterAll(async () => {
    await harness.close();
    await receiver.close();
  });

  async function agentOnNumber() {
    const { agentId } = await harness.voice.createAgent({
      name: 'Webhook agent',
      prompt: 'Answer questions about parking. Closing: Bye for now!',
      firstMessage: 'Hello, parking help here.',
      voiceId: null,
      knowledgeBase: [],
      tags: [],
    });
    const { phoneNumberId, phoneNumber } = await numberForAgent(harness, agentId, { country: 'US', label: 'Line' });
    return { agentId, phoneNumberId, phoneNumber };
  }

  const signatureOf = (hook: ReceivedWebhook) => hook.headers['elevenlabs-signature'] as string;

  it('delivers a signed post_call_transcription that our verifier and the SDK both accept', async () => {
    const { agentId, phoneNumber } = await agentOnNumber();
    const { conversationId } = harness.sandbox.simulateInboundCall({ phoneNumber, callerNumber: '+14155550123' });
    const hook = await receiver.next();

    expect(hook.headers['content-type']).toBe('application/json');
    expect(signatureOf(hook)).toMatch(/^t=\d+,v0=[0-9a-f]{64}$/);
    expect(harness.voice.verifyPostCallWebhook(hook.rawBody, signatureOf(hook))).toEqual({
      type: 'post_call_transcription',
      conversationId,
      agentId,
      eventTimestamp: expect.any(Number),
    });

    const sdk = new ElevenLabsClient({ apiKey: 'unused' });
    const event = (await sdk.webhooks.constructEvent(
      hook.rawBody.toString('utf8'),
      signatureOf(hook),
      harness.sandbox.elevenlabs.webhookSecret,
    )) as { type: string; event_timestamp: number; data: Record<string, unknown> };
    expect(event.type).toBe('post_call_transcription');
    expect(event.data).toMatchObject({ agent_id: agentId, conversation_id: conversationId, status: 'done' });
    expect(event.data).toHaveProperty('analysis.call_successful', 'success');
    expect(event.data).toHaveProperty('analysis.transcript_summary');
    expect(event.data).toHaveProperty('metadata.phone_call.external_number', '+14155550123');

    // What the webhook says and what a later sync reads are the same conversation.
    const fetched = await harness.voice.getConversation(conversationId);
    const transcript = (event.data.transcript as Array<{ message: string }>).map((turn) => turn.message);
    expect(fetched.transcript.map((turn) => turn.message)).toEqual(transcript);
    expect(fetched.durationSec).toBe((event.data.metadata as { call_duration_secs: number }).call_duration_secs);
  });

  it('reports outbound calls that never connected as call_initiation_failure', async () => {
    const { agentId, phoneNumberId } = await agentOnNumber();
    const { conversationId } = await harness.voice.startOutboundCall({
      agentId,
      agentPhoneNumberId: phoneNumberId,
      toNumber: '+14155550127',
    });
    const hook = await receiver.next();
    expect(harness.voice.verifyPostCallWebhook(hook.rawBody, signatureOf(hook))).toMatchObject({
      type: 'call_initiation_failure',
      conversationId,
      agentId,
    });
    expect(JSON.parse(hook.rawBody.toString('utf8')).data.failure_reason).toBe('busy');
    expect((await harness.voice.getConversation(conversationId)).outcome).toBe('busy');
  });

  it('retries a delivery our server did not take, until it does', async () => {
    let url: string | null = null;
    const late = await startContractSandbox({ callDelayMs: 10, webhookUrl: () => url });
    try {
      const { agentId } = await late.voice.createAgent({
        name: 'Late',
        prompt: 'Help.',
        firstMessage: 'Hi.',
        voiceId: null,
        knowledgeBase: [],
        tags: [],
      });
      const { conversationId } = late.sandbox.simulateInboundCall({ agentId });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const before = receiver.received.length;
      url = receiver.url;
      const hook = await receiver.next();
      expect(receiver.received.length).toBe(before + 1);
      expect(late.voice.verifyPostCallWebhook(hook.rawBody, signatureOf(hook)).conversationId).toBe(conversationId);
    } finally {
      await late.close();
    }
  });
});

describe('verifyPostCallWebhook rejects what is not signed by the vendor (401, never a crash)', () => {
  const now = 1_800_000_000;
  const body = JSON.stringify({
    type: 'post_call_transcription',
    event_timestamp: now,
    data: { agent_id: 'agent_1', conversation_id: 'conv_1' },
  });
  const raw = Buffer.from(body);
  const verifier = verifierAt(now);

  it('accepts a fresh, correct signature, also among rotated ones', () => {
    expect(verifier.verifyPostCallWebhook(raw, sign(body, now))).toEqual({
      type: 'post_call_transcription',
      conversationId: 'conv_1',
      agentId: 'agent_1',
      eventTimestamp: now,
    });
    const rotated = `${sign(body, now, 'old-secret')},v0=${sign(body, now).split('v0=')[1]}`;
    expect(verifier.verifyPostCallWebhook(raw, rotated).conversationId).toBe('conv_1');
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['no timestamp', `v0=${'a'.repeat(64)}`],
    ['no v0', `t=${now}`],
    ['a stale timestamp (31 minutes)', sign(body, now - 31 * 60)],
    ['a timestamp far in the future', sign(body, now + 31 * 60)],
    ['a tampered body', sign(`${body} `, now)],
    ['the wrong secret', sign(body, now, 'wrong-secret')],
    ['a wrong-length signature', `t=${now},v0=abcd`],
    ['an over-long signature', `t=${now},v0=${'a'.repeat(66)}`],
    ['an odd-length signature', `t=${now},v0=${'a'.repeat(63)}`],
    ['a non-hex signature', `t=${now},v0=${'z'.repeat(64)}`],
    ['a non-numeric timestamp', `t=soon,v0=${'a'.repeat(64)}`],
  ])('rejects %s', (_case, header) => {
    const error = thrown(() => verifier.verifyPostCallWebhook(raw, header));
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('WEBHOOK_SIGNATURE_INVALID');
  });

  it('accepts a signature 29 minutes old', () => {
    expect(verifier.verifyPostCallWebhook(raw, sign(body, now - 29 * 60)).conversationId).toBe('conv_1');
  });

  it('answers 400 for a correctly signed body that is not a post-call event', () => {
    for (const text of ['not json', 'null', '[]', '{"type":"other","data":{}}', '{"type":"post_call_transcription"}']) {
      const error = thrown(() => verifier.verifyPostCallWebhook(Buffer.from(text), sign(text, now)));
      expect((error as DomainError).code).toBe('VALIDATION_FAILED');
    }
  });

  it('never throws anything but a domain error answered with a 4xx, whatever the header and body', async () => {
    await assertProperty(
      fc.property(fc.option(fc.string()), fc.uint8Array({ maxLength: 200 }), (header, bytes) => {
        try {
          verifier.verifyPostCallWebhook(Buffer.from(bytes), header ?? undefined);
        } catch (error) {
          return error instanceof DomainError && ERROR_STATUS[error.code] < 500;
        }
        return true;
      }),
      { minRuns: 50, numRuns: 500, budgetMs: 3_000 },
    );
  });
});
