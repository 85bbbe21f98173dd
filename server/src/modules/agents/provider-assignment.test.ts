import { describe, expect, it } from 'vitest';
import { planProviderAssignment, type AssignmentChange } from './provider-assignment';

const A = { id: 'pn-a', providerPhoneId: 'phnum_a' };
const B = { id: 'pn-b', providerPhoneId: 'phnum_b' };
const NEVER_IMPORTED = { id: 'pn-x', providerPhoneId: null };

/** An active agent that keeps number A and its provider twin: nothing to do. */
const steady: AssignmentChange = {
  current: A,
  next: A,
  wasActive: true,
  active: true,
  previousProviderAgentId: 'agent_1',
  providerAgentId: 'agent_1',
  nextHolderProviderAgentId: null,
};

describe('planProviderAssignment', () => {
  it('changes nothing when the number, the activity and the provider agent stay', () => {
    expect(planProviderAssignment(steady)).toEqual([]);
  });

  it('puts a new agent on its number, and gives the number back to its holder on undo', () => {
    const steps = planProviderAssignment({
      ...steady,
      current: null,
      wasActive: false,
      previousProviderAgentId: null,
      nextHolderProviderAgentId: 'agent_other',
    });
    expect(steps).toEqual([
      { numberId: 'pn-a', providerPhoneId: 'phnum_a', assign: 'agent_1', restore: 'agent_other' },
    ]);
  });

  it('moves an active agent from one number to another: release first, then take', () => {
    expect(planProviderAssignment({ ...steady, next: B, nextHolderProviderAgentId: 'agent_other' })).toEqual([
      { numberId: 'pn-a', providerPhoneId: 'phnum_a', assign: null, restore: 'agent_1' },
      { numberId: 'pn-b', providerPhoneId: 'phnum_b', assign: 'agent_1', restore: 'agent_other' },
    ]);
  });

  it('releases the number an active agent gives up', () => {
    expect(planProviderAssignment({ ...steady, next: null })).toEqual([
      { numberId: 'pn-a', providerPhoneId: 'phnum_a', assign: null, restore: 'agent_1' },
    ]);
  });

  it('stops answering when the agent is deactivated, and answers again when reactivated', () => {
    expect(planProviderAssignment({ ...steady, active: false })).toEqual([
      { numberId: 'pn-a', providerPhoneId: 'phnum_a', assign: null, restore: 'agent_1' },
    ]);
    expect(planProviderAssignment({ ...steady, wasActive: false })).toEqual([
      { numberId: 'pn-a', providerPhoneId: 'phnum_a', assign: 'agent_1', restore: null },
    ]);
  });

  it('moves an inactive agent to a number nobody then answers, leaving its old number alone', () => {
    expect(
      planProviderAssignment({ ...steady, next: B, wasActive: false, active: false, nextHolderProviderAgentId: 'x' }),
    ).toEqual([{ numberId: 'pn-b', providerPhoneId: 'phnum_b', assign: null, restore: 'x' }]);
  });

  it('puts a remade provider agent on the number it keeps', () => {
    expect(planProviderAssignment({ ...steady, previousProviderAgentId: null, providerAgentId: 'agent_2' })).toEqual([
      { numberId: 'pn-a', providerPhoneId: 'phnum_a', assign: 'agent_2', restore: null },
    ]);
  });

  it('has no provider step for a number that was never imported', () => {
    expect(planProviderAssignment({ ...steady, current: NEVER_IMPORTED, next: B })).toEqual([
      { numberId: 'pn-b', providerPhoneId: 'phnum_b', assign: 'agent_1', restore: null },
    ]);
    expect(planProviderAssignment({ ...steady, current: A, next: NEVER_IMPORTED })).toEqual([
      { numberId: 'pn-a', providerPhoneId: 'phnum_a', assign: null, restore: 'agent_1' },
    ]);
  });

  it('never assigns an inactive agent, and always releases before it takes', () => {
    const numbers = [null, A, B, NEVER_IMPORTED];
    for (const current of numbers) {
      for (const next of numbers) {
        for (const wasActive of [false, true]) {
          for (const active of [false, true]) {
            const steps = planProviderAssignment({ ...steady, current, next, wasActive, active });
            if (!active) expect(steps.every((step) => step.assign === null)).toBe(true);
            const released = steps.findIndex((step) => step.assign === null && step.numberId === current?.id);
            const taken = steps.findIndex((step) => step.numberId === next?.id && step.numberId !== current?.id);
            if (released >= 0 && taken >= 0) expect(released).toBeLessThan(taken);
            expect(steps.length).toBeLessThanOrEqual(2);
          }
        }
      }
    }
  });
});
