import { object, type AnyObjectSchema } from 'yup';
import { createAgentSchema, updateAgentSchema } from '../schemas/agent.schema';
import {
  apiKeyResponseSchema,
  apiKeysResponseSchema,
  createApiKeySchema,
  createdApiKeyResponseSchema,
  updateApiKeySchema,
} from '../schemas/api-key.schema';
import {
  forgotPasswordSchema,
  loginSchema,
  logoutSchema,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '../schemas/auth.schema';
import {
  adminTenantsQuerySchema,
  cancelSubscriptionSchema,
  createPlanSchema,
  customerPortalSchema,
  setupIntentConfirmSchema,
  subscriptionRequestSchema,
  tenantBillingUpdateSchema,
  updatePlanSchema,
  usageHistoryQuerySchema,
} from '../schemas/billing.schema';
import { createCampaignSchema, pauseCampaignSchema, updateCampaignSchema } from '../schemas/campaign.schema';
import { campaignAnalyticsQuerySchema } from '../schemas/campaign-analytics.schema';
import {
  addDoNotCallSchema,
  contactsQuerySchema,
  createContactSchema,
  doNotCallQuerySchema,
  updateContactSchema,
} from '../schemas/contact.schema';
import { contactSyncSchema } from '../schemas/contact-sync.schema';
import { availableNumbersQuerySchema, purchasePhoneNumberSchema } from '../schemas/phone-number.schema';
import { text } from '../schemas/strict-text.schema';
import {
  changeRoleSchema,
  invitationDetailsSchema,
  inviteResponseSchema,
  inviteSchema,
  teamMemberResponseSchema,
  teamResponseSchema,
} from '../schemas/team.schema';

/**
 * The shared schema each API route validates its JSON body (for GET, its query) with, keyed "METHOD /api/pattern":
 * the OpenAPI document publishes them, and the fuzz suites spoil their fields.
 */
export const REQUEST_SCHEMAS: Record<string, AnyObjectSchema> = {
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
  'POST /api/tenant/invite': inviteSchema,
  'PATCH /api/tenants/:tenantId/users/:userId': changeRoleSchema,
  'POST /api/admin/api-keys': createApiKeySchema,
  'PATCH /api/admin/api-keys/:id': updateApiKeySchema,
  'POST /api/billing/confirm-payment-method': setupIntentConfirmSchema,
  'POST /api/billing/subscription': subscriptionRequestSchema,
  'POST /api/billing/cancel-subscription': cancelSubscriptionSchema,
  'POST /api/billing/customer-portal': customerPortalSchema,
  'GET /api/usage/history': usageHistoryQuerySchema,
  'GET /api/admin/tenants/billing': adminTenantsQuerySchema,
  'PATCH /api/admin/tenants/:id/billing': tenantBillingUpdateSchema,
  'POST /api/admin/plans': createPlanSchema,
  'PUT /api/admin/plans/:id': updatePlanSchema,
  'POST /api/campaigns': createCampaignSchema,
  'PATCH /api/campaigns/:id': updateCampaignSchema,
  'POST /api/campaigns/:id/pause': pauseCampaignSchema,
  'GET /api/campaigns/:id/contacts': contactsQuerySchema,
  'GET /api/campaigns/:id/analytics': campaignAnalyticsQuerySchema,
  'POST /api/campaigns/:id/contacts': createContactSchema,
  'PATCH /api/contacts/:id': updateContactSchema,
  'POST /api/campaigns/:id/contacts/sync': contactSyncSchema,
  'GET /api/do-not-call': doNotCallQuerySchema,
  'POST /api/do-not-call': addDoNotCallSchema,
};

/** The answer of a route that only confirms what it did. */
export const messageResponseSchema = object({ message: text().required() }).noUnknown();

/** A route's successful answer: its status and the shared schema of its body. */
export interface ResponseContract {
  status: number;
  schema: AnyObjectSchema;
}

/**
 * The successful answer of each route that declares one, keyed like {@link REQUEST_SCHEMAS}: the OpenAPI document
 * publishes them and the API tests check answers against the document (tests/api/support/openapi-responses.ts).
 */
export const RESPONSE_SCHEMAS: Record<string, ResponseContract> = {
  'GET /api/invitations/:token': { status: 200, schema: invitationDetailsSchema },
  'POST /api/tenant/invite': { status: 201, schema: inviteResponseSchema },
  'GET /api/tenants/:tenantId/users': { status: 200, schema: teamResponseSchema },
  'PATCH /api/tenants/:tenantId/users/:userId': { status: 200, schema: teamMemberResponseSchema },
  'DELETE /api/tenants/:tenantId/users/:userId': { status: 200, schema: messageResponseSchema },
  'DELETE /api/tenants/:tenantId/invitations/:invitationId': { status: 200, schema: messageResponseSchema },
  'POST /api/tenants/:tenantId/invitations/:invitationId/resend': { status: 200, schema: inviteResponseSchema },
  'GET /api/admin/api-keys': { status: 200, schema: apiKeysResponseSchema },
  'POST /api/admin/api-keys': { status: 201, schema: createdApiKeyResponseSchema },
  'PATCH /api/admin/api-keys/:id': { status: 200, schema: apiKeyResponseSchema },
  'DELETE /api/admin/api-keys/:id': { status: 200, schema: messageResponseSchema },
};
