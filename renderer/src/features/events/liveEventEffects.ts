import { OPERATIONS_EVENTS, type DeliveredEvent } from '@shared/api/events.types';
import { importResultSentence } from '@shared/domain/format';
import type { ToastInput } from '../../components/toasts/toastSlice';

/** A cache tag of the base API, as `invalidateTags` takes it. */
export type InvalidatedTag =
  | { type: 'DashboardStats'; id: 'CURRENT' }
  | { type: 'CallsAnalytics'; id: 'CURRENT' }
  | { type: 'Agent'; id: string }
  | { type: 'AgentStats'; id: string }
  | { type: 'Call'; id: string }
  | { type: 'AnalysisRun'; id: string }
  | { type: 'Campaign'; id: string }
  | { type: 'CampaignContact'; id: string }
  | { type: 'ContactImport'; id: string }
  | { type: 'PhoneNumber'; id: 'LIST' }
  | { type: 'PhoneBilling'; id: 'CURRENT' }
  | { type: 'Billing'; id: 'STATUS' | 'SUBSCRIPTION' }
  | { type: 'Team'; id: 'CURRENT' }
  | { type: 'Operations'; id: 'LIVE' }
  | 'Tenant';

export interface LiveEventEffects {
  invalidate: InvalidatedTag[];
  /** Raised for the events the user should notice (spec: a call finished, a campaign paused, …). */
  toast: ToastInput | null;
}

const PAYMENT_PROBLEMS = new Set(['delinquent', 'canceled', 'past_due', 'unpaid']);

/** The dialer's live operations: every call that starts or ends, and every campaign that moves, pauses or resumes. */
const OPERATIONS: InvalidatedTag = { type: 'Operations', id: 'LIVE' };

/** What each live event changes on screen: the cached data it makes stale, and its toast if any. */
export function liveEventEffects(event: DeliveredEvent): LiveEventEffects {
  const effects = effectsOf(event);
  return OPERATIONS_EVENTS.has(event.type) ? { ...effects, invalidate: [...effects.invalidate, OPERATIONS] } : effects;
}

function effectsOf(event: DeliveredEvent): LiveEventEffects {
  switch (event.type) {
    case 'call.completed': {
      const { callId, agentId, campaignId } = event.data;
      return {
        invalidate: [
          { type: 'DashboardStats', id: 'CURRENT' },
          { type: 'CallsAnalytics', id: 'CURRENT' },
          { type: 'Call', id: 'LIST' },
          { type: 'Call', id: callId },
          { type: 'Agent', id: 'LIST' },
          ...(agentId ? [{ type: 'AgentStats', id: agentId } as const] : []),
          ...(campaignId
            ? ([
                { type: 'Campaign', id: campaignId },
                { type: 'CampaignContact', id: campaignId },
                { type: 'CampaignContact', id: 'ATTEMPTS' },
              ] as const)
            : []),
        ],
        toast: { title: 'Call finished', description: 'A call just ended; its details are ready.' },
      };
    }
    case 'call.analysed':
      return { invalidate: [{ type: 'Call', id: event.data.callId }], toast: null };
    case 'analysis.progress':
      return {
        invalidate: [{ type: 'AnalysisRun', id: event.data.runId }],
        toast: event.data.finished
          ? {
              title: 'Re-analysis finished',
              description: `${event.data.succeeded} of ${event.data.total} calls analysed.`,
            }
          : null,
      };
    case 'campaign.progress':
      // The campaign's contacts, progress and analytics moved on.
      return { invalidate: [{ type: 'CampaignContact', id: event.data.campaignId }], toast: null };
    case 'campaign.paused':
      return {
        invalidate: [
          { type: 'Campaign', id: event.data.campaignId },
          { type: 'Campaign', id: 'LIST' },
        ],
        toast: { title: 'Campaign paused', description: event.data.reason ?? `${event.data.name} was paused.` },
      };
    case 'campaign.resumed':
      return {
        invalidate: [
          { type: 'Campaign', id: event.data.campaignId },
          { type: 'Campaign', id: 'LIST' },
        ],
        toast: null,
      };
    case 'campaign.finished':
      return {
        invalidate: [
          { type: 'Campaign', id: event.data.campaignId },
          { type: 'Campaign', id: 'LIST' },
          { type: 'CampaignContact', id: event.data.campaignId },
        ],
        toast: { title: 'Campaign finished', description: `${event.data.name} has no contacts left to call.` },
      };
    case 'import.failed':
      // The import dialog says so itself, with the reason.
      return { invalidate: [{ type: 'ContactImport', id: event.data.importId }], toast: null };
    case 'import.progress':
      return { invalidate: [{ type: 'ContactImport', id: event.data.importId }], toast: null };
    case 'import.finished':
      return {
        invalidate: [
          { type: 'ContactImport', id: event.data.importId },
          ...(event.data.campaignId ? [{ type: 'CampaignContact', id: event.data.campaignId } as const] : []),
        ],
        toast: {
          title: 'Import finished',
          description: importResultSentence(event.data.imported, event.data.rejected),
        },
      };
    case 'member.role_changed':
      return { invalidate: [{ type: 'Team', id: 'CURRENT' }], toast: null };
    case 'operations.changed':
      return { invalidate: [OPERATIONS], toast: null };
    case 'billing.status_changed':
      return {
        invalidate: [{ type: 'Billing', id: 'STATUS' }, { type: 'Billing', id: 'SUBSCRIPTION' }, 'Tenant'],
        toast: PAYMENT_PROBLEMS.has(event.data.billingStatus)
          ? {
              title: 'Payment failed',
              description: 'Please update your payment method to continue using the service.',
              variant: 'destructive',
            }
          : null,
      };
    case 'number.purchased':
      return {
        invalidate: [
          { type: 'PhoneNumber', id: 'LIST' },
          { type: 'PhoneBilling', id: 'CURRENT' },
          { type: 'DashboardStats', id: 'CURRENT' },
        ],
        toast: null,
      };
  }
}
