/**
 * Every path of the REST API, once: the server mounts its routes on these patterns, the renderer and the tests call
 * the paths they build. The route matrix test (tests/api/route-matrix.api.test.ts) holds the server to this list.
 */

/** Where the API lives under the server's origin: the server mounts its router here; the renderer's base URL ends here. */
export const API_PREFIX = '/api';

/** Whether a request path is the API's, not a page of the renderer (`/api-keys` is a page). */
export function isApiPath(path: string): boolean {
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One string argument per `:name` segment of a pattern, in order (any number for a pattern not known). */
export type PathParams<P extends string> = string extends P
  ? string[]
  : P extends `${string}:${string}/${infer Rest}`
    ? [string, ...PathParams<Rest>]
    : P extends `${string}:${string}`
      ? [string]
      : [];

export interface ApiRoute<P extends string = string, M extends HttpMethod = HttpMethod> {
  /** The path from the server's origin, each parameter URL-encoded: `/api/agents/abc`. */
  (...params: PathParams<P>): string;
  /** The Koa pattern under {@link API_PREFIX}: `/agents/:id`. */
  readonly pattern: P;
  /** The methods the API answers on this path (HEAD comes with GET). */
  readonly methods: readonly M[];
  /** The path relative to the API root, for a client whose base URL is the root: `agents/abc`. */
  relative(...params: PathParams<P>): string;
}

const PARAM = /:[A-Za-z]+/g;

function fill(pattern: string, params: readonly string[]): string {
  let next = 0;
  const path = pattern.replace(PARAM, (name) => {
    const value = params[next++];
    if (value === undefined) throw new Error(`${pattern} needs a value for ${name}`);
    return encodeURIComponent(value);
  });
  if (next !== params.length) throw new Error(`${pattern} takes ${next} parameters, not ${params.length}`);
  return path;
}

function route<const P extends `/${string}`, const M extends HttpMethod>(pattern: P, ...methods: M[]): ApiRoute<P, M> {
  const build = (...params: PathParams<P>) => `${API_PREFIX}${fill(pattern, params)}`;
  return Object.assign(build, {
    pattern,
    methods,
    relative: (...params: PathParams<P>) => fill(pattern, params).slice(1),
  });
}

export const apiRoutes = {
  health: route('/health', 'GET'),
  auth: {
    login: route('/auth/custom/login', 'POST'),
    register: route('/auth/custom/register', 'POST'),
    refresh: route('/auth/custom/refresh', 'POST'),
    forgotPassword: route('/auth/custom/forgot-password', 'POST'),
    resetPassword: route('/auth/custom/reset-password', 'POST'),
    verifyEmail: route('/auth/verify-email', 'POST'),
    resendVerification: route('/auth/resend-verification', 'POST'),
    logout: route('/auth/logout', 'POST'),
    status: route('/auth/status', 'GET'),
  },
  tenant: {
    current: route('/tenant', 'GET'),
    plan: route('/tenant/plan', 'GET'),
    invite: route('/tenant/invite', 'POST'),
  },
  billing: {
    status: route('/billing/status', 'GET'),
    /** Spec 000 §7: the Payment Required dialog's portal, with the page to come back to. */
    customerPortal: route('/billing/customer-portal', 'POST'),
    setupIntent: route('/billing/setup-intent', 'POST'),
    confirmPaymentMethod: route('/billing/confirm-payment-method', 'POST'),
    subscription: route('/billing/subscription', 'GET', 'POST'),
    cancelSubscription: route('/billing/cancel-subscription', 'POST'),
    createPortalSession: route('/billing/create-portal-session', 'POST'),
  },
  usage: {
    limits: route('/usage/limits', 'GET'),
    current: route('/usage/current', 'GET'),
    history: route('/usage/history', 'GET'),
  },
  plans: {
    list: route('/plans', 'GET'),
    visible: route('/plans/visible', 'GET'),
  },
  invitations: {
    byToken: route('/invitations/:token', 'GET'),
  },
  voices: {
    list: route('/voices', 'GET'),
  },
  agentTemplates: {
    list: route('/agent-templates', 'GET'),
  },
  agents: {
    collection: route('/agents', 'GET', 'POST'),
    byId: route('/agents/:id', 'GET', 'PATCH', 'DELETE'),
    stats: route('/agents/:id/stats', 'GET'),
    syncCalls: route('/agents/:id/sync-calls', 'POST'),
    simulateCall: route('/agents/:id/simulate-call', 'POST'),
  },
  stats: {
    dashboard: route('/stats', 'GET'),
  },
  phoneNumbers: {
    list: route('/phone-numbers', 'GET'),
    billing: route('/phone-numbers/billing', 'GET'),
    available: route('/twilio/available-phone-numbers', 'GET'),
    purchase: route('/twilio/purchase-phone-number', 'POST'),
  },
  // Campaigns, outbound contacts, their CSV import and export, the do-not-call list.
  campaigns: {
    collection: route('/campaigns', 'GET', 'POST'),
    byId: route('/campaigns/:id', 'GET', 'PATCH', 'DELETE'),
    agents: route('/campaigns/:id/agents', 'GET'),
    pause: route('/campaigns/:id/pause', 'POST'),
    resume: route('/campaigns/:id/resume', 'POST'),
  },
  contacts: {
    collection: route('/campaigns/:id/contacts', 'GET', 'POST'),
    /** The body is the CSV file (text/csv); `?dryRun=true` answers the report without writing. */
    import: route('/campaigns/:id/contacts/import', 'POST'),
    export: route('/campaigns/:id/contacts/export', 'GET'),
    /** An offline draft's changes, once per Idempotency-Key header; answers a report per change. */
    sync: route('/campaigns/:id/contacts/sync', 'POST'),
    importById: route('/contact-imports/:id', 'GET'),
    byId: route('/contacts/:id', 'GET', 'PATCH', 'DELETE'),
  },
  doNotCall: {
    collection: route('/do-not-call', 'GET', 'POST'),
    import: route('/do-not-call/import', 'POST'),
    export: route('/do-not-call/export', 'GET'),
    byId: route('/do-not-call/entries/:id', 'DELETE'),
  },
  // The dialer: call attempts, the activation preview, progress, batch calls, the legal quiet hours.
  dialer: {
    attempts: route('/contacts/:id/attempts', 'GET'),
    preview: route('/campaigns/:id/preview', 'GET'),
    progress: route('/campaigns/:id/progress', 'GET'),
    analytics: route('/campaigns/:id/analytics', 'GET'),
    batchCalls: route('/campaigns/:id/batch-calls', 'POST'),
    quietHours: route('/admin/quiet-hours', 'GET'),
  },
  uploads: {
    create: route('/upload', 'POST'),
    byId: route('/uploads/:id', 'GET'),
  },
  webhooks: {
    elevenlabs: route('/webhooks/elevenlabs', 'POST'),
    stripe: route('/webhooks/stripe', 'POST'),
  },
  admin: {
    overview: route('/admin/overview', 'GET'),
    tenantsBilling: route('/admin/tenants/billing', 'GET'),
    tenantBilling: route('/admin/tenants/:id/billing', 'PATCH'),
    tenantSyncUsage: route('/admin/tenants/:id/sync-usage', 'POST'),
    plans: route('/admin/plans', 'GET', 'POST'),
    planById: route('/admin/plans/:id', 'PUT'),
    planSync: route('/admin/plans/:id/sync', 'POST'),
  },
  /** Team members and pending invitations of a tenant (spec 001 §7); admins of that tenant only. */
  team: {
    members: route('/tenants/:tenantId/users', 'GET'),
    member: route('/tenants/:tenantId/users/:userId', 'PATCH', 'DELETE'),
    invitation: route('/tenants/:tenantId/invitations/:invitationId', 'DELETE'),
    resendInvitation: route('/tenants/:tenantId/invitations/:invitationId/resend', 'POST'),
  },
  /** The tenant's API keys (spec 001 §7); under admin/ as the spec names them, for tenant admins. */
  apiKeys: {
    collection: route('/admin/api-keys', 'GET', 'POST'),
    byId: route('/admin/api-keys/:id', 'PATCH', 'DELETE'),
  },
  /** The OpenAPI 3.1 document of this API, generated from the route table and the shared schemas. */
  openApi: route('/openapi.json', 'GET'),
  // Calls, re-analysis and the live event stream.
  calls: {
    list: route('/calls', 'GET'),
    analytics: route('/calls/analytics', 'GET'),
    byId: route('/calls/:id', 'GET'),
    recording: route('/calls/:id/recording', 'GET'),
  },
  analysisRuns: {
    collection: route('/analysis-runs', 'POST'),
    byId: route('/analysis-runs/:id', 'GET'),
  },
  events: {
    stream: route('/events', 'GET'),
  },
  /** Mounted only when NODE_ENV=test. */
  testSupport: {
    outbox: route('/test/outbox', 'GET'),
    tenants: route('/test/tenants', 'POST'),
    tenantBilling: route('/test/tenants/:id/billing', 'PATCH'),
  },
} as const;

/** Every route of {@link apiRoutes}, for checks that walk the whole API. */
export const API_ROUTES: readonly ApiRoute[] = Object.values(apiRoutes).flatMap((entry): ApiRoute[] =>
  typeof entry === 'function' ? [entry] : Object.values(entry),
);
