import { describe, expect, it } from 'vitest';
import { buildAgentPrompt } from './agent-prompt';

describe('buildAgentPrompt', () => {
  const base = { name: ' Ava ', purpose: 'Book dental appointments.', closing: 'Thanks for calling, goodbye!' };

  it('puts persona, purpose, instructions and closing in order', () => {
    const prompt = buildAgentPrompt({
      ...base,
      instructions: 'Offer the earliest slot first.',
      businessName: 'Demo Dental',
    });
    const order = [
      'You are Ava, an AI voice agent for Demo Dental',
      'Book dental appointments.',
      'Offer the earliest slot first.',
      '# Closing\nThanks for calling, goodbye!',
    ];
    const positions = order.map((text) => prompt.indexOf(text));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('leaves out empty instructions and mentions the knowledge base only when there is one', () => {
    const prompt = buildAgentPrompt({ ...base, instructions: '   ' });
    expect(prompt).not.toContain('# Instructions');
    expect(prompt).not.toContain('# Knowledge');
    expect(buildAgentPrompt({ ...base, hasKnowledgeBase: true })).toContain('# Knowledge');
  });
});
