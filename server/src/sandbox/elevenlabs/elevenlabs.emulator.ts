import { randomBytes } from 'node:crypto';
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Logger } from 'pino';
import type { CallSimulator } from '../call.simulator';
import { mountRoutes, type EmulatorRoute } from '../emulator-route';
import { vendorErrors } from '../sandbox.server';
import type { SandboxStore } from '../sandbox.store';
import type { TwilioAccount } from '../twilio/twilio.emulator';
import { agentRoutes } from './agents.routes';
import { batchCallingRoutes, dispatchDueBatches } from './batch-calling.routes';
import { callRoutes, simulateInboundCall, type InboundCallRequest } from './calls.routes';
import { conversationRoutes } from './conversations.routes';
import { detailError } from './elevenlabs.http';
import { openElevenLabsState, type ElevenLabsState } from './elevenlabs.state';
import { knowledgeBaseRoutes } from './knowledge-base.routes';
import { phoneNumberRoutes } from './phone-numbers.routes';
import { settingsRoutes } from './settings.routes';
import { voiceRoutes } from './voices.routes';

/** Every operation the ElevenLabs emulator serves, one table per vendor resource. */
export const ELEVENLABS_ROUTES: ReadonlyArray<EmulatorRoute<ElevenLabsState>> = [
  ...agentRoutes,
  ...knowledgeBaseRoutes,
  ...voiceRoutes,
  ...phoneNumberRoutes,
  ...callRoutes,
  ...batchCallingRoutes,
  ...conversationRoutes,
  ...settingsRoutes,
];

export interface ElevenLabsEmulator {
  app: Koa;
  apiKey: string;
  simulateInboundCall(request: InboundCallRequest): { conversationId: string; callSid: string | null };
  /** Stops dispatching batch calls. */
  close(): void;
}

/** How often due batch-call recipients are dialled. */
const BATCH_DISPATCH_MS = 500;

/**
 * The ElevenLabs Agents Platform API as providers.md §1 describes it: agents, knowledge base, voices, imported
 * Twilio numbers, conversations and outbound calls, with the vendor's paths, snake_case fields and errors.
 */
export function createElevenLabsEmulator(options: {
  store: SandboxStore;
  calls: CallSimulator;
  twilio: TwilioAccount;
  logger?: Logger;
}): ElevenLabsEmulator {
  const state = openElevenLabsState(options);
  const apiKey = options.store.setting('elevenlabs.api_key', () => `sk_sandbox_${randomBytes(20).toString('hex')}`);
  const app = new Koa();

  app.use(
    vendorErrors(
      'elevenlabs',
      {
        invalid: (ctx, error) => {
          ctx.status = 422;
          ctx.body = { detail: [{ loc: ['body'], msg: (error as Error).message, type: 'value_error' }] };
        },
        internal: (ctx) => {
          ctx.status = 500;
          ctx.body = { detail: 'Internal Server Error' };
        },
      },
      options.logger,
    ),
  );
  app.use(async (ctx, next) => {
    const key = ctx.get('xi-api-key');
    if (key !== apiKey) {
      detailError(ctx, 401, 'invalid_api_key', key ? 'Invalid API key' : 'Missing API key');
      return;
    }
    await next();
  });
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '5mb' }));
  app.use(mountRoutes(new Router(), ELEVENLABS_ROUTES, state).routes());
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = { detail: 'Not Found' };
  });

  const dispatcher = setInterval(() => {
    try {
      dispatchDueBatches(state);
    } catch (error) {
      options.logger?.warn({ err: error }, 'elevenlabs sandbox: batch dispatch failed');
    }
  }, BATCH_DISPATCH_MS);
  dispatcher.unref();

  return {
    app,
    apiKey,
    simulateInboundCall: (request) => simulateInboundCall(state, request),
    close: () => clearInterval(dispatcher),
  };
}
