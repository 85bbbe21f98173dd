/**
 * Who may call each API route. Every registered route must appear here and every row must be registered
 * (route-matrix.api.test.ts walks the router); modules append their rows.
 *
 * access: the lowest role that may call it — 'public' needs no token; 'user' any signed-in tenant member;
 * 'admin' tenant admins and superadmins; 'superadmin' platform superadmins only.
 * tenant: the route needs a tenant (a superadmin without one gets 404).
 * billing: the route is behind the billing gate (402 when the tenant's billing is not usable).
 */
export type Access = 'public' | 'user' | 'admin' | 'superadmin';

export interface RouteRule {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: Access;
  tenant: boolean;
  billing: boolean;
}

const rule = (
  method: RouteRule['method'],
  path: string,
  access: Access,
  tenant = access !== 'public',
  billing = false,
): RouteRule => ({
  method,
  path,
  access,
  tenant,
  billing,
});

export const ROUTE_MATRIX: RouteRule[] = [
  rule('GET', '/api/health', 'public'),
  rule('HEAD', '/api/health', 'public'),
  rule('POST', '/api/auth/custom/login', 'public'),
  rule('POST', '/api/auth/custom/register', 'public'),
  rule('POST', '/api/auth/custom/refresh', 'public'),
  rule('POST', '/api/auth/custom/forgot-password', 'public'),
  rule('POST', '/api/auth/custom/reset-password', 'public'),
  rule('POST', '/api/auth/verify-email', 'public'),
  rule('POST', '/api/auth/resend-verification', 'user', false),
  rule('POST', '/api/auth/logout', 'user', false),
  rule('GET', '/api/auth/status', 'user', false),
  rule('HEAD', '/api/auth/status', 'user', false),
  rule('GET', '/api/tenant', 'user'),
  rule('HEAD', '/api/tenant', 'user'),
  rule('GET', '/api/tenant/plan', 'user'),
  rule('HEAD', '/api/tenant/plan', 'user'),
  rule('GET', '/api/billing/status', 'user'),
  rule('HEAD', '/api/billing/status', 'user'),
  rule('GET', '/api/invitations/:token', 'public'),
  rule('HEAD', '/api/invitations/:token', 'public'),
  rule('GET', '/api/test/outbox', 'public'),
  rule('HEAD', '/api/test/outbox', 'public'),
  // Voice agents, phone numbers, uploads, stats and the voice provider's webhook.
  rule('GET', '/api/voices', 'user', false),
  rule('GET', '/api/agent-templates', 'user', false),
  rule('GET', '/api/agents', 'user', true, true),
  rule('POST', '/api/agents', 'admin', true, true),
  rule('GET', '/api/agents/:id', 'user', true, true),
  rule('PATCH', '/api/agents/:id', 'admin', true, true),
  rule('DELETE', '/api/agents/:id', 'admin', true, true),
  rule('GET', '/api/agents/:id/stats', 'user', true, true),
  rule('POST', '/api/agents/:id/sync-calls', 'user', true, true),
  rule('POST', '/api/agents/:id/simulate-call', 'admin', true, true),
  rule('GET', '/api/stats', 'user', true, true),
  rule('GET', '/api/phone-numbers', 'user', true, true),
  rule('GET', '/api/phone-numbers/billing', 'user', true, true),
  rule('GET', '/api/twilio/available-phone-numbers', 'user', true, true),
  rule('POST', '/api/twilio/purchase-phone-number', 'admin', true, true),
  rule('POST', '/api/upload', 'admin', true, true),
  rule('GET', '/api/uploads/:id', 'user', true, true),
  rule('POST', '/api/webhooks/elevenlabs', 'public'),
  // Platform administration.
  rule('GET', '/api/admin/overview', 'superadmin', false),
  // Test-only tenants for browser tests (NODE_ENV=test).
  rule('POST', '/api/test/tenants', 'public'),
  rule('PATCH', '/api/test/tenants/:id/billing', 'public'),
];

/** Adds GET's automatic HEAD twin for rows a module lists as GET only. */
export function withHeadTwins(rules: RouteRule[]): RouteRule[] {
  const keys = new Set(rules.map((r) => `${r.method} ${r.path}`));
  const twins = rules
    .filter((r) => r.method === 'GET' && !keys.has(`HEAD ${r.path}`))
    .map((r) => ({ ...r, method: 'HEAD' as const }));
  return [...rules, ...twins];
}
