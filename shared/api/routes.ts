import { object } from 'yup';
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
import { machineVerdictsQuerySchema, reviewMachineVerdictSchema } from '../schemas/machine-verdict.schema';
import {
  addDoNotCallSchema,
  contactsQuerySchema,
  createContactSchema,
  doNotCallQuerySchema,
  optOutSchema,
  updateContactSchema,
} from '../schemas/contact.schema';
import { contactSyncSchema } from '../schemas/contact-sync.schema';
import { dataPolicyResponseSchema, dataPolicySchema } from '../schemas/data-policy.schema';
import { callbacksQuerySchema, updateCallbackSchema } from '../schemas/callback.schema';
import { dialingPreviewResponseSchema } from '../schemas/dialer-preview.schema';
import { platformOperationsSchema, tenantOperationsSchema } from '../schemas/operations.schema';
import { availableNumbersQuerySchema, purchasePhoneNumberSchema } from '../schemas/phone-number.schema';
import { text } from '../schemas/strict-text.schema';
import { updateTenantSchema } from '../schemas/tenant.schema';
import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  webhookDeliveriesQuerySchema,
} from '../schemas/webhook.schema';
import {
  changeRoleSchema,
  invitationDetailsSchema,
  inviteResponseSchema,
  inviteSchema,
  teamMemberResponseSchema,
  teamResponseSchema,
} from '../schemas/team.schema';
import { MANAGEMENT, SESSION_ONLY, type KeyRequirement } from './permissions';
import { route, type ApiRoute, type Operation } from './route-definition';

export { API_PREFIX, isApiPath, roleMayCall, ROLES_BY_ACCESS } from './route-definition';
export type { Access, ApiRoute, HttpMethod, Operation, PathParams, ResponseContract } from './route-definition';

/** The answer of a route that only confirms what it did. */
export const messageResponseSchema = object({ message: text().required() }).noUnknown();

/**
 * The route table: every path of the REST API, once, and per method who may call it (role, tenant, billing gate,
 * what an API key needs) and the shared schemas of its request and answer. Everything else is derived from it: the
 * server's guards and API-key check, the OpenAPI document, and the route matrix and fuzz tests. The renderer and
 * the tests build their paths with it (`apiRoutes.agents.byId(id)`).
 */
export const apiRoutes = {
  health: route('/health', {
    GET: { access: 'public' },
  }),
  auth: {
    login: route('/auth/custom/login', {
      POST: {
        access: 'public',
        request: loginSchema,
        example: { email: 'nobody@example.com', password: 'not-the-password' },
      },
    }),
    register: route('/auth/custom/register', {
      POST: {
        access: 'public',
        request: registerSchema,
        response: { status: 202, schema: messageResponseSchema },
        example: {
          name: 'Ana Ruiz',
          email: 'ana@example.com',
          password: 'correct-horse-battery',
          tenantName: 'Ruiz Dental',
        },
      },
    }),
    refresh: route('/auth/custom/refresh', {
      POST: { access: 'public', request: refreshSchema, example: { refreshToken: 'r'.repeat(43) } },
    }),
    forgotPassword: route('/auth/custom/forgot-password', {
      POST: { access: 'public', request: forgotPasswordSchema, example: { email: 'nobody@example.com' } },
    }),
    resetPassword: route('/auth/custom/reset-password', {
      POST: {
        access: 'public',
        request: resetPasswordSchema,
        example: { token: 't'.repeat(43), password: 'new-password' },
      },
    }),
    verifyEmail: route('/auth/verify-email', {
      POST: { access: 'public', request: verifyEmailSchema, example: { token: 't'.repeat(43) } },
    }),
    resendVerification: route('/auth/resend-verification', {
      POST: { access: 'user', key: SESSION_ONLY, tenant: false },
    }),
    logout: route('/auth/logout', {
      POST: {
        access: 'user',
        key: SESSION_ONLY,
        tenant: false,
        request: logoutSchema,
        example: { refreshToken: 'r'.repeat(43) },
      },
    }),
    status: route('/auth/status', {
      GET: { access: 'user', key: SESSION_ONLY, tenant: false },
    }),
  },
  tenant: {
    current: route('/tenant', {
      GET: { access: 'user', key: 'usage:read' },
      PATCH: { access: 'admin', key: SESSION_ONLY, request: updateTenantSchema, example: { country: 'AU' } },
    }),
    plan: route('/tenant/plan', {
      GET: { access: 'user', key: 'usage:read' },
    }),
    invite: route('/tenant/invite', {
      POST: {
        access: 'admin',
        key: 'team:manage',
        request: inviteSchema,
        example: { email: 'colleague@example.com', role: 'user' },
        response: { status: 201, schema: inviteResponseSchema },
      },
    }),
    /**
     * What the tenant keeps of its calls (issue 25 §4): PII redaction of stored call text, webhook payloads and logs,
     * and how many days recordings and transcripts are kept (null: forever). Admins, or a key of the admin scope.
     */
    dataPolicy: route('/tenant/data-policy', {
      GET: { access: 'admin', key: MANAGEMENT, response: { status: 200, schema: dataPolicyResponseSchema } },
      PUT: {
        access: 'admin',
        key: MANAGEMENT,
        request: dataPolicySchema,
        example: { redactPii: true, recordingRetentionDays: 90, transcriptRetentionDays: 365 },
        response: { status: 200, schema: dataPolicyResponseSchema },
      },
    }),
  },
  // Billing, usage and plans stay outside the billing gate: they are how a tenant gets through it. Reading is
  // usage; changing money or the card needs a signed-in admin, as buying a number does.
  billing: {
    status: route('/billing/status', {
      GET: { access: 'user', key: 'usage:read' },
    }),
    /** Spec 000 §7: the Payment Required dialog's portal, with the page to come back to. */
    customerPortal: route('/billing/customer-portal', {
      POST: {
        access: 'admin',
        key: SESSION_ONLY,
        request: customerPortalSchema,
        example: { returnUrl: 'http://parley.test/billing' },
      },
    }),
    setupIntent: route('/billing/setup-intent', {
      POST: { access: 'admin', key: SESSION_ONLY },
    }),
    confirmPaymentMethod: route('/billing/confirm-payment-method', {
      POST: {
        access: 'admin',
        key: SESSION_ONLY,
        request: setupIntentConfirmSchema,
        example: { setupIntentId: 'seti_example' },
      },
    }),
    invoices: route('/billing/invoices', {
      GET: { access: 'user', key: 'usage:read' },
    }),
    subscription: route('/billing/subscription', {
      GET: { access: 'user', key: 'usage:read' },
      POST: { access: 'admin', key: SESSION_ONLY, request: subscriptionRequestSchema, example: { planId: 'starter' } },
    }),
    cancelSubscription: route('/billing/cancel-subscription', {
      POST: { access: 'admin', key: SESSION_ONLY, request: cancelSubscriptionSchema },
    }),
    createPortalSession: route('/billing/create-portal-session', {
      POST: { access: 'admin', key: SESSION_ONLY },
    }),
  },
  usage: {
    limits: route('/usage/limits', {
      GET: { access: 'user', key: 'usage:read' },
    }),
    current: route('/usage/current', {
      GET: { access: 'user', key: 'usage:read' },
    }),
    history: route('/usage/history', {
      GET: { access: 'user', key: 'usage:read', request: usageHistoryQuerySchema },
    }),
  },
  plans: {
    list: route('/plans', {
      GET: { access: 'user', key: 'usage:read', tenant: false },
    }),
    visible: route('/plans/visible', {
      GET: { access: 'user', key: 'usage:read', tenant: false },
    }),
  },
  invitations: {
    byToken: route('/invitations/:token', {
      GET: { access: 'public', response: { status: 200, schema: invitationDetailsSchema } },
    }),
  },
  voices: {
    list: route('/voices', {
      GET: { access: 'user', key: 'agents:read', tenant: false },
    }),
  },
  agentTemplates: {
    list: route('/agent-templates', {
      GET: { access: 'user', key: 'agents:read', tenant: false },
    }),
  },
  agents: {
    collection: route('/agents', {
      GET: { access: 'user', key: 'agents:read', billing: true },
      POST: {
        access: 'admin',
        key: 'agents:write',
        billing: true,
        request: createAgentSchema,
        example: { name: 'Front desk', purpose: 'Answer calls', greeting: 'Hello', closing: 'Goodbye' },
      },
    }),
    byId: route('/agents/:id', {
      GET: { access: 'user', key: 'agents:read', billing: true },
      PATCH: {
        access: 'admin',
        key: 'agents:write',
        billing: true,
        request: updateAgentSchema,
        example: { name: 'Front desk', greeting: 'Kia ora' },
      },
      DELETE: { access: 'admin', key: 'agents:delete', billing: true },
    }),
    stats: route('/agents/:id/stats', {
      GET: { access: 'user', key: 'agents:read', billing: true },
    }),
    // Any member may pull calls in: it only records what the provider already has.
    syncCalls: route('/agents/:id/sync-calls', {
      POST: { access: 'user', key: 'calls:write', billing: true },
    }),
    simulateCall: route('/agents/:id/simulate-call', {
      POST: { access: 'admin', key: 'calls:write', billing: true },
    }),
  },
  stats: {
    dashboard: route('/stats', {
      GET: { access: 'user', key: 'usage:read', billing: true },
    }),
  },
  phoneNumbers: {
    list: route('/phone-numbers', {
      GET: { access: 'user', key: 'phone_numbers:read', billing: true },
    }),
    billing: route('/phone-numbers/billing', {
      GET: { access: 'user', key: 'phone_numbers:read', billing: true },
    }),
    available: route('/twilio/available-phone-numbers', {
      GET: { access: 'user', key: 'phone_numbers:read', billing: true, request: availableNumbersQuerySchema },
    }),
    // Buying a number spends money; the spec's list of key permissions has none for it.
    purchase: route('/twilio/purchase-phone-number', {
      POST: {
        access: 'admin',
        key: SESSION_ONLY,
        billing: true,
        request: purchasePhoneNumberSchema,
        example: { phoneNumber: '+6495550879', friendlyName: 'Main line' },
      },
    }),
  },
  // Campaigns, outbound contacts, their CSV import and export, the do-not-call list.
  campaigns: {
    collection: route('/campaigns', {
      GET: { access: 'user', key: 'campaigns:read', billing: true },
      POST: {
        access: 'admin',
        key: 'campaigns:write',
        billing: true,
        request: createCampaignSchema,
        example: { name: 'Recall', goal: 'Book check-ups', timezone: 'Pacific/Auckland' },
      },
    }),
    byId: route('/campaigns/:id', {
      GET: { access: 'user', key: 'campaigns:read', billing: true },
      PATCH: {
        access: 'admin',
        key: 'campaigns:write',
        billing: true,
        request: updateCampaignSchema,
        example: { name: 'Recall', maxCallsPerDay: 50 },
      },
      DELETE: { access: 'admin', key: 'campaigns:delete', billing: true },
    }),
    agents: route('/campaigns/:id/agents', {
      GET: { access: 'user', key: 'campaigns:read', billing: true },
    }),
    pause: route('/campaigns/:id/pause', {
      POST: {
        access: 'admin',
        key: 'campaigns:write',
        billing: true,
        request: pauseCampaignSchema,
        example: { reason: 'Holidays' },
      },
    }),
    resume: route('/campaigns/:id/resume', {
      POST: { access: 'admin', key: 'campaigns:write', billing: true },
    }),
  },
  contacts: {
    collection: route('/campaigns/:id/contacts', {
      GET: { access: 'user', key: 'outbound:read', billing: true, request: contactsQuerySchema },
      POST: {
        access: 'admin',
        key: 'outbound:write',
        billing: true,
        request: createContactSchema,
        example: { phoneNumber: '+6495550879', metadata: { name: 'Ana' } },
      },
    }),
    /** The body is the CSV file (text/csv); `?dryRun=true` answers the report without writing. */
    import: route('/campaigns/:id/contacts/import', {
      POST: { access: 'admin', key: 'outbound:write', billing: true },
    }),
    export: route('/campaigns/:id/contacts/export', {
      GET: { access: 'user', key: 'outbound:read', billing: true },
    }),
    /** An offline draft's changes, once per Idempotency-Key header; answers a report per change. */
    sync: route('/campaigns/:id/contacts/sync', {
      POST: { access: 'admin', key: 'outbound:write', billing: true, request: contactSyncSchema },
    }),
    /** The campaign's consent ledger as CSV: every change of its contacts' consent, with who made it. */
    campaignConsent: route('/campaigns/:id/consent-ledger', {
      GET: { access: 'user', key: 'outbound:read', billing: true },
    }),
    /** One contact's consent ledger as CSV. */
    contactConsent: route('/contacts/:id/consent-ledger', {
      GET: { access: 'user', key: 'outbound:read', billing: true },
    }),
    importById: route('/contact-imports/:id', {
      GET: { access: 'user', key: 'outbound:read', billing: true },
    }),
    byId: route('/contacts/:id', {
      GET: { access: 'user', key: 'outbound:read', billing: true },
      PATCH: {
        access: 'admin',
        key: 'outbound:write',
        billing: true,
        request: updateContactSchema,
        example: { maxRetries: 2, metadata: { name: 'Ana' } },
      },
      DELETE: { access: 'admin', key: 'outbound:write', billing: true },
    }),
  },
  doNotCall: {
    collection: route('/do-not-call', {
      GET: { access: 'user', key: 'outbound:read', billing: true, request: doNotCallQuerySchema },
      POST: {
        access: 'admin',
        key: 'outbound:write',
        billing: true,
        request: addDoNotCallSchema,
        example: { phoneNumber: '+6495550879' },
      },
    }),
    import: route('/do-not-call/import', {
      POST: { access: 'admin', key: 'outbound:write', billing: true },
    }),
    export: route('/do-not-call/export', {
      GET: { access: 'user', key: 'outbound:read', billing: true },
    }),
    byId: route('/do-not-call/entries/:id', {
      DELETE: { access: 'admin', key: 'outbound:write', billing: true },
    }),
  },
  // Opt-outs from any channel: the API, the tenant's own systems (an inbound webhook), an admin.
  optOuts: {
    collection: route('/opt-outs', {
      POST: {
        access: 'admin',
        key: 'outbound:write',
        // Honouring an opt-out is the law whatever the account's billing: no billing gate.
        request: optOutSchema,
        example: { phoneNumber: '+6495550879', source: 'crm', evidence: 'CRM ticket 4411: asked to stop calls' },
        description:
          'Records an opt-out: the number joins the do-not-call list with its source and evidence, and every pending ' +
          'contact with that number in every campaign is ended (failed, reason `do_not_call`) at once; calls already ' +
          'in progress finish, no new one is placed. Idempotent: an opt-out of a number already listed answers 200 ' +
          '(`created: false`), a new one 201. Also the inbound webhook for the tenant’s own systems (a CRM, an SMS ' +
          'STOP handler): POST this JSON with an API key holding `outbound:write` (read_write or admin scope) in ' +
          '`X-API-Key` or `Authorization: Bearer`. Answers `{ entry, created, endedContacts }`; `contact.opted_out` ' +
          'is sent for each contact ended.',
      },
    }),
  },
  // The dialer: call attempts, the activation preview, progress, batch calls, the legal quiet hours.
  dialer: {
    attempts: route('/contacts/:id/attempts', {
      GET: { access: 'user', key: 'outbound:read', billing: true },
    }),
    preview: route('/campaigns/:id/preview', {
      GET: {
        access: 'user',
        key: 'outbound:read',
        billing: true,
        response: { status: 200, schema: dialingPreviewResponseSchema },
      },
    }),
    progress: route('/campaigns/:id/progress', {
      GET: { access: 'user', key: 'campaigns:read', billing: true },
    }),
    analytics: route('/campaigns/:id/analytics', {
      GET: { access: 'user', key: 'campaigns:read', billing: true, request: campaignAnalyticsQuerySchema },
    }),
    batchCalls: route('/campaigns/:id/batch-calls', {
      POST: { access: 'admin', key: 'outbound:write', billing: true },
    }),
    quietHours: route('/admin/quiet-hours', {
      GET: { access: 'superadmin' },
    }),
  },
  // Answer classification's review (issue 23): a sample of a campaign's machine verdicts, and marking one wrong.
  machineVerdicts: {
    collection: route('/campaigns/:id/machine-verdicts', {
      GET: { access: 'admin', key: 'calls:read', billing: true, request: machineVerdictsQuerySchema },
    }),
    byCall: route('/campaigns/:id/machine-verdicts/:callId', {
      PATCH: {
        access: 'admin',
        key: 'campaigns:write',
        billing: true,
        request: reviewMachineVerdictSchema,
        example: { wrong: true },
      },
    }),
  },
  // Live operations of the dialer: a tenant's admins see theirs, a platform admin every tenant's.
  operations: {
    tenant: route('/operations', {
      GET: {
        access: 'admin',
        key: 'outbound:read',
        response: { status: 200, schema: tenantOperationsSchema },
      },
    }),
    platform: route('/admin/operations', {
      GET: { access: 'superadmin', response: { status: 200, schema: platformOperationsSchema } },
    }),
  },
  uploads: {
    create: route('/upload', {
      POST: { access: 'admin', key: 'agents:write', billing: true },
    }),
    byId: route('/uploads/:id', {
      GET: { access: 'user', key: 'agents:read', billing: true },
    }),
  },
  webhooks: {
    elevenlabs: route('/webhooks/elevenlabs', {
      POST: { access: 'public' },
    }),
    stripe: route('/webhooks/stripe', {
      POST: { access: 'public' },
    }),
  },
  // Platform administration is for a signed-in superadmin only.
  admin: {
    overview: route('/admin/overview', {
      GET: { access: 'superadmin' },
    }),
    tenantsBilling: route('/admin/tenants/billing', {
      GET: { access: 'superadmin', request: adminTenantsQuerySchema },
    }),
    tenantBilling: route('/admin/tenants/:id/billing', {
      PATCH: { access: 'superadmin', request: tenantBillingUpdateSchema, example: { billingStatus: 'active' } },
    }),
    tenantSyncUsage: route('/admin/tenants/:id/sync-usage', {
      POST: { access: 'superadmin' },
    }),
    demoReset: route('/admin/demo/reset', {
      POST: { access: 'superadmin' },
    }),
    plans: route('/admin/plans', {
      GET: { access: 'superadmin' },
      POST: {
        access: 'superadmin',
        request: createPlanSchema,
        example: {
          id: 'professional',
          name: 'Professional',
          basePriceMonthly: 1000,
          minutesIncluded: 100,
          overageRatePerMinute: 10,
          maxAgents: 1,
          maxPhoneNumbers: 1,
          maxCampaigns: 3,
        },
      },
    }),
    planById: route('/admin/plans/:id', {
      PUT: { access: 'superadmin', request: updatePlanSchema },
    }),
    planSync: route('/admin/plans/:id/sync', {
      POST: { access: 'superadmin' },
    }),
  },
  /** Team members and pending invitations of a tenant (spec 001 §7); admins of that tenant only. */
  team: {
    members: route('/tenants/:tenantId/users', {
      GET: { access: 'admin', key: 'team:manage', response: { status: 200, schema: teamResponseSchema } },
    }),
    member: route('/tenants/:tenantId/users/:userId', {
      PATCH: {
        access: 'admin',
        key: 'team:manage',
        request: changeRoleSchema,
        example: { role: 'admin' },
        response: { status: 200, schema: teamMemberResponseSchema },
      },
      DELETE: { access: 'admin', key: 'team:manage', response: { status: 200, schema: messageResponseSchema } },
    }),
    invitation: route('/tenants/:tenantId/invitations/:invitationId', {
      DELETE: { access: 'admin', key: 'team:manage', response: { status: 200, schema: messageResponseSchema } },
    }),
    resendInvitation: route('/tenants/:tenantId/invitations/:invitationId/resend', {
      POST: { access: 'admin', key: 'team:manage', response: { status: 200, schema: inviteResponseSchema } },
    }),
  },
  /** The tenant's API keys (spec 001 §7); under admin/ as the spec names them, for tenant admins. */
  apiKeys: {
    collection: route('/admin/api-keys', {
      GET: { access: 'admin', key: MANAGEMENT, response: { status: 200, schema: apiKeysResponseSchema } },
      // A key never mints keys: a leaked key must not outlive its own revocation through a successor.
      POST: {
        access: 'admin',
        key: SESSION_ONLY,
        request: createApiKeySchema,
        example: { name: 'Reporting', scope: 'read_only', permissions: ['agents:read'] },
        response: { status: 201, schema: createdApiKeyResponseSchema },
      },
    }),
    byId: route('/admin/api-keys/:id', {
      PATCH: {
        access: 'admin',
        key: MANAGEMENT,
        request: updateApiKeySchema,
        example: { name: 'Reporting', active: false },
        response: { status: 200, schema: apiKeyResponseSchema },
      },
      DELETE: { access: 'admin', key: MANAGEMENT, response: { status: 200, schema: messageResponseSchema } },
    }),
  },
  /**
   * The tenant's webhook endpoints (outgoing, signed per Standard Webhooks), their delivery logs and redelivery; the
   * events they receive are the document's `webhooks` section.
   */
  webhookEndpoints: {
    collection: route('/webhook-endpoints', {
      GET: { access: 'admin', key: 'webhooks:manage' },
      POST: {
        access: 'admin',
        key: 'webhooks:manage',
        request: createWebhookEndpointSchema,
        example: { url: 'https://crm.example.com/parley', eventTypes: ['call.completed'] },
      },
    }),
    byId: route('/webhook-endpoints/:id', {
      GET: { access: 'admin', key: 'webhooks:manage' },
      PATCH: {
        access: 'admin',
        key: 'webhooks:manage',
        request: updateWebhookEndpointSchema,
        example: { description: 'CRM', enabled: false },
      },
      DELETE: { access: 'admin', key: 'webhooks:manage', response: { status: 200, schema: messageResponseSchema } },
    }),
    rotateSecret: route('/webhook-endpoints/:id/rotate-secret', {
      POST: { access: 'admin', key: 'webhooks:manage' },
    }),
    test: route('/webhook-endpoints/:id/test', {
      POST: { access: 'admin', key: 'webhooks:manage' },
    }),
    deliveries: route('/webhook-endpoints/:id/deliveries', {
      GET: { access: 'admin', key: 'webhooks:manage', request: webhookDeliveriesQuerySchema },
    }),
    redeliver: route('/webhook-endpoints/:id/deliveries/:deliveryId/redeliver', {
      POST: { access: 'admin', key: 'webhooks:manage' },
    }),
  },
  /** The OpenAPI 3.1 document of this API, generated from the route table and the shared schemas. */
  openApi: route('/openapi.json', {
    GET: { access: 'public' },
  }),
  // Callbacks a missed warm transfer leaves: any member lists them and takes one or marks their own done; admins
  // (and keys with outbound:write) assign them to anyone and cancel them (the service's rule).
  callbacks: {
    collection: route('/callbacks', {
      GET: { access: 'user', key: 'outbound:read', billing: true, request: callbacksQuerySchema },
    }),
    byId: route('/callbacks/:id', {
      PATCH: {
        access: 'user',
        key: 'outbound:write',
        billing: true,
        request: updateCallbackSchema,
        example: { action: 'assign' },
      },
    }),
  },
  // Calls, re-analysis and the live event stream.
  calls: {
    list: route('/calls', {
      GET: { access: 'user', key: 'calls:read', billing: true },
    }),
    analytics: route('/calls/analytics', {
      GET: { access: 'user', key: 'calls:read', billing: true },
    }),
    byId: route('/calls/:id', {
      GET: { access: 'user', key: 'calls:read', billing: true },
    }),
    recording: route('/calls/:id/recording', {
      GET: { access: 'user', key: 'calls:read', billing: true },
    }),
  },
  analysisRuns: {
    collection: route('/analysis-runs', {
      POST: { access: 'admin', key: 'calls:write', billing: true },
    }),
    byId: route('/analysis-runs/:id', {
      GET: { access: 'admin', key: 'calls:read', billing: true },
    }),
  },
  events: {
    // No billing gate: a tenant whose payment failed must still hear billing.status_changed.
    stream: route('/events', {
      GET: { access: 'user', key: 'calls:read' },
    }),
    /** Superadmins' stream: only 'operations.changed', when any tenant's dialer moves. */
    platform: route('/admin/events', {
      GET: { access: 'superadmin' },
    }),
  },
  /** Mounted only when NODE_ENV=test. */
  testSupport: {
    outbox: route('/test/outbox', {
      GET: { access: 'public' },
    }),
    tenants: route('/test/tenants', {
      POST: { access: 'public' },
    }),
    tenantBilling: route('/test/tenants/:id/billing', {
      PATCH: { access: 'public' },
    }),
  },
} as const;

/** Every route of {@link apiRoutes}, for checks that walk the whole API. */
export const API_ROUTES: readonly ApiRoute[] = Object.values(apiRoutes).flatMap((entry): ApiRoute[] =>
  typeof entry === 'function' ? [entry] : Object.values(entry),
);

/** Every method of every route, with what it needs and takes. */
export const API_OPERATIONS: readonly Operation[] = API_ROUTES.flatMap((entry) =>
  entry.methods.map((method) => entry.operation(method)),
);

const operationKey = (method: string, pattern: string) => `${method === 'HEAD' ? 'GET' : method} ${pattern}`;

const OPERATIONS: ReadonlyMap<string, Operation> = new Map(
  API_OPERATIONS.map((operation) => [operationKey(operation.method, operation.pattern), operation]),
);

/** The operation `method` (HEAD as GET) names on a pattern under the API prefix (`/agents/:id`); undefined when none. */
export function operationOf(method: string, pattern: string): Operation | undefined {
  return OPERATIONS.get(operationKey(method, pattern));
}

/** What a key needs for `method` on a pattern under the API prefix; undefined (keys refused) when not in the table. */
export function keyRequirement(method: string, pattern: string): KeyRequirement | undefined {
  return operationOf(method, pattern)?.key;
}
