import type { Knex } from 'knex';
import { AGENT_CALL_LIMIT_DEFAULTS } from '@shared/schemas/agent.schema';
import type { Agent } from '@shared/api/agents.types';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { IntentKinds, ProviderIntent } from '../provider-intents/provider-intent.types';
import type { ProviderIntentsService } from '../provider-intents/provider-intents.service';
import type { StatsService } from '../stats/stats.service';
import type { TenantsService } from '../tenants/tenants.service';
import type { VoicesService } from '../voices/voices.service';
import type { AgentKnowledgeService } from './agent-knowledge.service';
import type { AgentProviderService } from './agent-provider.service';
import { AGENT_LOCKED_MESSAGE, planLimitError, toAgent } from './agent-rules';
import { countAgents, deleteAgent, findAgent, insertAgent, type AgentRecord } from './agents.store';

export type AgentsDeps = Pick<AppDeps, 'db' | 'clock' | 'logger'>;
export interface AgentsModules {
  tenants: TenantsService;
  voices: VoicesService;
  phoneNumbers: PhoneNumbersService;
  campaigns: CampaignsService;
  stats: StatsService;
  knowledge: AgentKnowledgeService;
  provider: AgentProviderService;
  intents: ProviderIntentsService;
}
export type AgentsContext = ReturnType<typeof createAgentsContext>;

/** What every part of the agents service shares: its dependencies and modules, lookups, and the rows it writes. */
export function createAgentsContext(deps: AgentsDeps, modules: AgentsModules) {
  const { db } = deps;
  const { tenants, phoneNumbers, campaigns, stats } = modules;

  async function requireAgent(tenantId: string, id: string): Promise<AgentRecord> {
    const agent = await findAgent(db, tenantId, id);
    if (!agent) throw new DomainError('NOT_FOUND');
    return agent;
  }

  async function requireEditable(tenantId: string, id: string): Promise<AgentRecord> {
    const agent = await requireAgent(tenantId, id);
    if (agent.locked) throw new DomainError('AGENT_LOCKED', AGENT_LOCKED_MESSAGE);
    return agent;
  }

  async function view(tenantId: string, id: string): Promise<Agent> {
    const agent = await requireAgent(tenantId, id);
    const { averageCostCents: _averageCost, ...totals } = await stats.agentTotals(tenantId, id);
    return toAgent(agent, totals);
  }

  /**
   * Our rows for an agent whose provider twin is complete, in `trx`: the agent (the plan's limit counted again
   * under the tenant's lock, so two creates racing for the last slot cannot both pass), its number and campaign.
   */
  async function recordCreated(
    trx: Knex.Transaction,
    intent: ProviderIntent<'agent.create'>,
    refs: IntentKinds['agent.create']['finish'],
    maxAgents: number,
  ): Promise<void> {
    const { tenantId, subjectId: id, input } = intent;
    await tenants.lock(trx, tenantId);
    if ((await countAgents(trx, tenantId)) >= maxAgents) throw planLimitError(maxAgents);
    const { number, campaignId, ...fields } = input;
    await insertAgent(
      trx,
      tenantId,
      id,
      {
        ...AGENT_CALL_LIMIT_DEFAULTS,
        ...fields,
        transferTargets: fields.transferTargets ?? [],
        disclosure: fields.disclosure ?? null,
        knowledgeRefs: refs.knowledgeRefs,
        active: true,
        elevenlabsAgentId: refs.providerAgentId,
      },
      isoNow(deps.clock),
    );
    if (number) await phoneNumbers.assign(trx, tenantId, number.id, id);
    if (campaignId) await campaigns.linkAgent(trx, tenantId, campaignId, id);
  }

  async function removeRows(trx: Knex.Transaction, tenantId: string, id: string): Promise<void> {
    await phoneNumbers.unassignAgent(trx, tenantId, id);
    await deleteAgent(trx, tenantId, id);
  }

  return { deps, modules, requireAgent, requireEditable, view, recordCreated, removeRows };
}
