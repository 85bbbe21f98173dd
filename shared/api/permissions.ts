import { API_PREFIX, apiRoutes, type ApiRoute, type HttpMethod } from './routes';

/** What an API key may do with the methods of a route (spec 000 §6, spec 001 §3). */
export const API_KEY_SCOPES = ['read_only', 'read_write', 'admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Which parts of the API a key reaches (spec 000 §6), in the spec's order. */
export const API_KEY_PERMISSIONS = [
  'agents:read',
  'agents:write',
  'agents:delete',
  'calls:read',
  'calls:write',
  'campaigns:read',
  'campaigns:write',
  'campaigns:delete',
  'phone_numbers:read',
  'usage:read',
  'outbound:read',
  'outbound:write',
] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/** Team and key management: no permission of the list covers it; only a key of the admin scope reaches it. */
export const MANAGEMENT = 'management';
/** Needs no credentials at all. */
export const PUBLIC = 'public';
/** Needs a signed-in user's access token; no API key reaches it. */
export const SESSION_ONLY = 'session-only';

/** What one method of a route needs: nothing, a session, or for an API key a permission or the admin scope. */
export type KeyRequirement = ApiKeyPermission | typeof MANAGEMENT | typeof PUBLIC | typeof SESSION_ONLY;

/**
 * What every route of the API needs, as data: the server's key check reads it per request, the route matrix test
 * holds the routes and their roles to it, and the OpenAPI document publishes it. A route missing here refuses keys
 * (deny by default), and the route matrix test fails until it is listed.
 */
const KEY_REQUIREMENTS: ReadonlyArray<readonly [ApiRoute, HttpMethod, KeyRequirement]> = [
  [apiRoutes.health, 'GET', PUBLIC],
  [apiRoutes.auth.login, 'POST', PUBLIC],
  [apiRoutes.auth.register, 'POST', PUBLIC],
  [apiRoutes.auth.refresh, 'POST', PUBLIC],
  [apiRoutes.auth.forgotPassword, 'POST', PUBLIC],
  [apiRoutes.auth.resetPassword, 'POST', PUBLIC],
  [apiRoutes.auth.verifyEmail, 'POST', PUBLIC],
  [apiRoutes.invitations.byToken, 'GET', PUBLIC],
  [apiRoutes.webhooks.elevenlabs, 'POST', PUBLIC],
  [apiRoutes.openApi, 'GET', PUBLIC],
  [apiRoutes.testSupport.outbox, 'GET', PUBLIC],
  [apiRoutes.testSupport.tenants, 'POST', PUBLIC],
  [apiRoutes.testSupport.tenantBilling, 'PATCH', PUBLIC],
  [apiRoutes.auth.resendVerification, 'POST', SESSION_ONLY],
  [apiRoutes.auth.logout, 'POST', SESSION_ONLY],
  [apiRoutes.auth.status, 'GET', SESSION_ONLY],
  [apiRoutes.tenant.current, 'GET', 'usage:read'],
  [apiRoutes.tenant.plan, 'GET', 'usage:read'],
  [apiRoutes.tenant.invite, 'POST', MANAGEMENT],
  [apiRoutes.billing.status, 'GET', 'usage:read'],
  [apiRoutes.voices.list, 'GET', 'agents:read'],
  [apiRoutes.agentTemplates.list, 'GET', 'agents:read'],
  [apiRoutes.agents.collection, 'GET', 'agents:read'],
  [apiRoutes.agents.collection, 'POST', 'agents:write'],
  [apiRoutes.agents.byId, 'GET', 'agents:read'],
  [apiRoutes.agents.byId, 'PATCH', 'agents:write'],
  [apiRoutes.agents.byId, 'DELETE', 'agents:delete'],
  [apiRoutes.agents.stats, 'GET', 'agents:read'],
  [apiRoutes.agents.syncCalls, 'POST', 'calls:write'],
  [apiRoutes.agents.simulateCall, 'POST', 'calls:write'],
  [apiRoutes.stats.dashboard, 'GET', 'usage:read'],
  [apiRoutes.phoneNumbers.list, 'GET', 'phone_numbers:read'],
  [apiRoutes.phoneNumbers.billing, 'GET', 'phone_numbers:read'],
  [apiRoutes.phoneNumbers.available, 'GET', 'phone_numbers:read'],
  // Buying a number spends money; the spec's list has no permission for it.
  [apiRoutes.phoneNumbers.purchase, 'POST', SESSION_ONLY],
  [apiRoutes.uploads.create, 'POST', 'agents:write'],
  [apiRoutes.uploads.byId, 'GET', 'agents:read'],
  [apiRoutes.admin.overview, 'GET', SESSION_ONLY],
  [apiRoutes.team.members, 'GET', MANAGEMENT],
  [apiRoutes.team.member, 'PATCH', MANAGEMENT],
  [apiRoutes.team.member, 'DELETE', MANAGEMENT],
  [apiRoutes.team.invitation, 'DELETE', MANAGEMENT],
  [apiRoutes.team.resendInvitation, 'POST', MANAGEMENT],
  [apiRoutes.apiKeys.collection, 'GET', MANAGEMENT],
  [apiRoutes.apiKeys.collection, 'POST', MANAGEMENT],
  [apiRoutes.apiKeys.byId, 'PATCH', MANAGEMENT],
  [apiRoutes.apiKeys.byId, 'DELETE', MANAGEMENT],
  // Billing: reading is usage; changing money or the card needs a signed-in admin, as buying a number does.
  [apiRoutes.billing.subscription, 'GET', 'usage:read'],
  [apiRoutes.billing.setupIntent, 'POST', SESSION_ONLY],
  [apiRoutes.billing.confirmPaymentMethod, 'POST', SESSION_ONLY],
  [apiRoutes.billing.subscription, 'POST', SESSION_ONLY],
  [apiRoutes.billing.cancelSubscription, 'POST', SESSION_ONLY],
  [apiRoutes.billing.createPortalSession, 'POST', SESSION_ONLY],
  [apiRoutes.billing.customerPortal, 'POST', SESSION_ONLY],
  [apiRoutes.usage.limits, 'GET', 'usage:read'],
  [apiRoutes.usage.current, 'GET', 'usage:read'],
  [apiRoutes.usage.history, 'GET', 'usage:read'],
  [apiRoutes.plans.list, 'GET', 'usage:read'],
  [apiRoutes.plans.visible, 'GET', 'usage:read'],
  [apiRoutes.webhooks.stripe, 'POST', PUBLIC],
  // Campaigns, and their outbound side: contacts, imports, the do-not-call list, attempts and batch calls.
  [apiRoutes.campaigns.collection, 'GET', 'campaigns:read'],
  [apiRoutes.campaigns.collection, 'POST', 'campaigns:write'],
  [apiRoutes.campaigns.byId, 'GET', 'campaigns:read'],
  [apiRoutes.campaigns.byId, 'PATCH', 'campaigns:write'],
  [apiRoutes.campaigns.byId, 'DELETE', 'campaigns:delete'],
  [apiRoutes.campaigns.agents, 'GET', 'campaigns:read'],
  [apiRoutes.campaigns.pause, 'POST', 'campaigns:write'],
  [apiRoutes.campaigns.resume, 'POST', 'campaigns:write'],
  [apiRoutes.dialer.progress, 'GET', 'campaigns:read'],
  [apiRoutes.dialer.analytics, 'GET', 'campaigns:read'],
  [apiRoutes.dialer.preview, 'GET', 'outbound:read'],
  [apiRoutes.dialer.batchCalls, 'POST', 'outbound:write'],
  [apiRoutes.contacts.collection, 'GET', 'outbound:read'],
  [apiRoutes.contacts.collection, 'POST', 'outbound:write'],
  [apiRoutes.contacts.import, 'POST', 'outbound:write'],
  [apiRoutes.contacts.export, 'GET', 'outbound:read'],
  [apiRoutes.contacts.sync, 'POST', 'outbound:write'],
  [apiRoutes.contacts.importById, 'GET', 'outbound:read'],
  [apiRoutes.contacts.byId, 'GET', 'outbound:read'],
  [apiRoutes.contacts.byId, 'PATCH', 'outbound:write'],
  [apiRoutes.contacts.byId, 'DELETE', 'outbound:write'],
  [apiRoutes.dialer.attempts, 'GET', 'outbound:read'],
  [apiRoutes.doNotCall.collection, 'GET', 'outbound:read'],
  [apiRoutes.doNotCall.collection, 'POST', 'outbound:write'],
  [apiRoutes.doNotCall.import, 'POST', 'outbound:write'],
  [apiRoutes.doNotCall.export, 'GET', 'outbound:read'],
  [apiRoutes.doNotCall.byId, 'DELETE', 'outbound:write'],
  // Calls, their re-analysis and the live event stream.
  [apiRoutes.calls.list, 'GET', 'calls:read'],
  [apiRoutes.calls.analytics, 'GET', 'calls:read'],
  [apiRoutes.calls.byId, 'GET', 'calls:read'],
  [apiRoutes.calls.recording, 'GET', 'calls:read'],
  [apiRoutes.analysisRuns.collection, 'POST', 'calls:write'],
  [apiRoutes.analysisRuns.byId, 'GET', 'calls:read'],
  [apiRoutes.events.stream, 'GET', 'calls:read'],
  // Platform administration is for a signed-in superadmin only.
  [apiRoutes.dialer.quietHours, 'GET', SESSION_ONLY],
  [apiRoutes.admin.tenantsBilling, 'GET', SESSION_ONLY],
  [apiRoutes.admin.tenantBilling, 'PATCH', SESSION_ONLY],
  [apiRoutes.admin.tenantSyncUsage, 'POST', SESSION_ONLY],
  [apiRoutes.admin.plans, 'GET', SESSION_ONLY],
  [apiRoutes.admin.plans, 'POST', SESSION_ONLY],
  [apiRoutes.admin.planById, 'PUT', SESSION_ONLY],
  [apiRoutes.admin.planSync, 'POST', SESSION_ONLY],
];

const requirementKey = (method: string, pattern: string) => `${method === 'HEAD' ? 'GET' : method} ${pattern}`;

const REQUIREMENTS: ReadonlyMap<string, KeyRequirement> = new Map(
  KEY_REQUIREMENTS.map(([route, method, requirement]) => [requirementKey(method, route.pattern), requirement]),
);

/** Every listed route as `METHOD /api/pattern`, with its requirement. */
export const KEY_REQUIREMENT_ROWS: ReadonlyArray<{ key: string; requirement: KeyRequirement }> = KEY_REQUIREMENTS.map(
  ([route, method, requirement]) => ({ key: `${method} ${API_PREFIX}${route.pattern}`, requirement }),
);

/** What a key needs for `method` on a route pattern under the API prefix (`/agents/:id`); undefined when unlisted. */
export function keyRequirement(method: string, pattern: string): KeyRequirement | undefined {
  return REQUIREMENTS.get(requirementKey(method, pattern));
}

const SCOPE_RANK: Record<ApiKeyScope, number> = { read_only: 0, read_write: 1, admin: 2 };

/** Whether a key of scope `held` may create or hold a key of scope `wanted`: never a wider one. */
export function scopeCovers(held: ApiKeyScope, wanted: ApiKeyScope): boolean {
  return SCOPE_RANK[held] >= SCOPE_RANK[wanted];
}

const isReadMethod = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * Whether a key with this scope and these permissions may call `method` on a route with this requirement:
 * read_only reads, read_write reads and writes, admin also manages keys and the team. Unlisted routes refuse.
 */
export function keyMayCall(
  key: { scope: ApiKeyScope; permissions: readonly string[] },
  method: string,
  requirement: KeyRequirement | undefined,
): boolean {
  if (requirement === undefined || requirement === SESSION_ONLY || requirement === PUBLIC) return false;
  if (requirement === MANAGEMENT) return key.scope === 'admin';
  if (!key.permissions.includes(requirement)) return false;
  return isReadMethod(method) || key.scope !== 'read_only';
}
