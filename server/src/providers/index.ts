import type { Config } from '../config';
import { stripeEndpoint, type SandboxEndpoints } from '../sandbox';
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
  | 'elevenlabsBaseUrl'
  | 'twilioAccountSid'
  | 'twilioAuthToken'
  | 'twilioBaseUrl'
  | 'stripeSecretKey'
  | 'stripePublishableKey'
  | 'stripeWebhookSecret'
  | 'stripeBaseUrl'
>;

/**
 * The same adapters either way: pointed at the vendors with our keys ('live', at their own hosts unless a base URL
 * is set) or at the sandbox's emulators, embedded or in a process of their own.
 */
export function createProviders(config: Partial<ProviderConfig>, sandbox?: SandboxEndpoints): Providers {
  const live = config.providers === 'live';
  const endpoints = live ? liveEndpoints(config) : sandboxEndpoints(sandbox);
  return {
    voice: createElevenLabsVoiceProvider({
      ...endpoints.elevenlabs,
      twilioAccountSid: endpoints.twilio.accountSid,
      twilioAuthToken: endpoints.twilio.authToken,
      // The emulator is on this machine: a retry would only slow down and hide its faults.
      ...(live ? {} : { maxRetries: 0 }),
    }),
    telephony: createTwilioTelephonyProvider(endpoints.twilio),
    payments: createStripePaymentsProvider({ ...endpoints.stripe, ...(live ? {} : { maxNetworkRetries: 0 }) }),
  };
}

function liveEndpoints(config: Partial<ProviderConfig>) {
  const { elevenlabsApiKey, elevenlabsWebhookSecret, twilioAccountSid, twilioAuthToken } = config;
  const { stripeSecretKey, stripePublishableKey, stripeWebhookSecret, stripeBaseUrl } = config;
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
    // Another Stripe-compatible host (a proxy, the standalone sandbox); the browser still uses Stripe.js.
    ...(stripeBaseUrl ? { endpoint: stripeEndpoint(stripeBaseUrl) } : {}),
  };
  return {
    elevenlabs: {
      apiKey: elevenlabsApiKey,
      webhookSecret: elevenlabsWebhookSecret,
      ...(config.elevenlabsBaseUrl ? { baseUrl: config.elevenlabsBaseUrl } : {}),
    },
    twilio: {
      accountSid: twilioAccountSid,
      authToken: twilioAuthToken,
      ...(config.twilioBaseUrl ? { baseUrl: config.twilioBaseUrl } : {}),
    },
    stripe,
  };
}

function sandboxEndpoints(sandbox: SandboxEndpoints | undefined) {
  if (!sandbox) throw new Error('Sandbox providers need a started sandbox');
  const { secretKey, publishableKey, webhookSecret, host, port, protocol, baseUrl } = sandbox.stripe;
  const stripe: StripePaymentsOptions = {
    secretKey,
    publishableKey,
    webhookSecret,
    endpoint: { host, port, protocol },
    sandboxApiBase: baseUrl,
  };
  return { elevenlabs: sandbox.elevenlabs, twilio: sandbox.twilio, stripe };
}
