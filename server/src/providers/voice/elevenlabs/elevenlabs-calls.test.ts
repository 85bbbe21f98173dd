import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createElevenLabsVoiceProvider } from '../elevenlabs.voice';
import { clientDataOf } from './elevenlabs-calls';

describe('clientDataOf', () => {
  it('sends nothing when the call has no per-call data', () => {
    expect(clientDataOf({})).toEqual({});
    expect(clientDataOf({ dynamicVariables: {}, overrides: {} })).toEqual({});
  });

  it('carries variables, the overridden prompt and first message, and our reference', () => {
    expect(
      clientDataOf({
        dynamicVariables: { first_name: 'Ana' },
        overrides: { prompt: 'Be brief', firstMessage: 'Hi Ana' },
        userId: 'attempt_1',
      }),
    ).toEqual({
      dynamicVariables: { first_name: 'Ana' },
      conversationConfigOverride: { agent: { firstMessage: 'Hi Ana', prompt: { prompt: 'Be brief' } } },
      userId: 'attempt_1',
    });
  });
});

describe('startOutboundCall', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A provider that answers every request with `status` (or never, for 0), counting the requests it got. */
  async function providerAnswering(status: number) {
    const received = { count: 0 };
    server = createServer((request, response) => {
      received.count += 1;
      request.resume();
      if (status === 0) return;
      response.writeHead(status, { 'content-type': 'application/json' }).end('{"detail":"unavailable"}');
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const voice = createElevenLabsVoiceProvider({
      apiKey: 'key',
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      webhookSecret: 'secret',
      twilioAccountSid: 'AC0',
      twilioAuthToken: 'token',
    });
    return { voice, received };
  }

  const call = { agentId: 'agent_1', agentPhoneNumberId: 'phnum_1', toNumber: '+447700900123', userId: 'attempt_1' };

  it('sends a call once: after an error the provider may have placed it, and a retry would place a second', async () => {
    const { voice, received } = await providerAnswering(503);
    await expect(voice.startOutboundCall(call)).rejects.toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    expect(received.count).toBe(1);
  });

  it('stops waiting for the answer after the time given', async () => {
    const { voice, received } = await providerAnswering(0);
    await expect(voice.startOutboundCall({ ...call, timeoutMs: 200 })).rejects.toMatchObject({
      code: 'PROVIDER_TIMEOUT',
    });
    expect(received.count).toBe(1);
  });
});
