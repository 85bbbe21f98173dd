import { randomBytes } from 'node:crypto';
import Koa from 'koa';
import Router from '@koa/router';
import cors from '@koa/cors';
import type { Logger } from 'pino';
import type { SandboxStore } from '../sandbox.store';
import { stripeId } from '../vendor-ids';
import type { WebhookDelivery } from '../webhook.delivery';
import { closeDuePeriods } from './billing-cycle';
import { billingMeterRoutes } from './billing-meters.routes';
import { billingPortalPages, billingPortalRoutes } from './billing-portal.routes';
import { customerRoutes } from './customers.routes';
import { eventRoutes } from './events.routes';
import { decodeStripeForm, FormDecodingError } from './form-data';
import { invoiceRoutes } from './invoices.routes';
import { paymentMethodRoutes } from './payment-methods.routes';
import { priceRoutes } from './prices.routes';
import { productRoutes } from './products.routes';
import { setupIntentRoutes } from './setup-intents.routes';
import {
  errorBody,
  expandResponse,
  invalidRequest,
  Params,
  sendError,
  StripeRequestError,
  type StripeObject,
} from './stripe.http';
import type { StripeRequestState, StripeRoute } from './stripe.request';
import { createStripeState, STRIPE_API_VERSION, type StripeKeys, type StripeState } from './stripe.state';
import { subscriptionRoutes } from './subscriptions.routes';
import { advanceTestClock, testClockRoutes } from './test-clocks.routes';

/** Every operation the Stripe emulator serves, one table per vendor resource. */
export const STRIPE_ROUTES: readonly StripeRoute[] = [
  ...customerRoutes,
  ...setupIntentRoutes,
  ...paymentMethodRoutes,
  ...productRoutes,
  ...priceRoutes,
  ...billingMeterRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
  ...billingPortalRoutes,
  ...testClockRoutes,
  ...eventRoutes,
];

/** The routes Stripe.js calls with the publishable key: card entry in the browser. */
const PUBLISHABLE_ROUTES = new Set([
  'GET /v1/setup_intents/:id',
  'POST /v1/setup_intents/:id/confirm',
  'POST /v1/payment_methods',
]);

const MAX_BODY_BYTES = 1024 * 1024;
/** What Stripe.js sends to authenticate rather than to ask for something. */
const AUTH_PARAMS = ['key', 'client_secret'];
/** How often periods of customers without a test clock are checked against the wall clock. */
const WALL_CLOCK_TICK_MS = 60_000;

export interface StripeEmulator {
  app: Koa;
  keys: StripeKeys;
  /** Tells the emulator its own origin once it listens (the portal's URLs point there). */
  setBaseUrl(baseUrl: string): void;
  advanceTestClock(clockId: string, frozenTime: number): StripeObject;
  close(): void;
}

async function readBody(req: Koa.Request['req']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw invalidRequest('The request body is too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const unauthorized = (message: string) => new StripeRequestError(401, { type: 'invalid_request_error', message });

const masked = (key: string) => `${key.slice(0, 8)}${'*'.repeat(Math.max(key.length - 12, 0))}${key.slice(-4)}`;

/**
 * Authenticates with the secret key (`Authorization: Bearer sk_…`, or Basic with the key as user) or, for the
 * routes Stripe.js calls, with the publishable key in the header or in the body's `key`.
 */
function authenticate(ctx: Koa.Context, keys: StripeKeys, params: Params): boolean {
  const header = ctx.get('authorization');
  const [scheme = '', credential = ''] = header.split(' ');
  const key = /^bearer$/i.test(scheme)
    ? credential
    : /^basic$/i.test(scheme)
      ? Buffer.from(credential, 'base64').toString('utf8').split(':')[0]
      : params.string('key');
  if (!key) {
    throw unauthorized(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (key === keys.secretKey) return false;
  if (key === keys.publishableKey) return true;
  throw unauthorized(`Invalid API Key provided: ${masked(key)}`);
}

/** Replays a POST made again with the same `Idempotency-Key`, and refuses the key with other parameters. */
function idempotency(state: StripeState): Koa.Middleware {
  return async (ctx, next) => {
    const key = ctx.get('idempotency-key');
    if (ctx.method !== 'POST' || !key) return next();
    const fingerprint = `${ctx.method} ${ctx.path} ${(ctx.state as { rawBody: string }).rawBody}`;
    const stored = state.idempotency.get(key);
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        throw new StripeRequestError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      ctx.set('Idempotent-Replayed', 'true');
      ctx.status = stored.status;
      ctx.body = stored.body;
      return;
    }
    await next();
    if (ctx.status < 500) state.idempotency.put(key, { fingerprint, status: ctx.status, body: ctx.body });
  };
}

function mount(router: Router, routes: readonly StripeRoute[], state: StripeState): void {
  for (const route of routes) {
    const signature = `${route.method.toUpperCase()} ${route.path}`;
    router[route.method](route.path, (ctx) => {
      const request = ctx.state as StripeRequestState;
      if (request.publishable && !PUBLISHABLE_ROUTES.has(signature)) {
        throw unauthorized('This API call cannot be made with a publishable API key. Please use a secret API key.');
      }
      // One request is one unit: a refused request leaves nothing behind.
      if (route.method === 'get') void route.handle(ctx, state);
      else state.store.transaction(() => void route.handle(ctx, state));
      if (ctx.status < 300 && typeof ctx.body === 'object' && ctx.body !== null) {
        ctx.body = expandResponse(ctx.body, request.params.expand(), state.lookup);
      }
      const ignored = request.params.unread().filter((key) => !AUTH_PARAMS.includes(key));
      if (ignored.length > 0) {
        state.logger?.warn({ route: signature, ignored }, 'stripe sandbox: parameters the emulator does not reproduce');
      }
    });
  }
}

/**
 * Stripe's v1 API as the `stripe` SDK speaks it (form bodies, list objects, error bodies, `expand`, idempotency),
 * with state in the sandbox store and events signed and posted to our webhook.
 */
export function createStripeEmulator(options: {
  store: SandboxStore;
  webhooks: (secret: string) => WebhookDelivery;
  logger?: Logger;
}): StripeEmulator {
  const { store, logger } = options;
  const keys: StripeKeys = {
    secretKey: store.setting('stripe.secret_key', () => `sk_test_${randomBytes(24).toString('base64url')}`),
    publishableKey: store.setting('stripe.publishable_key', () => `pk_test_${randomBytes(24).toString('base64url')}`),
    webhookSecret: store.setting('stripe.webhook_secret', () => `whsec_${randomBytes(24).toString('hex')}`),
  };
  const webhooks = options.webhooks(keys.webhookSecret);
  let baseUrl = '';
  const state = createStripeState({ store, keys, webhooks, baseUrl: () => baseUrl, logger });

  const router = new Router();
  mount(router, STRIPE_ROUTES, state);
  const portal = billingPortalPages(state);

  const app = new Koa();
  app.use(async (ctx, next) => {
    ctx.set('Request-Id', stripeId('req_', 14));
    ctx.set('Stripe-Version', ctx.get('stripe-version') || STRIPE_API_VERSION);
    try {
      await next();
    } catch (error) {
      if (error instanceof StripeRequestError) return sendError(ctx, error);
      if (error instanceof FormDecodingError) return sendError(ctx, invalidRequest(error.message, error.param));
      logger?.error({ err: error, path: ctx.path }, 'stripe sandbox: request failed');
      ctx.status = 500;
      ctx.body = errorBody(new StripeRequestError(500, { type: 'api_error', message: 'An unknown error occurred' }));
    }
  });
  // Stripe.js calls the API from the browser with the publishable key.
  app.use(cors({ allowHeaders: ['Authorization', 'Content-Type', 'Stripe-Version', 'Idempotency-Key'] }));
  app.use(async (ctx, next) => {
    const rawBody = ctx.method === 'POST' ? await readBody(ctx.req) : '';
    const params = new Params(decodeStripeForm(ctx.method === 'POST' ? rawBody : ctx.querystring));
    Object.assign(ctx.state, { rawBody, params });
    await next();
  });
  app.use(portal.routes());
  app.use(async (ctx, next) => {
    (ctx.state as StripeRequestState).publishable = authenticate(ctx, keys, (ctx.state as StripeRequestState).params);
    await next();
  });
  app.use(idempotency(state));
  app.use(router.routes());
  app.use((ctx) => {
    throw new StripeRequestError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${ctx.method}: ${ctx.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  });

  const tick = () => {
    try {
      closeDuePeriods(state, null);
    } catch (error) {
      logger?.error({ err: error }, 'stripe sandbox: closing due periods failed');
    }
  };
  tick();
  const timer = setInterval(tick, WALL_CLOCK_TICK_MS);
  timer.unref();

  return {
    app,
    keys,
    setBaseUrl(url) {
      baseUrl = url;
    },
    advanceTestClock: (clockId, frozenTime) => store.transaction(() => advanceTestClock(state, clockId, frozenTime)),
    close() {
      clearInterval(timer);
      webhooks.close();
    },
  };
}
