import type { Agent } from '@shared/api/agents.types';
import { agentTotalsJoin, listedAgentStats } from '../stats/stats.service';
import { createAgentsContext, type AgentsDeps, type AgentsModules } from './agent-context';
import { createAgentCreation } from './agent-create';
import { createAgentRemoval } from './agent-remove';
import { toAgent } from './agent-rules';
import { createAgentUpdate } from './agent-update';
import {
  agentsAtProvider,
  countActiveAgents,
  countAllAgents,
  createAgentListReader,
  findAgentByProviderId,
} from './agents.store';

export type AgentsService = ReturnType<typeof createAgentsService>;

/**
 * Voice agents: our rows and their twins at the voice provider, kept in step. Provider calls come first and
 * are undone if a later step fails; our rows are written last in one transaction.
 */
export function createAgentsService(deps: AgentsDeps, modules: AgentsModules) {
  const { db } = deps;
  const context = createAgentsContext(deps, modules);
  const { create, intentHandlers } = createAgentCreation(context);
  const listAgents = createAgentListReader(agentTotalsJoin);

  async function list(tenantId: string): Promise<Agent[]> {
    const [agents, currency] = await Promise.all([listAgents(db, tenantId), modules.tenants.currency(tenantId)]);
    return agents.map((agent) => toAgent(agent, listedAgentStats(agent.totals, currency)));
  }

  return {
    list,
    get: context.view,
    create,
    update: createAgentUpdate(context),
    remove: createAgentRemoval(context),
    intentHandlers,
    require: context.requireAgent,
    findByProviderId: (providerAgentId: string) => findAgentByProviderId(db, providerAgentId),
    countActive: (tenantId: string) => countActiveAgents(db, tenantId),
    countAll: () => countAllAgents(db),
    atProvider: () => agentsAtProvider(db),
  };
}
