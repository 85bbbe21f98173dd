import { describe, expect, it } from 'vitest';
import { billingBrake, callerOrBrake, failureBrake, FAILURE_WINDOW, minutesBrake } from './brake-rules';

describe('billingBrake', () => {
  it('pauses a tenant whose payment is past due or whose subscription ended', () => {
    expect(billingBrake({ billingStatus: 'delinquent', outboundCallingEnabled: true })).toMatch(/past due/);
    expect(billingBrake({ billingStatus: 'canceled', outboundCallingEnabled: true })).toMatch(/cancelled/);
  });

  it('only waits while billing is not usable yet or the plan has no outbound calls', () => {
    expect(billingBrake({ billingStatus: 'incomplete', outboundCallingEnabled: true })).toBe('skip');
    expect(billingBrake({ billingStatus: 'active', outboundCallingEnabled: false })).toBe('skip');
  });

  it('lets an active or trialing tenant with outbound calls dial', () => {
    expect(billingBrake({ billingStatus: 'active', outboundCallingEnabled: true })).toBeNull();
    expect(billingBrake({ billingStatus: 'trialing', outboundCallingEnabled: true })).toBeNull();
  });
});

describe('minutesBrake', () => {
  it('pauses once the included minutes and the overage cap are used up, not a minute before', () => {
    expect(minutesBrake(149, 100, 50)).toBeNull();
    expect(minutesBrake(150, 100, 50)).toMatch(/overage cap/);
  });
});

describe('failureBrake', () => {
  const outcomes = (failed: number, others: number) => [
    ...Array<string>(failed).fill('failed'),
    ...Array<string>(others).fill('answered'),
  ];

  it('pauses when half of the last calls failed', () => {
    expect(failureBrake(outcomes(10, 10))).toBe('Paused: 10 of the last 20 calls failed.');
  });

  it('lets a campaign below the share go on', () => {
    expect(failureBrake(outcomes(9, 11))).toBeNull();
  });

  it('judges no campaign on fewer calls than the window', () => {
    expect(failureBrake(outcomes(FAILURE_WINDOW - 1, 0))).toBeNull();
  });
});

describe('callerOrBrake', () => {
  const agent = { active: true, elevenlabsAgentId: 'agent_1' };
  const number = { elevenlabsPhoneNumberId: 'phnum_1' };

  it('places calls through the agent and its number', () => {
    expect(callerOrBrake(agent, number)).toEqual({ agentId: 'agent_1', phoneNumberId: 'phnum_1' });
  });

  it('pauses for a missing or deactivated agent', () => {
    expect(callerOrBrake(null, number)).toEqual({ brake: 'The campaign’s agent was deactivated.' });
    expect(callerOrBrake({ ...agent, active: false }, number)).toEqual({
      brake: 'The campaign’s agent was deactivated.',
    });
  });

  it('pauses for an agent without a number, or not known to the provider', () => {
    const noNumber = { brake: 'The campaign’s agent has no phone number to call from.' };
    expect(callerOrBrake(agent, null)).toEqual(noNumber);
    expect(callerOrBrake(agent, { elevenlabsPhoneNumberId: null })).toEqual(noNumber);
    expect(callerOrBrake({ ...agent, elevenlabsAgentId: null }, number)).toEqual(noNumber);
  });
});
