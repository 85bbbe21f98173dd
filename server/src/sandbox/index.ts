import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { createCallSimulator } from './call.simulator';
import { createElevenLabsEmulator } from './elevenlabs/elevenlabs.emulator';
import type { InboundCallRequest } from './elevenlabs/calls.routes';
import { listenOnLoopback } from './sandbox.server';
import { openSandboxStore } from './sandbox.store';
import { createStripeEmulator } from './stripe/stripe.emulator';
import { createTwilioEmulator } from './twilio/twilio.emulator';
import { createWebhookDelivery } from './webhook.delivery';

export { OUTBOUND_OUTCOME_BY_LAST_DIGIT } from './call-script';
export type { InboundCallRequest } from './elevenlabs/calls.routes';

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

export interface Sandbox {
  elevenlabs: { baseUrl: string; apiKey: string; webhookSecret: string };
  twilio: { baseUrl: string; accountSid: string; authToken: string };
  stripe: {
    /** For `new Stripe(secretKey, { host, port, protocol })`. */
    host: string;
    port: number;
    protocol: 'http';
    baseUrl: string;
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    /** Moves a test clock forward and runs what falls due (renewal invoices, charges, events), as the API's advance. */
    advanceTestClock(clockId: string, frozenTime: number): void;
  };
  /** A caller rings an imported number (or an agent directly); the conversation and webhook follow. */
  simulateInboundCall(request: InboundCallRequest): { conversationId: string; callSid: string | null };
  close(): Promise<void>;
}

/** Starts the ElevenLabs, Twilio and Stripe emulators on loopback ports, with credentials kept in their store. */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
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
  const [elevenlabsServer, twilioServer, stripeServer] = await Promise.all([
    listenOnLoopback(elevenlabs.app),
    listenOnLoopback(twilio.app),
    listenOnLoopback(stripe.app),
  ]);
  stripe.setBaseUrl(stripeServer.baseUrl);
  const stripeAddress = new URL(stripeServer.baseUrl);
  logger?.info(
    {
      elevenlabs: elevenlabsServer.baseUrl,
      twilio: twilioServer.baseUrl,
      stripe: stripeServer.baseUrl,
      dataDir: options.dataDir,
    },
    'sandbox listening',
  );

  return {
    elevenlabs: { baseUrl: elevenlabsServer.baseUrl, apiKey: elevenlabs.apiKey, webhookSecret },
    twilio: {
      baseUrl: twilioServer.baseUrl,
      accountSid: twilio.account.accountSid,
      authToken: twilio.account.authToken,
    },
    stripe: {
      host: stripeAddress.hostname,
      port: Number(stripeAddress.port),
      protocol: 'http',
      baseUrl: stripeServer.baseUrl,
      ...stripe.keys,
      advanceTestClock: (clockId, frozenTime) => void stripe.advanceTestClock(clockId, frozenTime),
    },
    simulateInboundCall: (request) => elevenlabs.simulateInboundCall(request),
    async close() {
      elevenlabs.close();
      calls.close();
      twilio.close();
      webhooks.close();
      stripe.close();
      await Promise.all([elevenlabsServer.close(), twilioServer.close(), stripeServer.close()]);
      store.close();
    },
  };
}
