import type { Config } from '../config';
import type { Sandbox } from '../sandbox';
import type { PaymentsProvider } from './payments/payments.types';
import { createStripePaymentsProvider, type StripePaymentsOptions } from './payments/stripe.payments';
import type { TelephonyProvider } from './telephony/telephony.types';
import { createTwilioTelephonyProvider } from './telephony/twilio.telephony';
import { createElevenLabsVoiceProvider } from './voice/elevenlabs.voice';
import type { VoiceProvider } from './voice/voice.types';

export interface Providers {
  voice: VoiceProvider;
  telephony: TelephonyProvider;
  payments: PaymentsProvider;
}

type ProviderConfig = Pick<
  Config,
  | 'providers'
  | 'elevenlabsApiKey'
  | 'elevenlabsWebhookSecret'
  | 'twilioAccountSid'
  | 'twilioAuthToken'
  | 'stripeSecretKey'
  | 'stripePublishableKey'
  | 'stripeWebhookSecret'
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
    payments: createStripePaymentsProvider({ ...endpoints.stripe, ...(live ? {} : { maxNetworkRetries: 0 }) }),
  };
}

function liveEndpoints(config: ProviderConfig) {
  const { elevenlabsApiKey, elevenlabsWebhookSecret, twilioAccountSid, twilioAuthToken } = config;
  const { stripeSecretKey, stripePublishableKey, stripeWebhookSecret } = config;
  if (!elevenlabsApiKey || !elevenlabsWebhookSecret || !twilioAccountSid || !twilioAuthToken) {
    throw new Error('Live providers need the ElevenLabs key and webhook secret and the Twilio account SID and token');
  }
  if (!stripeSecretKey || !stripePublishableKey || !stripeWebhookSecret) {
    throw new Error('Live providers need the Stripe secret and publishable keys and the webhook secret');
  }
  const stripe: StripePaymentsOptions = {
    secretKey: stripeSecretKey,
    publishableKey: stripePublishableKey,
    webhookSecret: stripeWebhookSecret,
  };
  return {
    elevenlabs: { apiKey: elevenlabsApiKey, webhookSecret: elevenlabsWebhookSecret },
    twilio: { accountSid: twilioAccountSid, authToken: twilioAuthToken },
    stripe,
  };
}

function sandboxEndpoints(sandbox: Sandbox | undefined) {
  if (!sandbox) throw new Error('Sandbox providers need a started sandbox');
  const { secretKey, publishableKey, webhookSecret, host, port, protocol, baseUrl } = sandbox.stripe;
  const stripe: StripePaymentsOptions = {
    secretKey,
    publishableKey,
    webhookSecret,
    endpoint: { host, port, protocol, baseUrl },
  };
  return { elevenlabs: sandbox.elevenlabs, twilio: sandbox.twilio, stripe };
}
