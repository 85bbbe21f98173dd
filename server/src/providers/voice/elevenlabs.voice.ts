import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { systemClock, type Clock } from '../../lib/clock';
import { elevenLabsAgents } from './elevenlabs/elevenlabs-agents';
import { elevenLabsCalls } from './elevenlabs/elevenlabs-calls';
import { elevenLabsConversations } from './elevenlabs/elevenlabs-conversations';
import { elevenLabsKnowledge } from './elevenlabs/elevenlabs-knowledge';
import { elevenLabsPhoneNumbers } from './elevenlabs/elevenlabs-phone-numbers';
import { elevenLabsWebhooks } from './elevenlabs/elevenlabs-webhooks';
import type { VoiceProvider } from './voice.types';

export interface ElevenLabsVoiceOptions {
  apiKey: string;
  /** The vendor by default; the sandbox emulator's address in demos and tests. */
  baseUrl?: string;
  webhookSecret: string;
  /** The Twilio account whose numbers we import: ElevenLabs answers them with these credentials. */
  twilioAccountSid: string;
  twilioAuthToken: string;
  clock?: Clock;
  /** The SDK retries 408, 429 and 5xx twice by default; tests set 0. */
  maxRetries?: number;
}

/** ElevenLabs Agents through the official SDK; the same code talks to the vendor or to the sandbox. */
export function createElevenLabsVoiceProvider(options: ElevenLabsVoiceOptions): VoiceProvider {
  const client = new ElevenLabsClient({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
  });
  const convai = client.conversationalAi;
  return {
    name: 'elevenlabs',
    ...elevenLabsAgents(convai),
    ...elevenLabsKnowledge(convai),
    ...elevenLabsPhoneNumbers(convai, {
      accountSid: options.twilioAccountSid,
      authToken: options.twilioAuthToken,
    }),
    ...elevenLabsConversations(convai),
    ...elevenLabsCalls(convai),
    ...elevenLabsWebhooks(options.webhookSecret, options.clock ?? systemClock),
  };
}
