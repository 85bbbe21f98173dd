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

/** Each field of a schema and its yup type ('string', 'number', 'boolean', 'mixed', …). */
export function fieldTypes(schema: AnyObjectSchema | undefined): Record<string, string> {
  if (!schema) return {};
  return Object.fromEntries(Object.entries(schema.describe().fields).map(([name, field]) => [name, field.type]));
}
