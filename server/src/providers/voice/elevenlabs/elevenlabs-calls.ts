import type { ElevenLabs } from '@elevenlabs/elevenlabs-js';
import { DomainError } from '../../../domain/domain-error';
import type { OutboundCallRequest, VoiceProvider } from '../voice.types';
import type { ConvAi } from './elevenlabs-client';
import { callElevenLabs } from './elevenlabs-errors';

const AGENT_OR_NUMBER_NOT_FOUND = 'Voice agent or phone number not found at the provider';

/** Per-call data: the contact's variables, its overrides of the agent's prompt and first message, our reference. */
export function clientDataOf({
  dynamicVariables,
  overrides,
  userId,
}: Pick<
  OutboundCallRequest,
  'dynamicVariables' | 'overrides' | 'userId'
>): ElevenLabs.ConversationInitiationClientDataRequestInput {
  const agent = {
    ...(overrides?.firstMessage ? { firstMessage: overrides.firstMessage } : {}),
    ...(overrides?.prompt ? { prompt: { prompt: overrides.prompt } } : {}),
  };
  return {
    ...(dynamicVariables && Object.keys(dynamicVariables).length > 0 ? { dynamicVariables } : {}),
    ...(Object.keys(agent).length > 0 ? { conversationConfigOverride: { agent } } : {}),
    ...(userId ? { userId } : {}),
  };
}

/** Outbound calls: one at a time through Twilio, or many as a batch the vendor dials. */
export function elevenLabsCalls(
  convai: ConvAi,
): Pick<VoiceProvider, 'startOutboundCall' | 'submitBatchCall' | 'getBatchCall'> {
  return {
    async startOutboundCall({ agentId, agentPhoneNumberId, toNumber, dynamicVariables, overrides, userId }) {
      const clientData = clientDataOf({ dynamicVariables, overrides, userId });
      const result = await callElevenLabs(
        () =>
          convai.twilio.outboundCall({
            agentId,
            agentPhoneNumberId,
            toNumber,
            ...(Object.keys(clientData).length > 0 ? { conversationInitiationClientData: clientData } : {}),
          }),
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
