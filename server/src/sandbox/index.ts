import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Logger } from 'pino';
import { createCallSimulator, type WireConversation } from './call.simulator';
import { createElevenLabsEmulator } from './elevenlabs/elevenlabs.emulator';
import type { InboundCallRequest } from './elevenlabs/calls.routes';
import { listenOnLoopback } from './sandbox.server';
import { openSandboxStore } from './sandbox.store';
import { createStripeEmulator } from './stripe/stripe.emulator';
import { createTwilioEmulator } from './twilio/twilio.emulator';
import { createWebhookDelivery } from './webhook.delivery';

export { OUTBOUND_OUTCOME_BY_LAST_DIGIT } from './call-script';
export type { InboundCallRequest } from './elevenlabs/calls.routes';
export type { WireConversation } from './call.simulator';

export interface SandboxOptions {
  /** Where the emulators keep their state (one SQLite file); the same folder after a restart keeps everything. */
  dataDir: string;
  /** How long a simulated call lasts before its conversation is done and its webhook is sent. */
  callDelayMs: number;
  /** Where to post ElevenLabs webhooks; asked at send time, null while our server is not listening yet. */
  webhookUrl: () => string | null;
  /** Where to post Stripe events (our `/api/webhooks/stripe`); asked at send time like `webhookUrl`. */
  stripeWebhookUrl?: () => string | null;
  logger?: Logger;
}

/** What a simulated inbound call started: the vendor's conversation, and the Twilio call when a number carried it. */
export interface SimulatedCall {
  conversationId: string;
  callSid: string | null;
}

/** Where each emulator answers and with which credentials: what the adapters are pointed at. */
export interface SandboxEndpoints {
  elevenlabs: { baseUrl: string; apiKey: string; webhookSecret: string };
  twilio: { baseUrl: string; accountSid: string; authToken: string };
  stripe: {
    /** For `new Stripe(secretKey, { host, port, protocol })`. */
    host: string;
    port: number;
    protocol: 'http' | 'https';
    baseUrl: string;
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
  };
}

/** What the server asks of a sandbox, embedded in it or running as a process of its own. */
export interface SandboxControl extends SandboxEndpoints {
  /** A caller rings an imported number (or an agent directly); the conversation and webhook follow. */
  simulateInboundCall(request: InboundCallRequest): SimulatedCall | Promise<SimulatedCall>;
  /**
   * Conversations that already happened (the demo's history), stored at the voice emulator as finished, with their
   * recordings, in bulk: no call runs and no webhook is sent.
   */
  importConversations(conversations: readonly WireConversation[]): void | Promise<void>;
  /** Forgets conversations at the voice emulator in bulk (the demo's reset); resolves to how many it had. */
  deleteConversations(conversationIds: readonly string[]): number | Promise<number>;
}

/** The sandbox inside this process. */
export interface Sandbox extends SandboxControl {
  stripe: SandboxEndpoints['stripe'] & {
    /** Moves a test clock forward and runs what falls due (renewal invoices, charges, events), as the API's advance. */
    advanceTestClock(clockId: string, frozenTime: number): void;
  };
  simulateInboundCall(request: InboundCallRequest): SimulatedCall;
  importConversations(conversations: readonly WireConversation[]): void;
  deleteConversations(conversationIds: readonly string[]): number;
  close(): Promise<void>;
}

/** The three emulators on one store, not yet listening: the embedded sandbox and the standalone one serve them. */
export interface SandboxEmulators {
  apps: { elevenlabs: Koa; twilio: Koa; stripe: Koa };
  credentials: {
    elevenlabs: { apiKey: string; webhookSecret: string };
    twilio: { accountSid: string; authToken: string };
    stripe: { secretKey: string; publishableKey: string; webhookSecret: string };
  };
  /** Where the Stripe emulator says it answers (portal and hosted-page links). */
  setStripeBaseUrl(baseUrl: string): void;
  advanceTestClock(clockId: string, frozenTime: number): void;
  simulateInboundCall(request: InboundCallRequest): SimulatedCall;
  importConversations(conversations: readonly WireConversation[]): void;
  deleteConversations(conversationIds: readonly string[]): number;
  /** Stops timers and deliveries, then closes the store. */
  close(): void;
}

export function createSandboxEmulators(options: SandboxOptions): SandboxEmulators {
  const { logger } = options;
  const store = openSandboxStore(options.dataDir);
  const webhookSecret = store.setting('elevenlabs.webhook_secret', () => `wsec_${randomBytes(24).toString('hex')}`);
  const webhooks = createWebhookDelivery({
    vendor: 'elevenlabs',
    store,
    secret: webhookSecret,
    url: options.webhookUrl,
    logger,
  });
  const twilio = createTwilioEmulator({ store, callDelayMs: options.callDelayMs, logger });
  const calls = createCallSimulator({ store, callDelayMs: options.callDelayMs, webhooks, telephony: twilio, logger });
  const elevenlabs = createElevenLabsEmulator({ store, calls, twilio: twilio.account, logger });
  const stripe = createStripeEmulator({
    store,
    webhooks: (secret) =>
      createWebhookDelivery({ vendor: 'stripe', store, secret, url: options.stripeWebhookUrl ?? (() => null), logger }),
    logger,
  });
  return {
    apps: { elevenlabs: elevenlabs.app, twilio: twilio.app, stripe: stripe.app },
    credentials: {
      elevenlabs: { apiKey: elevenlabs.apiKey, webhookSecret },
      twilio: { accountSid: twilio.account.accountSid, authToken: twilio.account.authToken },
      stripe: stripe.keys,
    },
    setStripeBaseUrl: (baseUrl) => stripe.setBaseUrl(baseUrl),
    advanceTestClock: (clockId, frozenTime) => void stripe.advanceTestClock(clockId, frozenTime),
    simulateInboundCall: (request) => elevenlabs.simulateInboundCall(request),
    importConversations: (conversations) => calls.importFinished(conversations),
    deleteConversations: (conversationIds) => calls.deleteMany(conversationIds),
    close() {
      elevenlabs.close();
      calls.close();
      twilio.close();
      webhooks.close();
      stripe.close();
      store.close();
    },
  };
}

/** The Stripe SDK takes an origin as host, port and protocol (it has no base-URL option). */
export function stripeEndpoint(baseUrl: string): Pick<SandboxEndpoints['stripe'], 'host' | 'port' | 'protocol'> {
  const url = new URL(baseUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { host: url.hostname, port: Number(url.port || (protocol === 'https' ? 443 : 80)), protocol };
}

/** Starts the ElevenLabs, Twilio and Stripe emulators on loopback ports, with credentials kept in their store. */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const emulators = createSandboxEmulators(options);
  const { apps, credentials } = emulators;
  const [elevenlabsServer, twilioServer, stripeServer] = await Promise.all([
    listenOnLoopback(apps.elevenlabs),
    listenOnLoopback(apps.twilio),
    listenOnLoopback(apps.stripe),
  ]);
  emulators.setStripeBaseUrl(stripeServer.baseUrl);
  options.logger?.info(
    {
      elevenlabs: elevenlabsServer.baseUrl,
      twilio: twilioServer.baseUrl,
      stripe: stripeServer.baseUrl,
      dataDir: options.dataDir,
    },
    'sandbox listening',
  );

  return {
    elevenlabs: { baseUrl: elevenlabsServer.baseUrl, ...credentials.elevenlabs },
    twilio: { baseUrl: twilioServer.baseUrl, ...credentials.twilio },
    stripe: {
      ...stripeEndpoint(stripeServer.baseUrl),
      baseUrl: stripeServer.baseUrl,
      ...credentials.stripe,
      advanceTestClock: emulators.advanceTestClock,
    },
    simulateInboundCall: emulators.simulateInboundCall,
    importConversations: emulators.importConversations,
    deleteConversations: emulators.deleteConversations,
    async close() {
      await Promise.all([elevenlabsServer.close(), twilioServer.close(), stripeServer.close()]);
      emulators.close();
    },
  };
}
