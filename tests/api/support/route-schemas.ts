import type { AnyObjectSchema } from 'yup';
import { createAgentSchema, updateAgentSchema } from '@shared/schemas/agent.schema';
import {
  forgotPasswordSchema,
  loginSchema,
  logoutSchema,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '@shared/schemas/auth.schema';
import { availableNumbersQuerySchema, purchasePhoneNumberSchema } from '@shared/schemas/phone-number.schema';

/** The shared schema each API route validates its JSON body (for GET, its query) with, keyed "METHOD path". */
export const ROUTE_SCHEMAS: Record<string, AnyObjectSchema> = {
  'POST /api/auth/custom/login': loginSchema,
  'POST /api/auth/custom/register': registerSchema,
  'POST /api/auth/custom/refresh': refreshSchema,
  'POST /api/auth/custom/forgot-password': forgotPasswordSchema,
  'POST /api/auth/custom/reset-password': resetPasswordSchema,
  'POST /api/auth/verify-email': verifyEmailSchema,
  'POST /api/auth/logout': logoutSchema,
  'POST /api/agents': createAgentSchema,
  'PATCH /api/agents/:id': updateAgentSchema,
  'POST /api/twilio/purchase-phone-number': purchasePhoneNumberSchema,
  'GET /api/twilio/available-phone-numbers': availableNumbersQuerySchema,
};

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
};

/** Each field of a schema and its yup type ('string', 'number', 'boolean', 'mixed', …). */
export function fieldTypes(schema: AnyObjectSchema | undefined): Record<string, string> {
  if (!schema) return {};
  return Object.fromEntries(Object.entries(schema.describe().fields).map(([name, field]) => [name, field.type]));
}
