import type { ElevenLabs } from '@elevenlabs/elevenlabs-js';
import { DomainError } from '../../../domain/domain-error';
import type { OutboundCallRequest, VoiceProvider } from '../voice.types';
import type { ConvAi } from './elevenlabs-client';
import { callElevenLabs } from './elevenlabs-errors';

const AGENT_OR_NUMBER_NOT_FOUND = 'Voice agent or phone number not found at the provider';

/**
 * The dynamic variables that carry a campaign's machine handling into the call. Every agent's `voicemail_detection`
 * tool speaks `{{parley_voicemail_message}}` (elevenlabs-agents.ts): the vendor lets a call override only the prompt,
 * first message, language and voice, so the per-contact message reaches the tool as a dynamic variable; empty means
 * no message, and the vendor's tool then ends the call at once.
 */
export const MACHINE_VARIABLES = {
  voicemailMessage: 'parley_voicemail_message',
  screeningBot: 'parley_screening_bot',
} as const;

function machineVariables(machineHandling: OutboundCallRequest['machineHandling']): Record<string, string> {
  if (!machineHandling) return {};
  return {
    [MACHINE_VARIABLES.voicemailMessage]: machineHandling.voicemailMessage ?? '',
    [MACHINE_VARIABLES.screeningBot]: machineHandling.screeningBot,
  };
}

/**
 * Per-call data: the contact's variables, its overrides of the agent's prompt and first message, what to do on a
 * machine, our reference.
 */
export function clientDataOf({
  dynamicVariables: contactVariables,
  overrides,
  userId,
  machineHandling,
}: Pick<
  OutboundCallRequest,
  'dynamicVariables' | 'overrides' | 'userId' | 'machineHandling'
>): ElevenLabs.ConversationInitiationClientDataRequestInput {
  const dynamicVariables = { ...contactVariables, ...machineVariables(machineHandling) };
  const agent = {
    ...(overrides?.firstMessage ? { firstMessage: overrides.firstMessage } : {}),
    ...(overrides?.prompt ? { prompt: { prompt: overrides.prompt } } : {}),
  };
  return {
    ...(Object.keys(dynamicVariables).length > 0 ? { dynamicVariables } : {}),
    ...(Object.keys(agent).length > 0 ? { conversationConfigOverride: { agent } } : {}),
    ...(userId ? { userId } : {}),
  };
}

/** Outbound calls: one at a time through Twilio, or many as a batch the vendor dials. */
export function elevenLabsCalls(
  convai: ConvAi,
): Pick<VoiceProvider, 'startOutboundCall' | 'submitBatchCall' | 'getBatchCall'> {
  return {
    async startOutboundCall({
      agentId,
      agentPhoneNumberId,
      toNumber,
      dynamicVariables,
      overrides,
      userId,
      machineHandling,
      timeoutMs,
    }) {
      const clientData = clientDataOf({ dynamicVariables, overrides, userId, machineHandling });
      const result = await callElevenLabs(
        () =>
          convai.twilio.outboundCall(
            {
              agentId,
              agentPhoneNumberId,
              toNumber,
              ...(Object.keys(clientData).length > 0 ? { conversationInitiationClientData: clientData } : {}),
            },
            // Sent once: the provider may have placed the call before an error or a lost answer, and a retry would
            // place a second one. The reconciler finds such a call by its attempt id.
            { maxRetries: 0, ...(timeoutMs ? { timeoutInSeconds: timeoutMs / 1000 } : {}) },
          ),
        AGENT_OR_NUMBER_NOT_FOUND,
      );
      if (!result.success || !result.conversationId) {
        throw new DomainError('PROVIDER_UNAVAILABLE', `The voice provider could not start the call: ${result.message}`);
      }
      return { conversationId: result.conversationId, callSid: result.callSid ?? null };
    },

    async submitBatchCall({ callName, agentId, agentPhoneNumberId, scheduledTimeUnix, recipients }) {
      const created = await callElevenLabs(
        () =>
          convai.batchCalls.create({
            callName,
            agentId,
            agentPhoneNumberId,
            ...(scheduledTimeUnix ? { scheduledTimeUnix } : {}),
            recipients: recipients.map(({ phoneNumber, ...data }) => ({
              phoneNumber,
              conversationInitiationClientData: clientDataOf(data),
            })),
          }),
        AGENT_OR_NUMBER_NOT_FOUND,
      );
      return { batchId: created.id };
    },

    async getBatchCall(batchId) {
      const batch = await callElevenLabs(
        () => convai.batchCalls.get(batchId),
        'Batch call not found at the voice provider',
      );
      return {
        status: batch.status,
        recipients: batch.recipients.map((recipient) => ({
          userId: recipient.conversationInitiationClientData?.userId ?? null,
          status: recipient.status,
          conversationId: recipient.conversationId ?? null,
        })),
      };
    },
  };
}
