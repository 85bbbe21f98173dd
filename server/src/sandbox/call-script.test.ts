import { describe, expect, it } from 'vitest';
import { buildAgentPrompt } from '@shared/domain/agent-prompt';
import { disclosureHeard, openingWords } from '@shared/domain/disclosure';
import {
  buildCallScript,
  fillVariables,
  isInvalidDestination,
  outboundOutcome,
  readPrompt,
  callbackAfterSecsAsked,
  skipsOpening,
  transferRequest,
  type CallScriptInput,
  type TranscriptToolResult,
} from './call-script';

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

  it('gives a number the same outcome every time: one ending in 8 never answers', () => {
    expect(Array.from({ length: 5 }, () => outboundOutcome('+6421000408'))).toEqual(Array(5).fill('no_answer'));
  });

  it('treats only numbers ending in the reserved suffix as invalid destinations, which fail without ringing', () => {
    expect(['+6421000404', '+14155500404'].map(isInvalidDestination)).toEqual([true, true]);
    expect(['+6421000414', '+64210004040', '+6421001404', '+64215550404'].map(isInvalidDestination)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(outboundOutcome('+6421000404')).toBe('failed');
  });
});

describe('fillVariables', () => {
  it('fills known placeholders and leaves unknown ones', () => {
    expect(fillVariables('Hi {{ name }}, about {{order}} from {{shop}}', { name: 'Bob', order: 42 })).toBe(
      'Hi Bob, about 42 from {{shop}}',
    );
  });
});

describe('transfers in the call script', () => {
  const transfer = { phoneNumber: '+6493001234', condition: 'Book now', timeoutSecs: 25, callbackAfterSecs: null };

  it('asks for a human by the number’s ending, answered or not, and otherwise never', () => {
    expect(transferRequest('+6421000771')).toBe('answered');
    expect(transferRequest('+6421000772')).toBe('unanswered');
    expect(transferRequest('+6421000773')).toBe('unanswered');
    expect(transferRequest('+6421000774')).toBeNull();
    expect(outboundOutcome('+6421000771')).toBe('answered');
    expect(outboundOutcome('+6421000772')).toBe('answered');
  });

  it('lets a person whose transfer was missed ask for a callback time, on 00773 alone', () => {
    expect([callbackAfterSecsAsked('+6421000773'), callbackAfterSecsAsked('+6421000772')]).toEqual([7200, null]);
    const asked = buildCallScript(
      input({ direction: 'outbound', transfer: { ...transfer, answered: false, callbackAfterSecs: 7200 } }),
    );
    expect(asked.callbackAfterSecs).toBe(7200);
    expect(asked.transcript.map((turn) => turn.message)).toContain('Could someone call me back in two hours, please?');
    const answered = buildCallScript(
      input({ direction: 'outbound', transfer: { ...transfer, answered: true, callbackAfterSecs: 7200 } }),
    );
    expect(answered.callbackAfterSecs).toBeUndefined();
    const silent = buildCallScript(input({ direction: 'outbound', transfer: { ...transfer, answered: false } }));
    expect(silent.callbackAfterSecs).toBeUndefined();
  });

  it('carries the transfer tool call and its result in one agent turn, the ring time as its latency', () => {
    for (const answered of [true, false]) {
      const script = buildCallScript(input({ direction: 'outbound', transfer: { ...transfer, answered } }));
      const turns = script.transcript.filter((turn) => turn.tool_calls?.length);
      expect(turns).toHaveLength(1);
      const [turn] = turns;
      expect(turn?.role).toBe('agent');
      expect(turn?.tool_calls?.[0]).toMatchObject({ tool_name: 'transfer_to_number', tool_has_been_called: true });
      expect(JSON.parse(turn?.tool_calls?.[0]?.params_as_json ?? '{}')).toMatchObject({
        transfer_number: '+6493001234',
      });
      // A transfer turn carries the transfer tool's result.
      const result = turn?.tool_results?.[0] as TranscriptToolResult | undefined;
      expect(result?.request_id).toBe(turn?.tool_calls?.[0]?.request_id);
      expect(result?.is_error).toBe(!answered);
      expect(result?.result.result_type).toBe(
        answered ? 'transfer_to_number_twilio_success' : 'transfer_to_number_error',
      );
      if (answered) expect(result?.tool_latency_secs).toBeGreaterThanOrEqual(4);
      else expect(result?.tool_latency_secs).toBe(25);
      // The call goes on after the transfer's ringing: every later turn comes after it.
      const index = script.transcript.indexOf(turn!);
      const next = script.transcript[index + 1];
      expect(next?.time_in_call_secs).toBeGreaterThan(
        (turn?.time_in_call_secs ?? 0) + (result?.tool_latency_secs ?? 0),
      );
      expect(script.durationSecs).toBeGreaterThan(next?.time_in_call_secs ?? 0);
    }
  });
});

describe('an opening the agent skips', () => {
  const disclosed = {
    direction: 'outbound' as const,
    firstMessage: 'Hi, this is the automated assistant calling for Demo Dental. Ava here.',
  };

  it('happens on numbers ending in the reserved suffix alone, which are answered', () => {
    expect(['+6421000481', '+447911000481'].map(skipsOpening)).toEqual([true, true]);
    expect(['+6421000482', '+64210004810', '+6421001481'].map(skipsOpening)).toEqual([false, false, false]);
    expect(outboundOutcome('+6421000481')).toBe('answered');
  });

  it('leaves the first message unsaid, so the opening lacks the disclosure the same call has otherwise', () => {
    for (const seed of ['conv_1', 'conv_2', 'conv_3']) {
      const spoken = buildCallScript(input({ ...disclosed, seed }));
      expect(disclosureHeard(openingWords(spoken.transcript), 'Demo Dental')).toBe(true);
      const skipped = buildCallScript(input({ ...disclosed, seed, skipsOpening: true }));
      expect(skipped.transcript[0]?.role).toBe('user');
      expect(skipped.transcript.some((turn) => turn.message.includes('automated'))).toBe(false);
      expect(disclosureHeard(openingWords(skipped.transcript), 'Demo Dental')).toBe(false);
      expect(skipped.analysis?.callSuccessful).toBe('success');
    }
  });
});
