import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Logger } from 'pino';
import { DomainError } from '../domain/domain-error';
import { createSandboxEmulators, type SandboxEmulators, type SandboxOptions, type WireConversation } from './index';

/**
 * One origin serves every vendor, as the SDKs reach it: Stripe's at the root (its SDK takes a host and port, never a
 * path), ElevenLabs' and Twilio's under their prefix (their adapters take a base URL with a path), and the sandbox's
 * own control routes under /sandbox.
 */
export const STANDALONE_PREFIXES = { elevenlabs: '/elevenlabs', twilio: '/twilio', control: '/sandbox' } as const;

/** The control routes the server and workers call (no vendor has them). */
export const CONTROL_PATHS = {
  credentials: `${STANDALONE_PREFIXES.control}/credentials`,
  inboundCalls: `${STANDALONE_PREFIXES.control}/inbound-calls`,
  /** POST a list of finished conversations to store (the demo's history). */
  conversations: `${STANDALONE_PREFIXES.control}/conversations`,
  /** POST `{ conversationIds }` to forget them. */
  conversationDeletions: `${STANDALONE_PREFIXES.control}/conversation-deletions`,
} as const;

export interface StandaloneSandboxOptions extends Omit<SandboxOptions, 'webhookUrl' | 'stripeWebhookUrl'> {
  host: string;
  port: number;
  /** The Parley server's address: ElevenLabs and Stripe events go to its `/api/webhooks/…`. */
  parleyUrl: string;
  webhookPaths: { elevenlabs: string; stripe: string };
}

export interface StandaloneSandbox {
  /** Where the sandbox answers: what SANDBOX_URL names. */
  url: string;
  close(): Promise<void>;
}

/**
 * The sandbox's own routes: the credentials its vendors' accounts were given (so that a server and its workers need
 * only SANDBOX_URL), and a simulated inbound call. The sandbox listens on loopback unless told otherwise: like a test
 * account's dashboard, these routes are open to whoever can reach it.
 */
function controlApp(emulators: SandboxEmulators, logger?: Logger): Koa {
  const router = new Router();
  router.get(CONTROL_PATHS.credentials, (ctx) => {
    ctx.body = emulators.credentials;
  });
  router.post(CONTROL_PATHS.inboundCalls, (ctx) => {
    ctx.body = emulators.simulateInboundCall(ctx.request.body as Parameters<typeof emulators.simulateInboundCall>[0]);
  });
  router.post(CONTROL_PATHS.conversations, (ctx) => {
    const conversations: unknown = ctx.request.body;
    if (!Array.isArray(conversations)) throw new DomainError('VALIDATION_FAILED', 'Send a list of conversations');
    emulators.importConversations(conversations as WireConversation[]);
    ctx.body = { imported: conversations.length };
  });
  router.post(CONTROL_PATHS.conversationDeletions, (ctx) => {
    const { conversationIds } = (ctx.request.body ?? {}) as { conversationIds?: unknown };
    if (!Array.isArray(conversationIds) || conversationIds.some((id) => typeof id !== 'string')) {
      throw new DomainError('VALIDATION_FAILED', 'Send conversationIds, a list of conversation ids');
    }
    ctx.body = { deleted: emulators.deleteConversations(conversationIds as string[]) };
  });
  const app = new Koa();
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!(error instanceof DomainError)) {
        logger?.error({ err: error, path: ctx.path }, 'sandbox control request failed');
        throw error;
      }
      ctx.status = 422;
      ctx.body = { code: error.code, message: error.message };
    }
  });
  app.use(bodyParser({ enableTypes: ['json'] }));
  app.use(router.routes());
  return app;
}

/** Which app answers a path, and the path it sees (its prefix taken off). */
function dispatcher(emulators: SandboxEmulators, control: Koa): http.RequestListener {
  const handlers = {
    elevenlabs: emulators.apps.elevenlabs.callback(),
    twilio: emulators.apps.twilio.callback(),
    stripe: emulators.apps.stripe.callback(),
    control: control.callback(),
  };
  return (request, response) => {
    const url = request.url ?? '/';
    for (const vendor of ['elevenlabs', 'twilio'] as const) {
      const prefix = STANDALONE_PREFIXES[vendor];
      if (url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`)) {
        request.url = url.slice(prefix.length) || '/';
        return void handlers[vendor](request, response);
      }
    }
    if (url.startsWith(`${STANDALONE_PREFIXES.control}/`)) return void handlers.control(request, response);
    return void handlers.stripe(request, response);
  };
}

/** `npm run sandbox`: the vendors' emulators alone, on one port, delivering their webhooks to a Parley server. */
export async function startStandaloneSandbox(options: StandaloneSandboxOptions): Promise<StandaloneSandbox> {
  const parley = options.parleyUrl.replace(/\/+$/, '');
  const emulators = createSandboxEmulators({
    ...options,
    webhookUrl: () => `${parley}${options.webhookPaths.elevenlabs}`,
    stripeWebhookUrl: () => `${parley}${options.webhookPaths.stripe}`,
  });
  const server = http.createServer(dispatcher(emulators, controlApp(emulators, options.logger)));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    emulators.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  emulators.setStripeBaseUrl(url);
  options.logger?.info({ url, dataDir: options.dataDir, parley }, 'sandbox listening');
  return {
    url,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      emulators.close();
    },
  };
}
