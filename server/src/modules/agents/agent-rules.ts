import type { Agent, AgentStats } from '@shared/api/agents.types';
import { transferTargetsOf, type UpdateAgentRequest } from '@shared/schemas/agent.schema';
import { DomainError } from '../../domain/domain-error';
import type { PhoneNumberRecord } from '../phone-numbers/phone-numbers.service';
import type { AgentRecord } from './agents.store';
import type { AssignmentChange, ProviderNumber } from './provider-assignment';

export const AGENT_DISCLOSURE_REQUIRED =
  'This agent calls for an outbound campaign, so it must open with who is calling and that it is an automated ' +
  'assistant: keep a disclosure line, or move the agent off the campaign first.';

export const AGENT_LOCKED_MESSAGE = 'This agent is locked and cannot be edited or deleted. Please contact support.';

/** The refusal of an agent beyond the plan's limit, naming the limit. */
export function planLimitError(max: number): DomainError {
  const agents = `${max} agent${max === 1 ? '' : 's'}`;
  return new DomainError(
    'PLAN_LIMIT_REACHED',
    `Your plan allows up to ${agents}. Delete an agent or upgrade your plan to add more.`,
  );
}

/** An agent as the API answers it. */
export function toAgent(record: AgentRecord, stats: AgentStats): Agent {
  return {
    id: record.id,
    name: record.name,
    purpose: record.purpose,
    greeting: record.greeting,
    closing: record.closing,
    disclosure: record.disclosure,
    knowledge: record.knowledge,
    voiceId: record.voiceId,
    prompt: record.prompt,
    transferTargets: record.transferTargets,
    silenceTimeoutSeconds: record.silenceTimeoutSeconds,
    maxCallSeconds: record.maxCallSeconds,
    endCallOnHoldMusic: record.endCallOnHoldMusic,
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

/** What the voice provider knows of one of our numbers. */
export function providerNumber(number: PhoneNumberRecord | undefined): ProviderNumber | null {
  return number ? { id: number.id, providerPhoneId: number.elevenlabsPhoneNumberId } : null;
}

/** The provider agent answering a number before it moves to another agent, so a failed move can give it back. */
export function answeringAgent(number: PhoneNumberRecord | undefined): string | null {
  const holder = number?.assignedAgent;
  return holder?.active ? holder.providerAgentId : null;
}

/** The agent's text fields and active flag after an update: what the request names replaces, the rest stays. */
export function updatedFields(agent: AgentRecord, input: UpdateAgentRequest) {
  return {
    fields: {
      name: input.name ?? agent.name,
      purpose: input.purpose ?? agent.purpose,
      greeting: input.greeting ?? agent.greeting,
      closing: input.closing ?? agent.closing,
      disclosure: input.disclosure !== undefined ? input.disclosure : agent.disclosure,
      prompt: input.prompt !== undefined ? input.prompt : agent.prompt,
      transferTargets:
        input.transferTargets !== undefined ? transferTargetsOf(input.transferTargets) : agent.transferTargets,
      silenceTimeoutSeconds: input.silenceTimeoutSeconds ?? agent.silenceTimeoutSeconds,
      maxCallSeconds: input.maxCallSeconds ?? agent.maxCallSeconds,
      endCallOnHoldMusic: input.endCallOnHoldMusic ?? agent.endCallOnHoldMusic,
    },
    active: input.active ?? agent.active,
  };
}

/** The number move of an agent that stops answering: its number stays, the agent goes inactive. */
export function deactivation(agent: AgentRecord, number: ProviderNumber | null): AssignmentChange {
  return {
    current: number,
    next: number,
    wasActive: true,
    active: false,
    previousProviderAgentId: agent.elevenlabsAgentId,
    providerAgentId: agent.elevenlabsAgentId,
    nextHolderProviderAgentId: null,
  };
}
