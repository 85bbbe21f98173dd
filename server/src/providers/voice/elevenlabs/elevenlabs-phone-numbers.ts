import type { VoiceProvider } from '../voice.types';
import type { ConvAi } from './elevenlabs-client';
import { callElevenLabs } from './elevenlabs-errors';

const NUMBER_NOT_FOUND = 'Phone number not found at the voice provider';

/** The Twilio account whose numbers ElevenLabs answers, with these credentials. */
export interface TwilioAccount {
  accountSid: string;
  authToken: string;
}

/** Twilio numbers imported into the vendor, and which agent answers each. */
export function elevenLabsPhoneNumbers(
  convai: ConvAi,
  twilio: TwilioAccount,
): Pick<VoiceProvider, 'importTwilioNumber' | 'assignPhoneNumber' | 'findImportedNumber' | 'deletePhoneNumber'> {
  return {
    async importTwilioNumber({ phoneNumber, label }) {
      const created = await callElevenLabs(
        () =>
          convai.phoneNumbers.create({
            provider: 'twilio',
            phoneNumber,
            label,
            sid: twilio.accountSid,
            token: twilio.authToken,
          }),
        NUMBER_NOT_FOUND,
      );
      return { phoneNumberId: created.phoneNumberId };
    },

    async assignPhoneNumber(phoneNumberId, agentId) {
      await callElevenLabs(
        () =>
          agentId
            ? convai.phoneNumbers.update(phoneNumberId, { agentId })
            : convai.phoneNumbers.update(phoneNumberId, {}, { additionalBodyParameters: { agent_id: null } }),
        NUMBER_NOT_FOUND,
      );
    },

    async findImportedNumber(phoneNumber) {
      const numbers = await callElevenLabs(() => convai.phoneNumbers.list(), NUMBER_NOT_FOUND);
      const found = numbers.find((entry) => entry.phoneNumber === phoneNumber);
      return found ? { phoneNumberId: found.phoneNumberId, agentId: found.assignedAgent?.agentId ?? null } : null;
    },

    async deletePhoneNumber(phoneNumberId) {
      await callElevenLabs(() => convai.phoneNumbers.delete(phoneNumberId), NUMBER_NOT_FOUND);
    },
  };
}
