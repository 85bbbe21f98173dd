import type { AppDeps } from './app-deps';
import { createAdminService } from './modules/admin/admin.service';
import { createAgentTemplatesService } from './modules/agent-templates/agent-templates.service';
import { createAgentCallsService } from './modules/agents/agent-calls.service';
import { createAgentKnowledgeService } from './modules/agents/agent-knowledge.service';
import { createAgentProviderService } from './modules/agents/agent-provider.service';
import { createAgentsService } from './modules/agents/agents.service';
import { createBillingService } from './modules/billing/billing.service';
import { createCallsService } from './modules/calls/calls.service';
import { createCampaignsService } from './modules/campaigns/campaigns.service';
import { createInvitationsService } from './modules/invitations/invitations.service';
import { createPhoneNumbersService } from './modules/phone-numbers/phone-numbers.service';
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
  const tenants = createTenantsService(deps);
  const users = createUsersService(deps);
  const voices = createVoicesService(deps);
  const agentTemplates = createAgentTemplatesService(deps);
  const invitations = createInvitationsService(deps);
  const uploads = createUploadsService(deps);
  const campaigns = createCampaignsService(deps);
  const usage = createUsageService(deps);
  const stats = createStatsService(deps);
  const billing = createBillingService(deps, tenants);
  const providerIntents = createProviderIntentsService(deps);
  const phoneNumbers = createPhoneNumbersService(deps, tenants, billing, providerIntents);
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
  providerIntents.useHandlers({
    'phone-number.purchase': phoneNumbers.purchaseIntentHandler,
    ...agents.intentHandlers,
  });
  const calls = createCallsService(deps, { agents, campaigns, tenants, usage, stats });
  const agentCalls = createAgentCallsService(deps, { agents, calls, stats, phoneNumbers });
  const dashboard = createDashboardService(agents, phoneNumbers, usage);
  const admin = createAdminService({ tenants, users, agents, phoneNumbers, calls });
  const testSupport = createTestSupportService(deps, tenants, users);

  return {
    tenants,
    users,
    voices,
    agentTemplates,
    invitations,
    uploads,
    billing,
    providerIntents,
    phoneNumbers,
    agents,
    calls,
    agentCalls,
    dashboard,
    admin,
    testSupport,
  };
}
