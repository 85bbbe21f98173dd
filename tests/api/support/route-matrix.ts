import { API_PREFIX, API_ROUTES, apiRoutes, type ApiRoute, type HttpMethod } from '@shared/api/routes';

/**
 * Who may call each API route. Rows name routes of the contract (shared/api/routes.ts); every route the server
 * registers must have a row and every row must be registered (route-matrix.api.test.ts walks the router).
 *
 * access: the lowest role that may call it — 'public' needs no token; 'user' any signed-in tenant member;
 * 'admin' tenant admins and superadmins; 'superadmin' platform superadmins only.
 * tenant: the route needs a tenant (a superadmin without one gets 404).
 * billing: the route is behind the billing gate (402 when the tenant's billing is not usable).
 */
export type Access = 'public' | 'user' | 'admin' | 'superadmin';

export interface RouteRule {
  method: HttpMethod | 'HEAD';
  /** The pattern as the router lists it, prefix included: /api/agents/:id */
  path: string;
  access: Access;
  tenant: boolean;
  billing: boolean;
}

const keyOf = (method: string, route: ApiRoute) => `${method} ${API_PREFIX}${route.pattern}`;

const rule = <R extends ApiRoute>(
  route: R,
  method: R['methods'][number],
  access: Access,
  tenant = access !== 'public',
  billing = false,
): RouteRule => ({ method, path: `${API_PREFIX}${route.pattern}`, access, tenant, billing });

const { agents, auth, campaigns, contacts, doNotCall, phoneNumbers, testSupport, uploads } = apiRoutes;

export const ROUTE_MATRIX: RouteRule[] = [
  rule(apiRoutes.health, 'GET', 'public'),
  rule(auth.login, 'POST', 'public'),
  rule(auth.register, 'POST', 'public'),
  rule(auth.refresh, 'POST', 'public'),
  rule(auth.forgotPassword, 'POST', 'public'),
  rule(auth.resetPassword, 'POST', 'public'),
  rule(auth.verifyEmail, 'POST', 'public'),
  rule(auth.resendVerification, 'POST', 'user', false),
  rule(auth.logout, 'POST', 'user', false),
  rule(auth.status, 'GET', 'user', false),
  rule(apiRoutes.tenant.current, 'GET', 'user'),
  rule(apiRoutes.tenant.plan, 'GET', 'user'),
  // Billing, usage and plans: outside the billing gate, since they are how a tenant gets through it.
  rule(apiRoutes.billing.status, 'GET', 'user'),
  rule(apiRoutes.billing.setupIntent, 'POST', 'admin'),
  rule(apiRoutes.billing.confirmPaymentMethod, 'POST', 'admin'),
  rule(apiRoutes.billing.subscription, 'GET', 'user'),
  rule(apiRoutes.billing.subscription, 'POST', 'admin'),
  rule(apiRoutes.billing.cancelSubscription, 'POST', 'admin'),
  rule(apiRoutes.billing.createPortalSession, 'POST', 'admin'),
  rule(apiRoutes.billing.customerPortal, 'POST', 'admin'),
  rule(apiRoutes.usage.limits, 'GET', 'user'),
  rule(apiRoutes.usage.current, 'GET', 'user'),
  rule(apiRoutes.usage.history, 'GET', 'user'),
  rule(apiRoutes.plans.list, 'GET', 'user', false),
  rule(apiRoutes.plans.visible, 'GET', 'user', false),
  rule(apiRoutes.webhooks.stripe, 'POST', 'public'),
  rule(apiRoutes.invitations.byToken, 'GET', 'public'),
  // Voice agents, phone numbers, uploads, stats and the voice provider's webhook.
  rule(apiRoutes.voices.list, 'GET', 'user', false),
  rule(apiRoutes.agentTemplates.list, 'GET', 'user', false),
  rule(agents.collection, 'GET', 'user', true, true),
  rule(agents.collection, 'POST', 'admin', true, true),
  rule(agents.byId, 'GET', 'user', true, true),
  rule(agents.byId, 'PATCH', 'admin', true, true),
  rule(agents.byId, 'DELETE', 'admin', true, true),
  rule(agents.stats, 'GET', 'user', true, true),
  rule(agents.syncCalls, 'POST', 'user', true, true),
  rule(agents.simulateCall, 'POST', 'admin', true, true),
  rule(apiRoutes.stats.dashboard, 'GET', 'user', true, true),
  rule(phoneNumbers.list, 'GET', 'user', true, true),
  rule(phoneNumbers.billing, 'GET', 'user', true, true),
  rule(phoneNumbers.available, 'GET', 'user', true, true),
  rule(phoneNumbers.purchase, 'POST', 'admin', true, true),
  rule(uploads.create, 'POST', 'admin', true, true),
  rule(uploads.byId, 'GET', 'user', true, true),
  rule(apiRoutes.webhooks.elevenlabs, 'POST', 'public'),
  // The dialer.
  rule(apiRoutes.dialer.attempts, 'GET', 'user', true, true),
  rule(apiRoutes.dialer.preview, 'GET', 'user', true, true),
  rule(apiRoutes.dialer.progress, 'GET', 'user', true, true),
  rule(apiRoutes.dialer.analytics, 'GET', 'user', true, true),
  rule(apiRoutes.dialer.batchCalls, 'POST', 'admin', true, true),
  rule(apiRoutes.dialer.quietHours, 'GET', 'superadmin', false),
  // Calls, re-analysis and the live event stream. The stream has no billing gate: a tenant whose
  // payment failed must still hear billing.status_changed.
  rule(apiRoutes.calls.list, 'GET', 'user', true, true),
  rule(apiRoutes.calls.analytics, 'GET', 'user', true, true),
  rule(apiRoutes.calls.byId, 'GET', 'user', true, true),
  rule(apiRoutes.calls.recording, 'GET', 'user', true, true),
  rule(apiRoutes.analysisRuns.collection, 'POST', 'admin', true, true),
  rule(apiRoutes.analysisRuns.byId, 'GET', 'admin', true, true),
  rule(apiRoutes.events.stream, 'GET', 'user'),
  // Platform administration.
  rule(apiRoutes.admin.overview, 'GET', 'superadmin', false),
  rule(apiRoutes.admin.tenantsBilling, 'GET', 'superadmin', false),
  rule(apiRoutes.admin.tenantBilling, 'PATCH', 'superadmin', false),
  rule(apiRoutes.admin.tenantSyncUsage, 'POST', 'superadmin', false),
  rule(apiRoutes.admin.plans, 'GET', 'superadmin', false),
  rule(apiRoutes.admin.plans, 'POST', 'superadmin', false),
  rule(apiRoutes.admin.planById, 'PUT', 'superadmin', false),
  rule(apiRoutes.admin.planSync, 'POST', 'superadmin', false),
  // Team, invitations and API keys: the tenant's admins, outside the billing gate; the public API document.
  rule(apiRoutes.tenant.invite, 'POST', 'admin'),
  rule(apiRoutes.team.members, 'GET', 'admin'),
  rule(apiRoutes.team.member, 'PATCH', 'admin'),
  rule(apiRoutes.team.member, 'DELETE', 'admin'),
  rule(apiRoutes.team.invitation, 'DELETE', 'admin'),
  rule(apiRoutes.team.resendInvitation, 'POST', 'admin'),
  rule(apiRoutes.apiKeys.collection, 'GET', 'admin'),
  rule(apiRoutes.apiKeys.collection, 'POST', 'admin'),
  rule(apiRoutes.apiKeys.byId, 'PATCH', 'admin'),
  rule(apiRoutes.apiKeys.byId, 'DELETE', 'admin'),
  rule(apiRoutes.openApi, 'GET', 'public'),
  // Test-only: the mail outbox and tenants for browser tests (NODE_ENV=test).
  rule(testSupport.outbox, 'GET', 'public'),
  rule(testSupport.tenants, 'POST', 'public'),
  rule(testSupport.tenantBilling, 'PATCH', 'public'),
  // Campaigns, outbound contacts and the do-not-call list.
  rule(campaigns.collection, 'GET', 'user', true, true),
  rule(campaigns.collection, 'POST', 'admin', true, true),
  rule(campaigns.byId, 'GET', 'user', true, true),
  rule(campaigns.byId, 'PATCH', 'admin', true, true),
  rule(campaigns.byId, 'DELETE', 'admin', true, true),
  rule(campaigns.agents, 'GET', 'user', true, true),
  rule(campaigns.pause, 'POST', 'admin', true, true),
  rule(campaigns.resume, 'POST', 'admin', true, true),
  rule(contacts.collection, 'GET', 'user', true, true),
  rule(contacts.collection, 'POST', 'admin', true, true),
  rule(contacts.import, 'POST', 'admin', true, true),
  rule(contacts.export, 'GET', 'user', true, true),
  rule(contacts.sync, 'POST', 'admin', true, true),
  rule(contacts.importById, 'GET', 'user', true, true),
  rule(contacts.byId, 'GET', 'user', true, true),
  rule(contacts.byId, 'PATCH', 'admin', true, true),
  rule(contacts.byId, 'DELETE', 'admin', true, true),
  rule(doNotCall.collection, 'GET', 'user', true, true),
  rule(doNotCall.collection, 'POST', 'admin', true, true),
  rule(doNotCall.import, 'POST', 'admin', true, true),
  rule(doNotCall.export, 'GET', 'user', true, true),
  rule(doNotCall.byId, 'DELETE', 'admin', true, true),
];

/** Contract routes the server does not answer yet; the renderer already calls them (spec 000 §7). */
export const AWAITING_SERVER: ReadonlySet<string> = new Set([]);

/** Every method and path the contract declares, as `METHOD /api/pattern`. */
export const CONTRACT_KEYS: readonly string[] = API_ROUTES.flatMap((route) =>
  route.methods.map((method) => keyOf(method, route)),
);

/** Adds GET's automatic HEAD twin for rows a module lists as GET only. */
export function withHeadTwins(rules: RouteRule[]): RouteRule[] {
  const keys = new Set(rules.map((r) => `${r.method} ${r.path}`));
  const twins = rules
    .filter((r) => r.method === 'GET' && !keys.has(`HEAD ${r.path}`))
    .map((r) => ({ ...r, method: 'HEAD' as const }));
  return [...rules, ...twins];
}
