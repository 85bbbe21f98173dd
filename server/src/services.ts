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
import { createCallAnalysisService } from './modules/calls/call-analysis.service';
import { createCallsService } from './modules/calls/calls.service';
import { createCampaignsService } from './modules/campaigns/campaigns.service';
import { createContactDialingService } from './modules/contacts/contact-dialing.service';
import { createContactSyncService } from './modules/contacts/contact-sync.service';
import { createContactsService } from './modules/contacts/contacts.service';
import { createBatchCallsService } from './modules/dialer/batch-calls.service';
import { createDialerOverviewService } from './modules/dialer/dialer-overview.service';
import { createDialerService } from './modules/dialer/dialer.service';
import { createDoNotCallService } from './modules/do-not-call/do-not-call.service';
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

export type Services = ReturnType<typeof createServices>;

/**
 * Every module's service, built once from the app's dependencies and from the services it calls; a module
 * reaches another module's tables only through these. Listed in dependency order.
 */
export function createServices(deps: AppDeps) {
  const events = createEventsService(deps);
  const tenants = createTenantsService(deps, events);
  const audit = createAuditService(deps);
  const users = createUsersService(deps, audit);
  const voices = createVoicesService(deps);
  const agentTemplates = createAgentTemplatesService(deps);
  const invitations = createInvitationsService(deps, tenants, users, audit);
  const apiKeys = createApiKeysService(deps, audit);
  const auth = createAuthService(deps, createAccessTokenSigner(deps), { users, tenants, invitations, audit });
  const uploads = createUploadsService(deps);
  const usage = createUsageService(deps, tenants);
  // Campaigns and provider intents are called by modules built below them and call those back: ports that reach
  // them at call time, once everything here exists.
  const campaigns = createCampaignsService(deps, tenants, uploads, events, {
    get: (tenantId, agentId) => agents.get(tenantId, agentId),
  });
  const doNotCall = createDoNotCallService(deps);
  const contacts = createContactsService(deps, campaigns, doNotCall, events);
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
  const callAnalysis = createCallAnalysisService(deps, { agents, campaigns, events, doNotCall });
  const calls = createCallsService(deps, { agents, campaigns, tenants, usage, stats, events, analysis: callAnalysis });
  const agentCalls = createAgentCallsService(deps, { agents, calls, stats, phoneNumbers });
  const dashboard = createDashboardService(agents, phoneNumbers, usage);
  const admin = createAdminService(deps, { tenants, users, agents, phoneNumbers, calls, billing });
  const testSupport = createTestSupportService(deps, tenants, users, usage);
  // The dialer: contacts' dialing state, attempts, pacing, brakes, batch calls.
  const contactDialing = createContactDialingService(deps);
  const dialer = createDialerService(deps, {
    campaigns,
    contacts: contactDialing,
    tenants,
    agents,
    phoneNumbers,
    usage,
    doNotCall,
    events,
  });
  const dialerOverview = createDialerOverviewService(deps, {
    campaigns,
    contacts: contactDialing,
    doNotCall,
    calls,
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
    dialerOverview,
    batchCalls,
  };
}
