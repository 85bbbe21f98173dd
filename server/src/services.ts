import type { AppDeps } from './app-deps';
import { createAccessTokenSigner } from './http/auth.middleware';
import { createAdminService } from './modules/admin/admin.service';
import { createAgentTemplatesService } from './modules/agent-templates/agent-templates.service';
import { createAgentCallsService } from './modules/agents/agent-calls.service';
import { createAgentKnowledgeService } from './modules/agents/agent-knowledge.service';
import { createAgentProviderService } from './modules/agents/agent-provider.service';
import { createAgentsService } from './modules/agents/agents.service';
import { createApiKeysService } from './modules/api-keys/api-keys.service';
import { createAuditService } from './modules/audit/audit.service';
import { createAuthService } from './modules/auth/auth.service';
import { createBillingService } from './modules/billing/billing.service';
import { createCallbacksService } from './modules/callbacks/callbacks.service';
import { createCallAnalysisService } from './modules/calls/call-analysis.service';
import { createCallsService } from './modules/calls/calls.service';
import { createCampaignsService } from './modules/campaigns/campaigns.service';
import { createContactDialingService } from './modules/contacts/contact-dialing.service';
import { createContactSyncService } from './modules/contacts/contact-sync.service';
import { createContactsService } from './modules/contacts/contacts.service';
import { createDataPolicyService } from './modules/data-policy/data-policy.service';
import { createRetentionService } from './modules/data-policy/retention.service';
import { createBatchCallsService } from './modules/dialer/batch-calls.service';
import { createDialerLiveService } from './modules/dialer/dialer-live.service';
import { createMachineVerdictsService } from './modules/calls/machine-verdicts.service';
import { createDialerOverviewService } from './modules/dialer/dialer-overview.service';
import { createOperationsService } from './modules/operations/operations.service';
import { createCampaignProgress } from './modules/dialer/dialer-progress';
import { createDialerService } from './modules/dialer/dialer.service';
import { createDoNotCallService } from './modules/do-not-call/do-not-call.service';
import { createOptOutsService } from './modules/do-not-call/opt-outs.service';
import { createEventsService } from './modules/events/events.service';
import { createInvitationsService } from './modules/invitations/invitations.service';
import { createPhoneNumbersService } from './modules/phone-numbers/phone-numbers.service';
import { createPlansService } from './modules/plans/plans.service';
import { createProviderIntentsService } from './modules/provider-intents/provider-intents.service';
import { createDashboardService } from './modules/stats/dashboard.service';
import { createStatsService } from './modules/stats/stats.service';
import { createTenantsService } from './modules/tenants/tenants.service';
import { createTestSupportService } from './modules/test-support/test-support.service';
import { createUploadsService } from './modules/uploads/uploads.service';
import { createUsageService } from './modules/usage/usage.service';
import { createUsersService } from './modules/users/users.service';
import { createVoicesService } from './modules/voices/voices.service';
import { createWebhooksService } from './modules/webhooks/webhooks.service';

export type Services = ReturnType<typeof createServices>;

/**
 * Every module's service, built once from the app's dependencies and from the services it calls; a module
 * reaches another module's tables only through these. Listed in dependency order.
 */
export function createServices(deps: AppDeps) {
  const events = createEventsService(deps);
  const tenants = createTenantsService(deps, events);
  const audit = createAuditService(deps);
  const dataPolicy = createDataPolicyService(deps, audit);
  const users = createUsersService(deps, audit, events);
  const webhooks = createWebhooksService(deps, users);
  // A webhook's data leaves as the tenant's data policy lets it: call text redacted when the tenant redacts.
  webhooks.usePayloadFilter((tenantId, data, trx) => dataPolicy.redactedData(tenantId, data, trx));
  // Every live event that is also a webhook event goes out to the tenant's endpoints, in its publishing transaction.
  events.onPublish((tenantId, event, trx) => webhooks.publishLiveEvent(tenantId, event, trx));
  const voices = createVoicesService(deps);
  const agentTemplates = createAgentTemplatesService(deps);
  const invitations = createInvitationsService(deps, tenants, users, audit);
  const apiKeys = createApiKeysService(deps, audit);
  const auth = createAuthService(deps, createAccessTokenSigner(deps), { users, tenants, invitations, audit });
  const uploads = createUploadsService(deps);
  const usage = createUsageService(deps, tenants, webhooks);
  // Campaigns and provider intents are called by modules built below them and call those back: ports that reach
  // them at call time, once everything here exists.
  const campaigns = createCampaignsService(deps, tenants, uploads, events, {
    get: (tenantId, agentId) => agents.get(tenantId, agentId),
  });
  const doNotCall = createDoNotCallService(deps, users);
  const contacts = createContactsService(deps, campaigns, doNotCall, events, users);
  const contactSync = createContactSyncService(deps, campaigns, doNotCall);
  const stats = createStatsService(deps, tenants);
  const billing = createBillingService(deps, tenants, usage);
  const plans = createPlansService(deps, tenants, billing);
  const providerIntents = createProviderIntentsService(deps, () => intentHandlers);
  const phoneNumbers = createPhoneNumbersService(deps, tenants, billing, providerIntents, events);
  const agents = createAgentsService(deps, {
    tenants,
    voices,
    phoneNumbers,
    campaigns,
    stats,
    knowledge: createAgentKnowledgeService(deps, uploads),
    provider: createAgentProviderService(deps, tenants),
    intents: providerIntents,
  });
  const intentHandlers = { 'phone-number.purchase': phoneNumbers.purchaseIntentHandler, ...agents.intentHandlers };
  // The dialer: contacts' dialing state, attempts, pacing, brakes, batch calls.
  const contactDialing = createContactDialingService(deps);
  // Opt-outs from every channel (a call's analysis, the API, the tenant's systems, an admin) take one path.
  const optOuts = createOptOutsService(deps, {
    doNotCall,
    contacts: contactDialing,
    webhooks,
    progress: createCampaignProgress(deps, { campaigns, contacts: contactDialing, events }),
  });
  const callbacks = createCallbacksService(deps, { users, contacts: contactDialing, webhooks });
  const callAnalysis = createCallAnalysisService(deps, { agents, campaigns, events, optOuts, tenants, dataPolicy });
  const calls = createCallsService(deps, {
    agents,
    campaigns,
    tenants,
    usage,
    stats,
    events,
    analysis: callAnalysis,
    dataPolicy,
    webhooks,
    callbacks,
  });
  const retention = createRetentionService(deps, { dataPolicy, calls });
  const agentCalls = createAgentCallsService(deps, { agents, calls, stats, phoneNumbers });
  const dashboard = createDashboardService(agents, phoneNumbers, usage);
  const admin = createAdminService(deps, { tenants, users, agents, phoneNumbers, calls, billing });
  const testSupport = createTestSupportService(deps, tenants, users, usage);
  const dialer = createDialerService(deps, {
    callbacks,
    campaigns,
    contacts: contactDialing,
    tenants,
    agents,
    phoneNumbers,
    usage,
    doNotCall,
    events,
    webhooks,
  });
  const machineVerdicts = createMachineVerdictsService(deps, { campaigns });
  const dialerOverview = createDialerOverviewService(deps, {
    campaigns,
    contacts: contactDialing,
    doNotCall,
    calls,
    callbacks,
  });
  const operations = createOperationsService(deps, {
    dialerOverview,
    dialerLive: createDialerLiveService(deps),
    campaigns,
    contacts: contactDialing,
    tenants,
  });
  const batchCalls = createBatchCallsService(deps, {
    campaigns,
    contacts: contactDialing,
    tenants,
    dialer,
    doNotCall,
  });

  return {
    events,
    tenants,
    users,
    voices,
    agentTemplates,
    invitations,
    audit,
    auth,
    apiKeys,
    uploads,
    usage,
    campaigns,
    contacts,
    contactSync,
    doNotCall,
    optOuts,
    billing,
    plans,
    providerIntents,
    phoneNumbers,
    agents,
    stats,
    calls,
    callAnalysis,
    agentCalls,
    dashboard,
    admin,
    testSupport,
    contactDialing,
    dialer,
    operations,
    dialerOverview,
    batchCalls,
    webhooks,
    dataPolicy,
    retention,
    callbacks,
    machineVerdicts,
  };
}
