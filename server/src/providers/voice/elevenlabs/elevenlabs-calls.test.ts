import { describe, expect, it } from 'vitest';
import { clientDataOf } from './elevenlabs-calls';

describe('clientDataOf', () => {
  it('sends nothing when the call has no per-call data', () => {
    expect(clientDataOf({})).toEqual({});
    expect(clientDataOf({ dynamicVariables: {}, overrides: {} })).toEqual({});
  });

  it('carries variables, the overridden prompt and first message, and our reference', () => {
    expect(
      clientDataOf({
        dynamicVariables: { first_name: 'Ana' },
        overrides: { prompt: 'Be brief', firstMessage: 'Hi Ana' },
        userId: 'attempt_1',
      }),
    ).toEqual({
      dynamicVariables: { first_name: 'Ana' },
      conversationConfigOverride: { agent: { firstMessage: 'Hi Ana', prompt: { prompt: 'Be brief' } } },
      userId: 'attempt_1',
    });
  });
});
