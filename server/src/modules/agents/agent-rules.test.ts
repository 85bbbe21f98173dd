import { describe, expect, it } from 'vitest';
import type { PhoneNumberRecord } from '../phone-numbers/phone-numbers.service';
import { answeringAgent, deactivation, planLimitError, providerNumber, updatedFields } from './agent-rules';
import type { AgentRecord } from './agents.store';

const agent: AgentRecord = {
  id: 'a1',
  tenantId: 't1',
  name: 'Reception',
  purpose: 'Answer the clinic',
  greeting: 'Kia ora',
  closing: 'Ka kite',
  disclosure: null,
  knowledge: null,
  knowledgeRefs: [],
  voiceId: null,
  prompt: 'Be brief',
  transferTargets: [],
  silenceTimeoutSeconds: 30,
  maxCallSeconds: 600,
  endCallOnHoldMusic: true,
  active: true,
  locked: false,
  elevenlabsAgentId: 'agent_1',
  phoneNumberId: 'n1',
  phoneNumber: '+6491234567',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const number = (assignedAgent: PhoneNumberRecord['assignedAgent']) =>
  ({ id: 'n1', elevenlabsPhoneNumberId: 'phnum_1', assignedAgent }) as PhoneNumberRecord;

describe('agent rules', () => {
  it('names the plan limit, in the singular for one', () => {
    expect(planLimitError(1).message).toBe(
      'Your plan allows up to 1 agent. Delete an agent or upgrade your plan to add more.',
    );
    expect(planLimitError(3).message).toContain('up to 3 agents.');
    expect(planLimitError(3).code).toBe('PLAN_LIMIT_REACHED');
  });

  it('keeps what an update does not name, and clears the prompt only when asked', () => {
    expect(updatedFields(agent, { name: 'Front desk' })).toEqual({
      fields: {
        name: 'Front desk',
        purpose: agent.purpose,
        greeting: 'Kia ora',
        closing: 'Ka kite',
        prompt: 'Be brief',
        transferTargets: [],
        silenceTimeoutSeconds: 30,
        maxCallSeconds: 600,
        endCallOnHoldMusic: true,
        disclosure: null,
      },
      active: true,
    });
    expect(updatedFields(agent, { prompt: null, active: false })).toMatchObject({
      fields: { prompt: null },
      active: false,
    });
  });

  it('gives a number back only to an active agent that answered it', () => {
    expect(answeringAgent(number({ id: 'a9', name: 'Other', active: true, providerAgentId: 'agent_9' }))).toBe(
      'agent_9',
    );
    expect(answeringAgent(number({ id: 'a9', name: 'Other', active: false, providerAgentId: 'agent_9' }))).toBeNull();
    expect(answeringAgent(undefined)).toBeNull();
    expect(providerNumber(number(null))).toEqual({ id: 'n1', providerPhoneId: 'phnum_1' });
  });

  it('deactivates an agent on the number it keeps', () => {
    const own = { id: 'n1', providerPhoneId: 'phnum_1' };
    expect(deactivation(agent, own)).toEqual({
      current: own,
      next: own,
      wasActive: true,
      active: false,
      previousProviderAgentId: 'agent_1',
      providerAgentId: 'agent_1',
      nextHolderProviderAgentId: null,
    });
  });
});
