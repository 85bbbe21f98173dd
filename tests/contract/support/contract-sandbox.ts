import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { apiRoutes } from '@shared/api/routes';
import twilio from 'twilio';
import { expect } from 'vitest';
import { isProviderError, type DomainError } from '../../../server/src/domain/domain-error';
import { createProviders, type Providers } from '../../../server/src/providers';
import type { PurchasedNumber, SearchCountry } from '../../../server/src/providers/telephony/telephony.types';
import { BaseUrlRequestClient } from '../../../server/src/providers/telephony/twilio.telephony';
import type { VoiceConversation } from '../../../server/src/providers/voice/voice.types';
import { startSandbox, type Sandbox } from '../../../server/src/sandbox';
import { startRecordingProxy } from './recording-proxy';
import { vendorOracle, type RecordedExchange } from './vendor-oracle';

export interface ContractSandbox extends Providers {
  /** The sandbox as the adapters see it: its vendor addresses are those of the recording proxies. */
  sandbox: Sandbox;
  dataDir: string;
  /** Every answer the emulators sent, as it went over the wire. */
  exchanges: RecordedExchange[];
  /** Stops the sandbox and starts it again on the same data folder, with fresh adapters. */
  restart(): Promise<void>;
  /** Stops everything, then fails if any recorded answer breaks the vendor's schema for its operation. */
  close(): Promise<void>;
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'parley-sandbox-'));
}

/** Each answer that does not validate against its vendor's schema, as one readable line. */
export function contractViolations(exchanges: RecordedExchange[]): string[] {
  const violations = exchanges.flatMap((exchange) => {
    const { operation, problems } = vendorOracle(exchange.vendor).check(exchange);
    return problems.map(
      (problem) =>
        `${exchange.vendor} ${operation ?? `${exchange.method} ${exchange.path}`} ${exchange.status}: ${problem}`,
    );
  });
  return [...new Set(violations)];
}

/**
 * A sandbox in a temporary folder with the adapters pointed at it, wired exactly as the server wires them, except
 * that every request passes through a recording proxy so that what the emulators answer can be checked against
 * the vendors' API descriptions.
 */
export async function startContractSandbox(
  options: { callDelayMs?: number; webhookUrl?: () => string | null; dataDir?: string } = {},
): Promise<ContractSandbox> {
  const dataDir = options.dataDir ?? tempDataDir();
  const exchanges: RecordedExchange[] = [];
  const start = () =>
    startSandbox({
      dataDir,
      callDelayMs: options.callDelayMs ?? 30,
      webhookUrl: options.webhookUrl ?? (() => null),
    });
  let running = await start();
  const [elevenlabsProxy, twilioProxy] = await Promise.all([
    startRecordingProxy('elevenlabs', () => running.elevenlabs.baseUrl, exchanges),
    startRecordingProxy('twilio', () => running.twilio.baseUrl, exchanges),
  ]);
  const adapters = () => {
    const sandbox: Sandbox = {
      ...running,
      elevenlabs: { ...running.elevenlabs, baseUrl: elevenlabsProxy.baseUrl },
      twilio: { ...running.twilio, baseUrl: twilioProxy.baseUrl },
    };
    return { sandbox, ...createProviders({ providers: 'sandbox' }, sandbox) };
  };
  const harness = { dataDir, exchanges, ...adapters() } as ContractSandbox;
  harness.restart = async () => {
    await running.close();
    running = await start();
    Object.assign(harness, adapters());
  };
  harness.close = async () => {
    await running.close();
    await Promise.all([elevenlabsProxy.close(), twilioProxy.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(contractViolations(exchanges), 'emulator answers that break the vendor schema').toEqual([]);
  };
  return harness;
}

/** The official SDKs pointed at the sandbox through the recording proxies, for routes our adapters do not use. */
export function officialClients(harness: ContractSandbox) {
  const { elevenlabs, twilio: account } = harness.sandbox;
  return {
    elevenlabs: new ElevenLabsClient({ apiKey: elevenlabs.apiKey, baseUrl: elevenlabs.baseUrl, maxRetries: 0 }),
    twilio: twilio(account.accountSid, account.authToken, {
      httpClient: new BaseUrlRequestClient(new URL(account.baseUrl)),
    }),
  };
}

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  rawBody: Buffer;
}

/** Stands in for our server's webhook route: keeps what arrives, answers 200. */
export async function startWebhookReceiver(): Promise<{
  url: string;
  received: ReceivedWebhook[];
  next(): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}> {
  const received: ReceivedWebhook[] = [];
  const waiting: Array<(hook: ReceivedWebhook) => void> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const hook = { headers: req.headers, rawBody: Buffer.concat(chunks) };
      received.push(hook);
      waiting.shift()?.(hook);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let consumed = 0;
  return {
    url: `http://127.0.0.1:${port}${apiRoutes.webhooks.elevenlabs()}`,
    received,
    next() {
      const ready = received[consumed];
      consumed += 1;
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Polls until `check` returns a value, for simulated calls that finish on their own time. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A call ends answered (`done`) or not (`failed`); either way the sandbox has settled it. */
export function finishedConversation(providers: Providers, conversationId: string): Promise<VoiceConversation> {
  return eventually(async () => {
    const conversation = await providers.voice.getConversation(conversationId);
    return conversation.status === 'done' || conversation.status === 'failed' ? conversation : undefined;
  });
}

/** Buys a voice number and imports it into the voice provider for the agent, as a purchase through our API does. */
export async function numberForAgent(
  providers: Providers,
  agentId: string,
  options: { country: SearchCountry; label: string },
): Promise<PurchasedNumber & { phoneNumberId: string }> {
  const [available] = await providers.telephony.searchAvailableNumbers({
    country: options.country,
    voiceEnabled: true,
    smsEnabled: false,
    limit: 1,
  });
  const bought = await providers.telephony.purchaseNumber({
    phoneNumber: available!.phoneNumber,
    friendlyName: options.label,
  });
  const { phoneNumberId } = await providers.voice.importTwilioNumber({
    phoneNumber: bought.phoneNumber,
    label: options.label,
    twilioSid: bought.sid,
  });
  await providers.voice.assignPhoneNumber(phoneNumberId, agentId);
  return { ...bought, phoneNumberId };
}

/** The provider error an adapter call rejects with; anything else fails the test. */
export async function providerError(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isProviderError(error), String(error)).toBe(true);
  return error as DomainError;
}
