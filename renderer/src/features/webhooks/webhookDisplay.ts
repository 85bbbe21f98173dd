import type { WebhookDisabledReason, WebhookEndpoint } from '@shared/api/webhooks.types';

/** An endpoint's state in a word or two. */
export function endpointStatus(endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabledReason' | 'failingSince'>): string {
  if (!endpoint.enabled) return DISABLED_LABELS[endpoint.disabledReason ?? 'manual'];
  return endpoint.failingSince ? 'Failing' : 'Active';
}

export const DISABLED_LABELS: Record<WebhookDisabledReason, string> = {
  manual: 'Disabled',
  gone: 'Disabled (410 Gone)',
  failing: 'Disabled (failing 5 days)',
};

/** The share of the last 24 h's settled deliveries that succeeded, or a dash when none settled. */
export function successRate(last24h: WebhookEndpoint['last24h']): string {
  if (last24h.settled === 0) return '—';
  return `${Math.round((last24h.succeeded / last24h.settled) * 100)} % of ${last24h.settled}`;
}
