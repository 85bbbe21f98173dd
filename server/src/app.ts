import Koa from 'koa';
import Router from '@koa/router';
import cors from '@koa/cors';
import { bodyParser } from '@koa/bodyparser';
import { API_PREFIX } from '@shared/api/routes';
import type { AppDeps } from './app-deps';
import { createAccessTokenSigner, createGuards, type AppState, type Guards } from './http/auth.middleware';
import { compressResponses } from './http/compression.middleware';
import { errorMiddleware } from './http/error.middleware';
import { guardPathParams, inputGuard } from './http/input-guard.middleware';
import { serializeJsonOnce } from './http/json-body.middleware';
import { methodNotAllowed } from './http/method-not-allowed.middleware';
import { requestMiddleware, securityHeaders } from './http/request.middleware';
import { staticRenderer } from './http/static.middleware';
import { adminRoutes } from './modules/admin/admin.routes';
import { agentTemplatesRoutes } from './modules/agent-templates/agent-templates.routes';
import { agentsRoutes } from './modules/agents/agents.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { callsRoutes } from './modules/calls/calls.routes';
import { machineVerdictsRoutes } from './modules/calls/machine-verdicts.routes';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { dataPolicyRoutes } from './modules/data-policy/data-policy.routes';
import { doNotCallRoutes } from './modules/do-not-call/do-not-call.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { dialerRoutes } from './modules/dialer/dialer.routes';
import { operationsRoutes } from './modules/operations/operations.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { healthRoutes } from './modules/health/health.routes';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { openApiRoutes } from './modules/openapi/openapi.routes';
import { phoneNumbersRoutes } from './modules/phone-numbers/phone-numbers.routes';
import { plansRoutes } from './modules/plans/plans.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { tenantsRoutes } from './modules/tenants/tenants.routes';
import { testSupportRoutes } from './modules/test-support/test-support.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { usageRoutes } from './modules/usage/usage.routes';
import { usersRoutes } from './modules/users/users.routes';
import { voicesRoutes } from './modules/voices/voices.routes';
import { callbacksRoutes } from './modules/callbacks/callbacks.routes';
import { createServices, type Services } from './services';

/** A module's routes: built from the app's dependencies, the shared guards and the services they call. */
export type RoutesFactory = (deps: AppDeps, guards: Guards, services: Services) => Router<AppState>;

const API_MODULES: RoutesFactory[] = [
  healthRoutes,
  authRoutes,
  tenantsRoutes,
  dataPolicyRoutes,
  billingRoutes,
  invitationsRoutes,
  testSupportRoutes,
  voicesRoutes,
  agentTemplatesRoutes,
  agentsRoutes,
  phoneNumbersRoutes,
  uploadsRoutes,
  statsRoutes,
  callsRoutes,
  dialerRoutes,
  machineVerdictsRoutes,
  operationsRoutes,
  eventsRoutes,
  adminRoutes,
  usageRoutes,
  plansRoutes,
  campaignsRoutes,
  contactsRoutes,
  doNotCallRoutes,
  callbacksRoutes,
  usersRoutes,
  apiKeysRoutes,
  webhooksRoutes,
  openApiRoutes,
];

/** The origin of the desktop console's renderer, always allowed in addition to configured origins. */
export const DESKTOP_ORIGIN = 'app://parley';

export interface BuiltApp {
  app: Koa<AppState>;
  /** The API router, for tests that check every route against the role matrix. */
  apiRouter: Router<AppState>;
  guards: Guards;
  /** The services the routes call. */
  services: Services;
}

/**
 * Builds the Koa app from its dependencies and the services the runtime built (a second instance on the same
 * dependencies builds its own); it holds no state of its own and listens only when told.
 */
export function createApp(deps: AppDeps, services: Services = createServices(deps)): BuiltApp {
  const app = new Koa<AppState>();
  app.proxy = deps.config.trustProxy;
  const guards = createGuards(deps, createAccessTokenSigner(deps), services.apiKeys);

  const apiRouter = new Router<AppState>({ prefix: API_PREFIX });
  for (const factory of API_MODULES) apiRouter.use(factory(deps, guards, services).routes());
  guardPathParams(apiRouter);

  const allowedOrigins = new Set(
    [DESKTOP_ORIGIN, ...deps.config.corsOrigins.split(',')].map((origin) => origin.trim()).filter(Boolean),
  );

  app.use(requestMiddleware(deps.logger));
  app.use(securityHeaders(deps.payments.sandboxApiBase && new URL(deps.payments.sandboxApiBase).origin));
  app.use(compressResponses());
  app.use(serializeJsonOnce());
  app.use(errorMiddleware(deps.logger));
  app.use(
    cors({
      origin: (ctx) => {
        const origin = ctx.get('origin');
        return allowedOrigins.has(origin) ? origin : '';
      },
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', 'X-API-Key', 'Last-Event-ID'],
      exposeHeaders: ['X-Request-Id', 'Retry-After'],
      maxAge: 600,
    }),
  );
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: '1mb',
      encoding: 'utf-8',
      onError: (error) => {
        throw Object.assign(error, { status: (error as { status?: number }).status ?? 400 });
      },
    }),
  );
  app.use(inputGuard());
  app.use(apiRouter.routes());
  app.use(methodNotAllowed(apiRouter));
  if (deps.config.serveRenderer) app.use(staticRenderer(deps.config.rendererDir));

  return { app, apiRouter, guards, services };
}
