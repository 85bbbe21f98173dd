import type { ElevenLabs } from '@elevenlabs/elevenlabs-js';
import type { VoiceAgentConfig, VoiceCallLimits, VoiceProvider } from '../voice.types';
import { MACHINE_VARIABLES } from './elevenlabs-calls';
import type { ConvAi } from './elevenlabs-client';
import { callElevenLabs } from './elevenlabs-errors';

const AGENT_PAGE_SIZE = 100;
const AGENT_NOT_FOUND = 'Voice agent not found at the provider';

/** The name the vendor's transfer_to_number system tool is given on our agents. */
export const TRANSFER_TOOL_NAME = 'transfer_to_number';

/**
 * The agent's transfer_to_number system tool: one conference transfer per target, each with its condition. Without
 * targets it is left out on create and removed (null) on update.
 */
export function transferTools(config: VoiceAgentConfig, forUpdate: boolean): ElevenLabs.BuiltInToolsInput {
  const transfers = config.transfers ?? [];
  if (transfers.length === 0) {
    // The vendor removes a tool set to null; the SDK's type does not say null, the API does.
    return forUpdate ? ({ transferToNumber: null } as unknown as ElevenLabs.BuiltInToolsInput) : {};
  }
  return {
    transferToNumber: {
      type: 'system',
      name: TRANSFER_TOOL_NAME,
      description: 'Transfer the caller to a person when a condition below is met.',
      // The tool gives up once the longest of the targets' ring times has passed.
      responseTimeoutSecs: Math.max(...transfers.map((transfer) => transfer.ringTimeoutSecs)),
      params: {
        systemToolType: 'transfer_to_number',
        transfers: transfers.map((transfer) => ({
          transferDestination: { type: 'phone', phoneNumber: transfer.phoneNumber },
          condition: transfer.condition,
          transferType: transfer.transferType,
        })),
        enableClientMessage: true,
      },
    },
  };
}

/** The post-call data item in which the vendor's analysis gives the time a caller asked to be called back. */
export const CALLBACK_TIME_ITEM = 'callback_requested_at';

/**
 * What the vendor's post-call analysis collects on every agent: when a caller whose transfer was missed asked to be
 * called back, as an ISO date and time.
 */
export const PLATFORM_SETTINGS: ElevenLabs.AgentPlatformSettingsRequestModel = {
  dataCollection: {
    [CALLBACK_TIME_ITEM]: {
      type: 'string',
      description:
        'If the caller asked to be called back at a particular time, that time as an ISO 8601 date and time with ' +
        'its UTC offset (for example 2026-03-05T14:30:00+13:00), worked out from when the call took place; empty ' +
        'when they named no time.',
    },
  },
};

/** Limits a user would expect of an agent that has none set: 30 s of silence, ten minutes in all, no hold music. */
export const DEFAULT_CALL_LIMITS: VoiceCallLimits = {
  silenceTimeoutSeconds: 30,
  maxCallSeconds: 600,
  endCallOnHoldMusic: true,
};

const END_CALL_ON_HOLD_MUSIC =
  'End the call when the conversation is over, or when you hear hold music or a recorded queue message instead of a person.';

/**
 * The vendor's system tools every agent carries: `voicemail_detection` leaves the campaign's message for this contact
 * (a dynamic variable each outbound call sets, elevenlabs-calls.ts) or, when it is empty, ends the call; `end_call`
 * is told to end on hold music when the agent's limits say so (the vendor has no hold-music setting of its own).
 */
export function builtInTools(limits: VoiceCallLimits): ElevenLabs.BuiltInToolsInput {
  return {
    voicemailDetection: {
      type: 'system',
      name: 'voicemail_detection',
      description:
        'Use when an answering machine, a voicemail greeting, a fax tone or a call-screening assistant answers. ' +
        `Treat a call-screening assistant as a person when {{${MACHINE_VARIABLES.screeningBot}}} is "human": answer ` +
        'its questions and wait for the person.',
      params: {
        systemToolType: 'voicemail_detection',
        voicemailMessage: `{{${MACHINE_VARIABLES.voicemailMessage}}}`,
      },
    },
    endCall: {
      type: 'system',
      name: 'end_call',
      ...(limits.endCallOnHoldMusic ? { description: END_CALL_ON_HOLD_MUSIC } : {}),
      params: { systemToolType: 'end_call' },
    },
  };
}

/** The vendor's conversation settings for an agent; an update clears a voice that the config no longer names. */
export function conversationConfig(config: VoiceAgentConfig, forUpdate: boolean): ElevenLabs.ConversationalConfig {
  const limits = config.limits ?? DEFAULT_CALL_LIMITS;
  return {
    // Hang up after this long without speech, and end any call at its maximum length.
    turn: { silenceEndCallTimeout: limits.silenceTimeoutSeconds },
    conversation: { maxDurationSeconds: limits.maxCallSeconds },
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
        builtInTools: { ...builtInTools(limits), ...transferTools(config, forUpdate) },
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
            platformSettings: PLATFORM_SETTINGS,
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
            platformSettings: PLATFORM_SETTINGS,
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
