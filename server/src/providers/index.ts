import type { Config } from '../config';
import type { Sandbox } from '../sandbox';
import type { TelephonyProvider } from './telephony/telephony.types';
import { createTwilioTelephonyProvider } from './telephony/twilio.telephony';
import { createElevenLabsVoiceProvider } from './voice/elevenlabs.voice';
import type { VoiceProvider } from './voice/voice.types';

export interface Providers {
  voice: VoiceProvider;
  telephony: TelephonyProvider;
}

type ProviderConfig = Pick<
  Config,
  'providers' | 'elevenlabsApiKey' | 'elevenlabsWebhookSecret' | 'twilioAccountSid' | 'twilioAuthToken'
>;

/** The same adapters either way: pointed at the vendors with our keys ('live') or at the sandbox's emulators. */
export function createProviders(config: ProviderConfig, sandbox?: Sandbox): Providers {
  const live = config.providers === 'live';
  const endpoints = live ? liveEndpoints(config) : sandboxEndpoints(sandbox);
  return {
    voice: createElevenLabsVoiceProvider({
      ...endpoints.elevenlabs,
      twilioAccountSid: endpoints.twilio.accountSid,
      twilioAuthToken: endpoints.twilio.authToken,
      // The emulator is in-process: a retry would only slow down and hide its faults.
      ...(live ? {} : { maxRetries: 0 }),
    }),
    telephony: createTwilioTelephonyProvider(endpoints.twilio),
  };
}

function liveEndpoints(config: ProviderConfig) {
  const { elevenlabsApiKey, elevenlabsWebhookSecret, twilioAccountSid, twilioAuthToken } = config;
  if (!elevenlabsApiKey || !elevenlabsWebhookSecret || !twilioAccountSid || !twilioAuthToken) {
    throw new Error('Live providers need the ElevenLabs key and webhook secret and the Twilio account SID and token');
  }
  return {
    elevenlabs: { apiKey: elevenlabsApiKey, webhookSecret: elevenlabsWebhookSecret },
    twilio: { accountSid: twilioAccountSid, authToken: twilioAuthToken },
  };
}

function sandboxEndpoints(sandbox: Sandbox | undefined) {
  if (!sandbox) throw new Error('Sandbox providers need a started sandbox');
  return { elevenlabs: sandbox.elevenlabs, twilio: sandbox.twilio };
}
