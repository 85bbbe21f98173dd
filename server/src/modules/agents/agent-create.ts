import type { CreateAgentResponse } from '@shared/api/agents.types';
import { AGENT_CALL_LIMIT_DEFAULTS, transferTargetsOf, type CreateAgentRequest } from '@shared/schemas/agent.schema';
import { newId } from '../../lib/ids';
import type { IntentHandlers, ProviderIntent } from '../provider-intents/provider-intent.types';
import type { AgentsContext } from './agent-context';
import { answeringAgent, planLimitError, providerNumber } from './agent-rules';
import { countAgents, findAgent } from './agents.store';

/** Creating an agent: the provider twin first, under an intent a crash cannot leave half-made; our rows last. */
export function createAgentCreation(context: AgentsContext) {
  const { deps, modules, view, recordCreated, removeRows } = context;
  const { db } = deps;
  const { tenants, voices, phoneNumbers, campaigns, knowledge, provider, intents } = modules;

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
      disclosure: input.disclosure ?? null,
      prompt: input.prompt ?? null,
      transferTargets: transferTargetsOf(input.transferTargets),
      silenceTimeoutSeconds: input.silenceTimeoutSeconds ?? AGENT_CALL_LIMIT_DEFAULTS.silenceTimeoutSeconds,
      maxCallSeconds: input.maxCallSeconds ?? AGENT_CALL_LIMIT_DEFAULTS.maxCallSeconds,
      endCallOnHoldMusic: input.endCallOnHoldMusic ?? AGENT_CALL_LIMIT_DEFAULTS.endCallOnHoldMusic,
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

  return { create, intentHandlers };
}
