import { describe, expect, it } from 'vitest';
import type { VoiceAgentConfig } from '../voice.types';
import { conversationConfig } from './elevenlabs-agents';

const config: VoiceAgentConfig = {
  name: 'Support',
  prompt: 'Help callers',
  firstMessage: 'Hello',
  voiceId: null,
  tags: ['parley'],
  knowledgeBase: [{ type: 'url', id: 'doc_1', name: 'FAQ' }],
};

describe('conversationConfig', () => {
  it('leaves the voice out on create when none is chosen', () => {
    expect(conversationConfig(config, false)).not.toHaveProperty('tts');
  });

  it('clears a previous voice on update when none is chosen', () => {
    expect(conversationConfig(config, true)).toHaveProperty('tts', { voiceId: undefined });
  });

  it('sends the chosen voice and the knowledge base in auto mode', () => {
    const built = conversationConfig({ ...config, voiceId: 'voice_1' }, false);
    expect(built.tts).toEqual({ voiceId: 'voice_1' });
    expect(built.agent?.prompt?.knowledgeBase).toEqual([{ type: 'url', id: 'doc_1', name: 'FAQ', usageMode: 'auto' }]);
  });
});
