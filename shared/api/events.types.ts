import type { Role } from '../domain/roles';

/**
 * The live event stream (GET /api/events, Server-Sent Events). Every event is published once, by the service that
 * causes it, with `events.publish(tenantId, event)`; the stream delivers it to that tenant's signed-in members whose
 * role may see it, on every server instance.
 */

export interface LiveEventData {
  'call.completed': { callId: string; agentId: string | null; campaignId: string | null; durationSec: number };
  'call.analysed': { callId: string; agentId: string | null; overall: string; answerQuality: number };
  'campaign.progress': { campaignId: string; completed: number; total: number };
  'campaign.paused': { campaignId: string; name: string; reason: string | null };
  'campaign.finished': { campaignId: string; name: string };
  /** Calling may start again: the pause was lifted (by an admin, or on activation). */
  'campaign.resumed': { campaignId: string; name: string };
  'import.progress': { importId: string; campaignId: string | null; processed: number; total: number };
  'import.finished': { importId: string; campaignId: string | null; imported: number; rejected: number };
  /** An import ended without writing anything; `error` says why, in words for the person who started it. */
  'import.failed': { importId: string; campaignId: string | null; error: string };
  'billing.status_changed': { billingStatus: string; previous: string | null };
  'number.purchased': { phoneNumberId: string; phoneNumber: string };
  /** A member moved between user and admin: admins' team lists refresh; the member's own session refreshes its token. */
  'member.role_changed': { userId: string; role: Role };
  /** An admin's re-analysis moved on: how many of its calls are done. */
  'analysis.progress': { runId: string; total: number; succeeded: number; failed: number; finished: boolean };
  /**
   * Some tenant's dialer moved (a call ended, a campaign moved on, paused, resumed or finished): superadmins' platform
   * operations view refreshes. Sent only to superadmins, at most once a second per stream, never logged or numbered.
   */
  'operations.changed': Record<string, never>;
}

export type LiveEventType = keyof LiveEventData;

export const LIVE_EVENT_TYPES = [
  'call.completed',
  'call.analysed',
  'campaign.progress',
  'campaign.paused',
  'campaign.finished',
  'campaign.resumed',
  'import.progress',
  'import.finished',
  'import.failed',
  'billing.status_changed',
  'number.purchased',
  'member.role_changed',
  'analysis.progress',
  'operations.changed',
] as const satisfies readonly LiveEventType[];

/** Events only a tenant's admins receive; the rest go to every member of the tenant. */
export const ADMIN_ONLY_EVENTS: ReadonlySet<LiveEventType> = new Set([
  'billing.status_changed',
  'analysis.progress',
  'member.role_changed',
]);

/** Events that move the dialer's live operations: a tenant's view refreshes on them, superadmins' on any tenant's. */
export const OPERATIONS_EVENTS: ReadonlySet<LiveEventType> = new Set([
  'call.completed',
  'campaign.progress',
  'campaign.paused',
  'campaign.resumed',
  'campaign.finished',
]);

/** Events a stream sends without a number: nothing to replay them from (see 'operations.changed'). */
export const UNNUMBERED_EVENTS: ReadonlySet<LiveEventType> = new Set(['operations.changed']);

export type LiveEvent = { [T in LiveEventType]: { type: T; data: LiveEventData[T] } }[LiveEventType];

/**
 * An event as the stream sends it: `id:` is its sequence number (empty, and no `id:` line, for an unnumbered event),
 * `event:` its type, `data:` this JSON.
 */
export type DeliveredEvent = LiveEvent & { id: string; at: string };
