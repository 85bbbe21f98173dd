import { describe, expect, it } from 'vitest';
import type { IntentKind, IntentKinds, IntentObservation, ProviderIntent } from './provider-intent.types';
import { planSettlement, type SettleMode } from './settlement-plan';

function intentOf<K extends IntentKind>(
  kind: K,
  input: IntentKinds[K]['input'],
  refs: IntentKinds[K]['refs'] = {},
): ProviderIntent<K> {
  return {
    id: 'intent-1',
    tenantId: 'tenant-1',
    kind,
    subjectId: 'subject-1',
    subjectKey: 'key-1',
    state: 'open',
    input,
    refs,
    leaseToken: 'lease-1',
    attempts: 1,
    createdAt: '2026-11-20T10:00:00.000Z',
  };
}

const BOTH_MODES: SettleMode[] = ['recover', 'abandon'];

describe('settling a phone number purchase', () => {
  const purchase = intentOf('phone-number.purchase', { phoneNumber: '+6495550100', label: 'Reception', country: 'NZ' });
  const seen = (
    owned: boolean,
    imported: boolean,
    recorded: IntentObservation<'phone-number.purchase'>['recorded'] = null,
  ): IntentObservation<'phone-number.purchase'> => ({
    recorded,
    owned: owned ? { sid: 'PN1' } : null,
    imported: imported ? { phoneNumberId: 'phnum_1' } : null,
  });

  it('finishes after a crash once the number is bought and imported, with the ids the providers report', () => {
    expect(planSettlement(purchase, seen(true, true), 'recover')).toEqual({
      action: 'finish',
      steps: [],
      refs: { twilioSid: 'PN1', voicePhoneNumberId: 'phnum_1' },
    });
  });

  it('undoes a failed request even when both providers have the number, import first, then the purchase', () => {
    expect(planSettlement(purchase, seen(true, true), 'abandon')).toEqual({
      action: 'undo',
      steps: [
        { step: 'delete-imported-number', phoneNumberId: 'phnum_1' },
        { step: 'release-number', sid: 'PN1' },
      ],
    });
  });

  it.each(BOTH_MODES)('releases a number bought but never imported (%s)', (mode) => {
    expect(planSettlement(purchase, seen(true, false), mode)).toEqual({
      action: 'undo',
      steps: [{ step: 'release-number', sid: 'PN1' }],
    });
  });

  it.each(BOTH_MODES)('removes an import whose number the telephony account no longer owns (%s)', (mode) => {
    expect(planSettlement(purchase, seen(false, true), mode)).toEqual({
      action: 'undo',
      steps: [{ step: 'delete-imported-number', phoneNumberId: 'phnum_1' }],
    });
  });

  it.each(BOTH_MODES)('closes as undone with nothing to do when neither provider has it (%s)', (mode) => {
    expect(planSettlement(purchase, seen(false, false), mode)).toEqual({ action: 'undo', steps: [] });
  });

  it.each(BOTH_MODES)('closes as done when our row for it was written (%s)', (mode) => {
    expect(planSettlement(purchase, seen(true, true, 'this'), mode)).toEqual({ action: 'close', state: 'done' });
  });

  it.each(BOTH_MODES)('never touches a number another row holds (%s)', (mode) => {
    expect(planSettlement(purchase, seen(true, true, 'other'), mode)).toEqual({ action: 'close', state: 'undone' });
  });
});

describe('settling an agent creation', () => {
  const knowledgeRef = { type: 'url' as const, id: 'doc_1', name: 'FAQ' };
  const input: IntentKinds['agent.create']['input'] = {
    name: 'Ava',
    purpose: 'Reception',
    greeting: 'Hi',
    closing: 'Bye',
    prompt: null,
    knowledge: null,
    voiceId: null,
    campaignId: null,
    number: null,
  };
  const onNumber = {
    ...input,
    number: { id: 'n1', phoneNumber: '+6495550100', providerPhoneId: 'phnum_1', previousAgentId: 'agent_old' },
  };
  const seen = (
    providerAgentIds: string[],
    numberAnsweredBy: string | null = null,
    recorded = false,
  ): IntentObservation<'agent.create'> => ({ recorded, providerAgentIds, numberAnsweredBy });

  it('finishes after a crash when the one tagged provider agent exists', () => {
    expect(planSettlement(intentOf('agent.create', input), seen(['agent_new']), 'recover')).toEqual({
      action: 'finish',
      steps: [],
      refs: { providerAgentId: 'agent_new', knowledgeRefs: [] },
    });
  });

  it('finishes with the recorded knowledge documents', () => {
    const withKnowledge = intentOf(
      'agent.create',
      { ...input, knowledge: { url: 'https://example.com' } },
      { knowledgeRefs: [knowledgeRef] },
    );
    expect(planSettlement(withKnowledge, seen(['agent_new']), 'recover')).toMatchObject({
      action: 'finish',
      refs: { providerAgentId: 'agent_new', knowledgeRefs: [knowledgeRef] },
    });
  });

  it('finishes only once the provider agent answers the number it was given', () => {
    const intent = intentOf('agent.create', onNumber);
    expect(planSettlement(intent, seen(['agent_new'], 'agent_new'), 'recover').action).toBe('finish');
    expect(planSettlement(intent, seen(['agent_new'], 'agent_old'), 'recover')).toEqual({
      action: 'undo',
      steps: [{ step: 'delete-agent', agentId: 'agent_new' }],
    });
  });

  it('a number never imported has nothing to answer at the provider, so it does not hold the creation back', () => {
    const unimported = intentOf('agent.create', { ...onNumber, number: { ...onNumber.number, providerPhoneId: null } });
    expect(planSettlement(unimported, seen(['agent_new']), 'recover').action).toBe('finish');
    expect(planSettlement(unimported, seen(['agent_new']), 'abandon')).toEqual({
      action: 'undo',
      steps: [{ step: 'delete-agent', agentId: 'agent_new' }],
    });
  });

  it('undoes a failed request: the number goes back to its previous agent before the new one is deleted', () => {
    const intent = intentOf('agent.create', onNumber, { knowledgeRefs: [knowledgeRef], providerAgentId: 'agent_new' });
    expect(planSettlement(intent, seen(['agent_new'], 'agent_new'), 'abandon')).toEqual({
      action: 'undo',
      steps: [
        { step: 'assign-number', phoneNumberId: 'phnum_1', agentId: 'agent_old' },
        { step: 'delete-agent', agentId: 'agent_new' },
        { step: 'delete-knowledge', documentId: 'doc_1' },
      ],
    });
  });

  it('a number that answered nobody before answers nobody again', () => {
    const intent = intentOf('agent.create', { ...onNumber, number: { ...onNumber.number, previousAgentId: null } });
    expect(planSettlement(intent, seen(['agent_new'], 'agent_new'), 'abandon').action).toBe('undo');
    expect(planSettlement(intent, seen(['agent_new'], 'agent_new'), 'abandon')).toMatchObject({
      steps: [{ step: 'assign-number', phoneNumberId: 'phnum_1', agentId: null }, expect.anything()],
    });
  });

  it('deletes the documents of a creation that crashed before its provider agent was made', () => {
    const intent = intentOf(
      'agent.create',
      { ...input, knowledge: { url: 'https://example.com' } },
      { knowledgeRefs: [knowledgeRef] },
    );
    expect(planSettlement(intent, seen([]), 'recover')).toEqual({
      action: 'undo',
      steps: [{ step: 'delete-knowledge', documentId: 'doc_1' }],
    });
  });

  it('does not finish with documents it never recorded', () => {
    const intent = intentOf('agent.create', { ...input, knowledge: { url: 'https://example.com' } });
    expect(planSettlement(intent, seen(['agent_new']), 'recover')).toEqual({
      action: 'undo',
      steps: [{ step: 'delete-agent', agentId: 'agent_new' }],
    });
  });

  it('deletes every tagged provider agent when there is more than one, and leaves a number they do not answer', () => {
    const intent = intentOf('agent.create', onNumber);
    expect(planSettlement(intent, seen(['agent_a', 'agent_b'], 'agent_old'), 'recover')).toEqual({
      action: 'undo',
      steps: [
        { step: 'delete-agent', agentId: 'agent_a' },
        { step: 'delete-agent', agentId: 'agent_b' },
      ],
    });
  });

  it.each(BOTH_MODES)('closes as done when the agent row was written (%s)', (mode) => {
    expect(planSettlement(intentOf('agent.create', input), seen(['agent_new'], null, true), mode)).toEqual({
      action: 'close',
      state: 'done',
    });
  });
});

describe('settling an agent deletion', () => {
  const intent = intentOf('agent.delete', { providerAgentId: 'agent_1' });
  const seen = (recorded: boolean, providerAgentExists: boolean): IntentObservation<'agent.delete'> => ({
    recorded,
    providerAgentExists,
  });

  it('after a crash, deletes the provider agent and then our rows: a deletion goes forward', () => {
    expect(planSettlement(intent, seen(true, true), 'recover')).toEqual({
      action: 'finish',
      steps: [{ step: 'delete-agent', agentId: 'agent_1' }],
      refs: {},
    });
  });

  it('a failed request that changed nothing at the provider is undone without a step', () => {
    expect(planSettlement(intent, seen(true, true), 'abandon')).toEqual({ action: 'close', state: 'undone' });
  });

  it.each(BOTH_MODES)(
    'removes our rows once the provider agent is gone, since that cannot be taken back (%s)',
    (mode) => {
      expect(planSettlement(intent, seen(true, false), mode)).toEqual({ action: 'finish', steps: [], refs: {} });
    },
  );

  it.each(BOTH_MODES)('deletes a provider agent whose row is already gone (%s)', (mode) => {
    expect(planSettlement(intent, seen(false, true), mode)).toEqual({
      action: 'finish',
      steps: [{ step: 'delete-agent', agentId: 'agent_1' }],
      refs: {},
    });
  });

  it.each(BOTH_MODES)('closes as done when both are gone (%s)', (mode) => {
    expect(planSettlement(intent, seen(false, false), mode)).toEqual({ action: 'close', state: 'done' });
  });
});
