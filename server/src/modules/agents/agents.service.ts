import type { Knex } from 'knex';
import type { Agent, AgentStats, CreateAgentResponse, DeleteAgentResponse } from '@shared/api/agents.types';
import type { CreateAgentRequest, UpdateAgentRequest } from '@shared/schemas/agent.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { createUndoLog } from '../../lib/provider-call';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { PhoneNumberRecord, PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { IntentHandlers, IntentKinds, ProviderIntent } from '../provider-intents/provider-intent.types';
import type { ProviderIntentsService } from '../provider-intents/provider-intents.service';
import { agentTotalsJoin, listedAgentStats, type StatsService } from '../stats/stats.service';
import type { TenantsService } from '../tenants/tenants.service';
import type { VoicesService } from '../voices/voices.service';
import { sameKnowledge, type AgentKnowledgeService } from './agent-knowledge.service';
import type { AgentProviderService } from './agent-provider.service';
import {
  countActiveAgents,
  countAgents,
  countAllAgents,
  agentsAtProvider,
  deleteAgent,
  findAgent,
  findAgentByProviderId,
  insertAgent,
  createAgentListReader,
  updateAgent,
  type AgentRecord,
} from './agents.store';
import type { ProviderNumber } from './provider-assignment';

export const AGENT_LOCKED_MESSAGE = 'This agent is locked and cannot be edited or deleted. Please contact support.';

export type AgentsService = ReturnType<typeof createAgentsService>;

function planLimitError(max: number): DomainError {
  const agents = `${max} agent${max === 1 ? '' : 's'}`;
  return new DomainError(
    'PLAN_LIMIT_REACHED',
    `Your plan allows up to ${agents}. Delete an agent or upgrade your plan to add more.`,
  );
}

function toAgent(record: AgentRecord, stats: AgentStats): Agent {
  return {
    id: record.id,
    name: record.name,
    purpose: record.purpose,
    greeting: record.greeting,
    closing: record.closing,
    knowledge: record.knowledge,
    voiceId: record.voiceId,
    prompt: record.prompt,
    active: record.active,
    locked: record.locked,
    phoneNumber: record.phoneNumber,
    phoneNumberId: record.phoneNumberId,
    elevenlabsAgentId: record.elevenlabsAgentId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    stats,
  };
}

function providerNumber(number: PhoneNumberRecord | undefined): ProviderNumber | null {
  return number ? { id: number.id, providerPhoneId: number.elevenlabsPhoneNumberId } : null;
}

/** The provider agent answering a number before it moves to another agent, so a failed move can give it back. */
function answeringAgent(number: PhoneNumberRecord | undefined): string | null {
  const holder = number?.assignedAgent;
  return holder?.active ? holder.providerAgentId : null;
}

/**
 * Voice agents: our rows and their twins at the voice provider, kept in step. Provider calls come first and
 * are undone if a later step fails; our rows are written last in one transaction.
 */
export function createAgentsService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'logger'>,
  services: {
    tenants: TenantsService;
    voices: VoicesService;
    phoneNumbers: PhoneNumbersService;
    campaigns: CampaignsService;
    stats: StatsService;
    knowledge: AgentKnowledgeService;
    provider: AgentProviderService;
    intents: ProviderIntentsService;
  },
) {
  const { db, logger } = deps;
  const { tenants, voices, phoneNumbers, campaigns, stats, knowledge, provider, intents } = services;
  const listAgents = createAgentListReader(agentTotalsJoin);

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

  async function list(tenantId: string): Promise<Agent[]> {
    const [agents, currency] = await Promise.all([listAgents(db, tenantId), tenants.currency(tenantId)]);
    return agents.map((agent) => toAgent(agent, listedAgentStats(agent.totals, currency)));
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
        ...fields,
        knowledgeRefs: refs.knowledgeRefs,
        active: true,
        elevenlabsAgentId: refs.providerAgentId,
      },
      isoNow(deps.clock),
    );
    if (number) await phoneNumbers.assign(trx, tenantId, number.id, id);
    if (campaignId) await campaigns.linkAgent(trx, tenantId, campaignId, id);
  }

  async function create(tenantId: string, input: CreateAgentRequest): Promise<CreateAgentResponse> {
    // Every referenced id must be the tenant's (or the catalogue's) before anything is created anywhere.
    const voice = input.voiceId ? await voices.requireActive(input.voiceId) : undefined;
    const number = input.phoneNumberId
      ? await phoneNumbers.requireAssignable(tenantId, input.phoneNumberId)
      : undefined;
    if (input.campaignId) await campaigns.requireWithoutAgent(tenantId, input.campaignId);
    const checkedKnowledge = await knowledge.check(tenantId, input.knowledge ?? null);
    const { maxAgents } = await tenants.plan(tenantId);
    if ((await countAgents(db, tenantId)) >= maxAgents) throw planLimitError(maxAgents);

    const id = newId();
    const fields = {
      name: input.name,
      purpose: input.purpose,
      greeting: input.greeting,
      closing: input.closing,
      prompt: input.prompt ?? null,
    };
    // One open creation per number: a crashed creation's undo gives the number back, and must not take it from
    // another agent being created on it meanwhile.
    const intent = await intents.begin(
      'agent.create',
      { tenantId, id, key: number?.phoneNumber ?? id },
      {
        ...fields,
        knowledge: input.knowledge ?? null,
        voiceId: voice?.id ?? null,
        campaignId: input.campaignId ?? null,
        number: number
          ? {
              id: number.id,
              phoneNumber: number.phoneNumber,
              providerPhoneId: number.elevenlabsPhoneNumberId,
              previousAgentId: answeringAgent(number),
            }
          : null,
      },
      'NUMBER_BEING_ASSIGNED',
    );
    try {
      const knowledgeRefs = await knowledge.createDocuments(input.name, checkedKnowledge);
      if (checkedKnowledge) await intents.record(intent, { knowledgeRefs });
      // The provider agent carries our agent's id as a tag: that is how a crash's leftovers are found again.
      const providerAgentId = await provider.create(await provider.config(tenantId, id, fields, voice, knowledgeRefs));
      await intents.record(intent, { providerAgentId });
      const assignment = {
        current: null,
        next: providerNumber(number),
        wasActive: false,
        active: true,
        previousProviderAgentId: null,
        providerAgentId,
        nextHolderProviderAgentId: answeringAgent(number),
      };
      if (await provider.assignNumbers(assignment)) await intents.record(intent, { numberAssigned: true });
      await intents.complete(intent, (trx) =>
        recordCreated(trx, intent, { providerAgentId, knowledgeRefs }, maxAgents),
      );
    } catch (error) {
      await intents.abandon(intent, error);
      throw error;
    }
    const agent = await view(tenantId, id);
    return { agent, phoneNumber: agent.phoneNumber, message: 'AI Voice Agent Created!' };
  }

  async function update(tenantId: string, id: string, input: UpdateAgentRequest): Promise<Agent> {
    const agent = await requireEditable(tenantId, id);
    const currentVoice = agent.voiceId ? await voices.find(agent.voiceId) : undefined;
    const voice =
      input.voiceId === undefined
        ? currentVoice
        : input.voiceId
          ? await voices.requireActive(input.voiceId)
          : undefined;
    const currentNumber = await phoneNumbers.ofAgent(tenantId, id);
    const nextNumber =
      input.phoneNumberId === undefined
        ? currentNumber
        : input.phoneNumberId
          ? await phoneNumbers.requireAssignable(tenantId, input.phoneNumberId)
          : undefined;
    const numberChanged = nextNumber?.id !== currentNumber?.id;

    // A knowledge source in the request replaces the agent's (null removes it); without one it stays.
    const nextKnowledge = input.knowledge === undefined ? agent.knowledge : input.knowledge;
    const knowledgeChanged = !sameKnowledge(agent.knowledge, nextKnowledge);
    const checkedKnowledge = knowledgeChanged ? await knowledge.check(tenantId, nextKnowledge) : null;

    const fields = {
      name: input.name ?? agent.name,
      purpose: input.purpose ?? agent.purpose,
      greeting: input.greeting ?? agent.greeting,
      closing: input.closing ?? agent.closing,
      prompt: input.prompt !== undefined ? input.prompt : agent.prompt,
    };
    const active = input.active ?? agent.active;

    const undo = createUndoLog(logger);
    try {
      const knowledgeRefs = knowledgeChanged
        ? await knowledge.createDocuments(fields.name, checkedKnowledge)
        : agent.knowledgeRefs;
      const config = await provider.config(tenantId, id, fields, voice, knowledgeRefs);
      let providerAgentId = agent.elevenlabsAgentId;
      if (providerAgentId) {
        const previous = await provider.config(tenantId, id, agent, currentVoice, agent.knowledgeRefs);
        await provider.update(providerAgentId, config, previous, undo);
      } else {
        // An agent whose provider twin was never made (or was lost) gets one now.
        providerAgentId = await provider.create(config, undo);
      }
      await provider.assignNumbers(
        {
          current: providerNumber(currentNumber),
          next: providerNumber(nextNumber),
          wasActive: agent.active,
          active,
          previousProviderAgentId: agent.elevenlabsAgentId,
          providerAgentId,
          nextHolderProviderAgentId: numberChanged ? answeringAgent(nextNumber) : null,
        },
        undo,
      );

      await db.transaction(async (trx) => {
        await updateAgent(
          trx,
          tenantId,
          id,
          {
            ...fields,
            knowledge: nextKnowledge,
            knowledgeRefs,
            voiceId: voice?.id ?? null,
            active,
            elevenlabsAgentId: providerAgentId,
          },
          isoNow(deps.clock),
        );
        if (numberChanged) {
          if (nextNumber) await phoneNumbers.assign(trx, tenantId, nextNumber.id, id);
          else await phoneNumbers.unassignAgent(trx, tenantId, id);
        }
      });
    } catch (error) {
      await undo.rollback();
      throw error;
    }
    return view(tenantId, id);
  }

  /** DELETE: an active agent is deactivated (it stops answering its number); an inactive one is deleted. */
  async function remove(tenantId: string, id: string): Promise<DeleteAgentResponse> {
    const agent = await requireEditable(tenantId, id);

    if (agent.active) {
      const number = providerNumber(await phoneNumbers.ofAgent(tenantId, id));
      const undo = createUndoLog(logger);
      try {
        await provider.assignNumbers(
          {
            current: number,
            next: number,
            wasActive: true,
            active: false,
            previousProviderAgentId: agent.elevenlabsAgentId,
            providerAgentId: agent.elevenlabsAgentId,
            nextHolderProviderAgentId: null,
          },
          undo,
        );
        await updateAgent(db, tenantId, id, { active: false }, isoNow(deps.clock));
      } catch (error) {
        await undo.rollback();
        throw error;
      }
      return { message: 'Agent deactivated successfully.', deleted: false };
    }

    const providerAgentId = agent.elevenlabsAgentId;
    if (!providerAgentId) {
      await db.transaction((trx) => removeRows(trx, tenantId, id));
    } else {
      const intent = await intents.begin(
        'agent.delete',
        { tenantId, id, key: id },
        { providerAgentId },
        'AGENT_BEING_DELETED',
      );
      try {
        await provider.remove(providerAgentId);
        await intents.record(intent, { providerAgentDeleted: true });
        await intents.complete(intent, (trx) => removeRows(trx, tenantId, id));
      } catch (error) {
        await intents.abandon(intent, error);
        throw error;
      }
    }
    return { message: 'Agent deleted successfully.', deleted: true };
  }

  async function removeRows(trx: Knex.Transaction, tenantId: string, id: string): Promise<void> {
    await phoneNumbers.unassignAgent(trx, tenantId, id);
    await deleteAgent(trx, tenantId, id);
  }

  const agentExists = async ({ tenantId, subjectId }: ProviderIntent) =>
    (await findAgent(db, tenantId, subjectId)) !== undefined;

  /** What the reconciler needs of this module to settle an agent's creation or deletion left open by a crash. */
  const intentHandlers: Pick<IntentHandlers, 'agent.create' | 'agent.delete'> = {
    'agent.create': {
      recorded: agentExists,
      async finish(intent, refs) {
        const { maxAgents } = await tenants.plan(intent.tenantId);
        return (trx) => recordCreated(trx, intent, refs, maxAgents);
      },
    },
    'agent.delete': {
      recorded: agentExists,
      finish:
        async ({ tenantId, subjectId }) =>
        (trx) =>
          removeRows(trx, tenantId, subjectId),
    },
  };

  return {
    list,
    get: view,
    create,
    update,
    remove,
    intentHandlers,
    require: requireAgent,
    findByProviderId: (providerAgentId: string) => findAgentByProviderId(db, providerAgentId),
    countActive: (tenantId: string) => countActiveAgents(db, tenantId),
    countAll: () => countAllAgents(db),
    atProvider: () => agentsAtProvider(db),
  };
}
