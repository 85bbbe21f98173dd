import Stripe from 'stripe';
import type { PaymentsProvider } from './payments.types';
import { stripeCustomers } from './stripe/stripe-customers';
import { stripeMeters } from './stripe/stripe-meters';
import { stripePlans } from './stripe/stripe-plans';
import { stripeSetupIntents } from './stripe/stripe-setup-intents';
import { stripeSubscriptions } from './stripe/stripe-subscriptions';
import { stripeWebhooks } from './stripe/stripe-webhooks';

export interface StripePaymentsOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Stripe's own API unless given: the sandbox emulator's origin, or another Stripe-compatible host. */
  endpoint?: { host: string; port: number; protocol: 'http' | 'https' };
  /** The sandbox emulator's address, where the sandbox's test-card form confirms; null with Stripe.js. */
  sandboxApiBase?: string;
  maxNetworkRetries?: number;
}

/** The payments port on the official SDK, pointed at Stripe or at the sandbox's emulator. */
export function createStripePaymentsProvider(options: StripePaymentsOptions): PaymentsProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    ...(options.endpoint
      ? { host: options.endpoint.host, port: options.endpoint.port, protocol: options.endpoint.protocol }
      : {}),
  });
  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    sandboxApiBase: options.sandboxApiBase ?? null,
    ...stripeCustomers(stripe),
    ...stripeSetupIntents(stripe),
    ...stripeMeters(stripe),
    ...stripePlans(stripe),
    ...stripeSubscriptions(stripe),
    ...stripeWebhooks(stripe, options.webhookSecret),
  };
}
