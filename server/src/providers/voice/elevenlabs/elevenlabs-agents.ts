import type { ElevenLabs } from '@elevenlabs/elevenlabs-js';
import type { VoiceAgentConfig, VoiceProvider } from '../voice.types';
import type { ConvAi } from './elevenlabs-client';
import { callElevenLabs } from './elevenlabs-errors';

const AGENT_PAGE_SIZE = 100;
const AGENT_NOT_FOUND = 'Voice agent not found at the provider';

/** The vendor's conversation settings for an agent; an update clears a voice that the config no longer names. */
export function conversationConfig(config: VoiceAgentConfig, forUpdate: boolean): ElevenLabs.ConversationalConfig {
  return {
    agent: {
      firstMessage: config.firstMessage,
      language: 'en',
      prompt: {
        prompt: config.prompt,
        knowledgeBase: config.knowledgeBase.map((ref) => ({
          type: ref.type,
          id: ref.id,
          name: ref.name,
          usageMode: 'auto',
        })),
      },
    },
    // No voice means the vendor's default: leave it out on create, send null on update to clear a previous one.
    ...(config.voiceId ? { tts: { voiceId: config.voiceId } } : forUpdate ? { tts: { voiceId: undefined } } : {}),
  };
}

/** Agents: created, updated and deleted with their conversation settings, and found by our marker tag. */
export function elevenLabsAgents(
  convai: ConvAi,
): Pick<VoiceProvider, 'createAgent' | 'updateAgent' | 'deleteAgent' | 'findAgentsByTag'> {
  return {
    async createAgent(config) {
      const created = await callElevenLabs(
        () =>
          convai.agents.create({
            name: config.name,
            tags: config.tags,
            conversationConfig: conversationConfig(config, false),
          }),
        AGENT_NOT_FOUND,
      );
      return { agentId: created.agentId };
    },

    async updateAgent(agentId, config) {
      await callElevenLabs(
        () =>
          convai.agents.update(agentId, {
            name: config.name,
            tags: config.tags,
            conversationConfig: conversationConfig(config, true),
          }),
        AGENT_NOT_FOUND,
      );
    },

    async deleteAgent(agentId) {
      await callElevenLabs(() => convai.agents.delete(agentId), AGENT_NOT_FOUND);
    },

    async findAgentsByTag(tag) {
      const agentIds: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await callElevenLabs(
          () => convai.agents.list({ tags: [tag], pageSize: AGENT_PAGE_SIZE, ...(cursor ? { cursor } : {}) }),
          AGENT_NOT_FOUND,
        );
        // Only exact tag matches count, whatever the vendor's filter lets through.
        agentIds.push(...page.agents.filter((agent) => agent.tags.includes(tag)).map((agent) => agent.agentId));
        cursor = page.hasMore ? page.nextCursor : undefined;
      } while (cursor);
      return agentIds;
    },
  };
}
