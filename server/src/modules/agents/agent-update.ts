import type { Agent } from '@shared/api/agents.types';
import type { UpdateAgentRequest } from '@shared/schemas/agent.schema';
import { invalidField } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { createUndoLog } from '../../lib/provider-call';
import type { AgentsContext } from './agent-context';
import { sameKnowledge } from './agent-knowledge.service';
import { AGENT_DISCLOSURE_REQUIRED, answeringAgent, providerNumber, updatedFields } from './agent-rules';
import { updateAgent } from './agents.store';

/** Editing an agent: the provider twin changed first (undone if a later step fails), our rows in one transaction. */
export function createAgentUpdate(context: AgentsContext) {
  const { deps, modules, requireEditable, view } = context;
  const { db, logger } = deps;
  const { voices, phoneNumbers, knowledge, provider, campaigns } = modules;

  /** An agent that works through an outbound campaign keeps a disclosure line: clearing it is refused. */
  async function assertKeepsDisclosure(tenantId: string, id: string, disclosure: string | null): Promise<void> {
    if (disclosure?.trim()) return;
    const campaignId = await campaigns.campaignOfAgent(tenantId, id);
    const campaign = campaignId ? await campaigns.require(tenantId, campaignId).catch(() => null) : null;
    if (campaign?.campaignType === 'outbound') {
      throw invalidField('disclosure', AGENT_DISCLOSURE_REQUIRED);
    }
  }

  return async function update(tenantId: string, id: string, input: UpdateAgentRequest): Promise<Agent> {
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
    const { fields, active } = updatedFields(agent, input);
    if (input.disclosure !== undefined) await assertKeepsDisclosure(tenantId, id, fields.disclosure);

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
  };
}
