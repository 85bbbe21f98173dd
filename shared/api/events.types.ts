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
  'import.progress': { importId: string; campaignId: string | null; processed: number; total: number };
  'import.finished': { importId: string; campaignId: string | null; imported: number; rejected: number };
  'billing.status_changed': { billingStatus: string; previous: string | null };
  'number.purchased': { phoneNumberId: string; phoneNumber: string };
  /** An admin's re-analysis moved on: how many of its calls are done. */
  'analysis.progress': { runId: string; total: number; succeeded: number; failed: number; finished: boolean };
}

export type LiveEventType = keyof LiveEventData;

export const LIVE_EVENT_TYPES = [
  'call.completed',
  'call.analysed',
  'campaign.progress',
  'campaign.paused',
  'campaign.finished',
  'import.progress',
  'import.finished',
  'billing.status_changed',
  'number.purchased',
  'analysis.progress',
] as const satisfies readonly LiveEventType[];

/** Events only a tenant's admins receive; the rest go to every member of the tenant. */
export const ADMIN_ONLY_EVENTS: ReadonlySet<LiveEventType> = new Set(['billing.status_changed', 'analysis.progress']);

export type LiveEvent = { [T in LiveEventType]: { type: T; data: LiveEventData[T] } }[LiveEventType];

/** An event as the stream sends it: `id:` is its sequence number, `event:` its type, `data:` this JSON. */
export type DeliveredEvent = LiveEvent & { id: string; at: string };
