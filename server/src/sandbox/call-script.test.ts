import { describe, expect, it } from 'vitest';
import { buildAgentPrompt } from '@shared/domain/agent-prompt';
import { buildCallScript, fillVariables, outboundOutcome, readPrompt, type CallScriptInput } from './call-script';

const input = (overrides: Partial<CallScriptInput> = {}): CallScriptInput => ({
  agentName: 'Ava',
  firstMessage: 'Hello, Ava here.',
  prompt: 'Persona: You are Ava.\nInstructions: Book appointments. Confirm the time.\nClosing: Bye for now!',
  direction: 'inbound',
  outcome: 'answered',
  seed: 'conv_1',
  ...overrides,
});

describe('readPrompt', () => {
  it('takes instructions and the closing from labelled lines, leaving out persona and greeting', () => {
    expect(
      readPrompt(
        'Persona: You are Ava.\nGreeting: Hi!\nInstructions: Book appointments. Confirm the time.\nClosing: Bye for now!',
      ),
    ).toEqual({ instructions: ['Book appointments.', 'Confirm the time.'], closing: 'Bye for now!' });
  });

  it('reads the prompt the agents service builds', () => {
    const prompt = buildAgentPrompt({
      name: 'Ava',
      purpose: 'Book dental appointments for Harbour Dental.',
      instructions: 'You are warm and patient. Offer the earliest free time first.',
      closing: 'Thanks for calling Harbour Dental!',
      hasKnowledgeBase: true,
    });
    expect(readPrompt(prompt)).toEqual({
      instructions: ['Book dental appointments for Harbour Dental.', 'Offer the earliest free time first.'],
      closing: 'Thanks for calling Harbour Dental!',
    });
  });

  it('reads markdown headings and bullets', () => {
    expect(readPrompt('# Instructions\n- Take a message.\n- Spell names back.\n## Closing\nCheers, goodbye.')).toEqual({
      instructions: ['Take a message.', 'Spell names back.'],
      closing: 'Cheers, goodbye.',
    });
  });

  it('finds a spoken goodbye when no closing is labelled, and ignores self-descriptions', () => {
    expect(
      readPrompt('You are a plumber’s assistant. Ask for the address. Thanks for calling, have a great day!'),
    ).toEqual({
      instructions: ['Ask for the address.'],
      closing: 'Thanks for calling, have a great day!',
    });
    expect(readPrompt('')).toEqual({ instructions: [], closing: null });
  });
});

describe('buildCallScript', () => {
  it('opens with the greeting, follows the instructions and ends with the closing', () => {
    const script = buildCallScript(input());
    const agentLines = script.transcript.filter((turn) => turn.role === 'agent').map((turn) => turn.message);
    expect(agentLines[0]).toBe('Hello, Ava here.');
    expect(agentLines[1]).toBe('Of course. Book appointments.');
    expect(agentLines.at(-1)).toBe('Bye for now!');
    expect(script.transcript.filter((turn) => turn.role === 'user').length).toBeGreaterThanOrEqual(2);
    const times = script.transcript.map((turn) => turn.time_in_call_secs);
    expect(times[0]).toBe(0);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(script.durationSecs).toBeGreaterThan(times.at(-1)!);
    expect(script.analysis).toMatchObject({ callSuccessful: 'success', summary: expect.stringContaining('Ava') });
  });

  it('is the same for the same seed and falls back to defaults for an empty agent', () => {
    expect(buildCallScript(input())).toEqual(buildCallScript(input()));
    const bare = buildCallScript(input({ firstMessage: ' ', prompt: '' }));
    expect(bare.transcript[0]?.message).toBe('Hello! How can I help you today?');
    expect(bare.transcript.at(-1)?.message).toBe('Thanks for calling. Have a great day. Goodbye!');
  });

  it('leaves a message on voicemail and says nothing when the call never connects', () => {
    const voicemail = buildCallScript(input({ outcome: 'voicemail', direction: 'outbound' }));
    expect(voicemail.transcript.every((turn) => turn.role === 'agent')).toBe(true);
    expect(voicemail.analysis?.callSuccessful).toBe('failure');
    expect(voicemail.terminationReason).toBe('voicemail_detected');
    for (const outcome of ['busy', 'no_answer', 'failed'] as const) {
      expect(buildCallScript(input({ outcome }))).toMatchObject({ transcript: [], durationSecs: 0, analysis: null });
    }
  });
});

describe('outboundOutcome', () => {
  it('reads the outcome from the last digit', () => {
    expect(
      ['+64210000000', '+64210000005', '+64210000006', '+64210000007', '+64210000008', '+64210000009'].map(
        outboundOutcome,
      ),
    ).toEqual(['answered', 'answered', 'voicemail', 'busy', 'no_answer', 'failed']);
  });
});

describe('fillVariables', () => {
  it('fills known placeholders and leaves unknown ones', () => {
    expect(fillVariables('Hi {{ name }}, about {{order}} from {{shop}}', { name: 'Bob', order: 42 })).toBe(
      'Hi Bob, about 42 from {{shop}}',
    );
  });
});
