import type { AnyObjectSchema } from 'yup';
import { REQUEST_SCHEMAS } from '@shared/api/route-schemas';

/** The shared schema each API route validates its JSON body (for GET, its query) with, keyed "METHOD path". */
export const ROUTE_SCHEMAS: Record<string, AnyObjectSchema> = REQUEST_SCHEMAS;

/** A body each schema accepts, for tests that spoil one field at a time and so reach the database. */
export const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/auth/custom/login': { email: 'nobody@example.com', password: 'not-the-password' },
  'POST /api/auth/custom/register': {
    name: 'Fuzz Tester',
    email: 'fuzz@example.com',
    password: 'fuzz-password',
    tenantName: 'Fuzz Co',
  },
  'POST /api/auth/custom/refresh': { refreshToken: 'r'.repeat(43) },
  'POST /api/auth/custom/forgot-password': { email: 'nobody@example.com' },
  'POST /api/auth/custom/reset-password': { token: 't'.repeat(43), password: 'new-password' },
  'POST /api/auth/verify-email': { token: 't'.repeat(43) },
  'POST /api/auth/logout': { refreshToken: 'r'.repeat(43) },
  'POST /api/agents': { name: 'Front desk', purpose: 'Answer calls', greeting: 'Hello', closing: 'Goodbye' },
  'PATCH /api/agents/:id': { name: 'Front desk', greeting: 'Kia ora' },
  'POST /api/twilio/purchase-phone-number': { phoneNumber: '+6495550879', friendlyName: 'Main line' },
  'POST /api/billing/confirm-payment-method': { setupIntentId: 'seti_fuzz' },
  'POST /api/billing/subscription': { planId: 'starter' },
  'POST /api/billing/customer-portal': { returnUrl: 'http://parley.test/billing' },
  'PATCH /api/admin/tenants/:id/billing': { billingStatus: 'active' },
  'POST /api/admin/plans': {
    id: 'fuzz-plan',
    name: 'Fuzz',
    basePriceMonthly: 1000,
    minutesIncluded: 100,
    overageRatePerMinute: 10,
    maxAgents: 1,
    maxPhoneNumbers: 1,
    maxCampaigns: 3,
  },
  'POST /api/campaigns': { name: 'Recall', goal: 'Book check-ups', timezone: 'Pacific/Auckland' },
  'PATCH /api/campaigns/:id': { name: 'Recall', maxCallsPerDay: 50 },
  'POST /api/campaigns/:id/pause': { reason: 'Holidays' },
  'POST /api/campaigns/:id/contacts': { phoneNumber: '+6495550879', metadata: { name: 'Ana' } },
  'PATCH /api/contacts/:id': { maxRetries: 2, metadata: { name: 'Ana' } },
  'POST /api/do-not-call': { phoneNumber: '+6495550879' },
  'POST /api/tenant/invite': { email: 'colleague@example.com', role: 'user' },
  'PATCH /api/tenants/:tenantId/users/:userId': { role: 'admin' },
  'POST /api/admin/api-keys': { name: 'Fuzz key', scope: 'read_only', permissions: ['agents:read'] },
  'PATCH /api/admin/api-keys/:id': { name: 'Fuzz key', active: false },
};

/** Each field of a schema and its yup type ('string', 'number', 'boolean', 'mixed', …). */
export function fieldTypes(schema: AnyObjectSchema | undefined): Record<string, string> {
  if (!schema) return {};
  return Object.fromEntries(Object.entries(schema.describe().fields).map(([name, field]) => [name, field.type]));
}
