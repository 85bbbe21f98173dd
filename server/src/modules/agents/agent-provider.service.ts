import { buildAgentPrompt } from '@shared/domain/agent-prompt';
import { providerTransferOf } from '@shared/domain/transfer-target';
import { AGENT_CALL_LIMIT_DEFAULTS } from '@shared/schemas/agent.schema';
import type { AppDeps } from '../../app-deps';
import { callProvider, isProviderNotFound, type UndoLog } from '../../lib/provider-call';
import type { VoiceAgentConfig, VoiceKnowledgeRef } from '../../providers/voice/voice.types';
import { agentMarkerTag } from '../provider-intents/provider-intent.types';
import type { TenantsService } from '../tenants/tenants.service';
import type { VoiceRecord } from '../voices/voices.service';
import { planProviderAssignment, type AssignmentChange } from './provider-assignment';
import type { AgentFields } from './agents.store';

export type AgentProviderService = ReturnType<typeof createAgentProviderService>;

type PromptFields = Pick<AgentFields, 'name' | 'purpose' | 'greeting' | 'closing' | 'prompt' | 'transferTargets'> &
  Partial<Pick<AgentFields, 'silenceTimeoutSeconds' | 'maxCallSeconds' | 'endCallOnHoldMusic'>> & {
    disclosure?: string | null;
  };

/**
 * An agent's twin at the voice provider: its configuration and the numbers it answers. Each side effect is
 * added to the caller's undo log, so a later failure puts the provider back as it was.
 */
export function createAgentProviderService(deps: Pick<AppDeps, 'logger' | 'voice'>, tenants: TenantsService) {
  const { logger, voice } = deps;

  return {
    async config(
      tenantId: string,
      agentId: string,
      fields: PromptFields,
      agentVoice: VoiceRecord | undefined,
      knowledge: VoiceKnowledgeRef[],
    ): Promise<VoiceAgentConfig> {
      const tenant = await tenants.get(tenantId);
      return {
        name: fields.name,
        prompt: buildAgentPrompt({
          name: fields.name,
          purpose: fields.purpose,
          instructions: fields.prompt,
          closing: fields.closing,
          businessName: tenant.name,
          hasKnowledgeBase: knowledge.length > 0,
        }),
        // The agent opens with its disclosure (who is calling, that it is automated), then its greeting.
        firstMessage: fields.disclosure ? `${fields.disclosure} ${fields.greeting}` : fields.greeting,
        voiceId: agentVoice?.elevenlabsId ?? null,
        knowledgeBase: knowledge,
        transfers: fields.transferTargets.map(providerTransferOf),
        tags: [`tenant:${tenantId}`, agentMarkerTag(agentId)],
        limits: {
          silenceTimeoutSeconds: fields.silenceTimeoutSeconds ?? AGENT_CALL_LIMIT_DEFAULTS.silenceTimeoutSeconds,
          maxCallSeconds: fields.maxCallSeconds ?? AGENT_CALL_LIMIT_DEFAULTS.maxCallSeconds,
          endCallOnHoldMusic: fields.endCallOnHoldMusic ?? AGENT_CALL_LIMIT_DEFAULTS.endCallOnHoldMusic,
        },
      };
    },

    /** Without an undo log, the caller's provider intent finds the agent again by its tag to undo it. */
    async create(config: VoiceAgentConfig, undo?: UndoLog): Promise<string> {
      const { agentId } = await callProvider(logger, 'The voice service could not create the agent', () =>
        voice.createAgent(config),
      );
      undo?.add(`delete provider agent ${agentId}`, () => voice.deleteAgent(agentId));
      return agentId;
    },

    async update(providerAgentId: string, config: VoiceAgentConfig, previous: VoiceAgentConfig, undo: UndoLog) {
      await callProvider(logger, 'The voice service could not update the agent', () =>
        voice.updateAgent(providerAgentId, config),
      );
      undo.add(`restore provider agent ${providerAgentId}`, () => voice.updateAgent(providerAgentId, previous));
    },

    /** Already gone at the provider (say, a retry after our delete failed) counts as deleted. */
    remove: (providerAgentId: string) =>
      callProvider(logger, 'The voice service could not delete the agent', () =>
        voice.deleteAgent(providerAgentId).catch((error: unknown) => {
          if (!isProviderNotFound(error)) throw error;
        }),
      ),

    /**
     * Points the provider's numbers at the agent (or at none) as the change requires, releasing before taking;
     * true when anything changed at the provider.
     */
    async assignNumbers(change: AssignmentChange, undo?: UndoLog): Promise<boolean> {
      const steps = planProviderAssignment(change);
      for (const step of steps) {
        await callProvider(logger, 'The voice service could not assign the phone number', () =>
          voice.assignPhoneNumber(step.providerPhoneId, step.assign),
        );
        undo?.add(`give number ${step.numberId} back`, () =>
          voice.assignPhoneNumber(step.providerPhoneId, step.restore),
        );
      }
      return steps.length > 0;
    },
  };
}
