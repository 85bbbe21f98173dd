/** Live operations of the outbound dialer: lines, pace, calls under way and why each campaign waits. */

/**
 * Why a running campaign places no call right now, in the order the dialer checks: paused by someone, held by a
 * brake (billing, minutes, failures, its agent), its interval since the last call, its calling window, its daily cap,
 * no free line, due contacts all outside their legal hours, nobody due yet. Null: it calls at its next pass.
 */
export const WAITING_REASONS = [
  'paused',
  'brake',
  'interval',
  'window',
  'cap',
  'lines',
  'legal_hours',
  'nothing_due',
] as const;
export type WaitingReason = (typeof WAITING_REASONS)[number];

export interface OperationsCall {
  attemptId: string;
  campaignId: string | null;
  campaignName: string | null;
  startedAt: string | null;
  /** Seconds since it started. */
  durationSec: number;
}

export interface OperationsCampaign {
  campaignId: string;
  name: string;
  /** Contacts still to be called (pending). */
  queueDepth: number;
  /** Of those, due now. */
  dueNow: number;
  /** When the next pending contact falls due; null when none is pending. */
  nextDueAt: string | null;
  /** The forecast's likely moment of the last call; null when it cannot tell. */
  forecastFinish: string | null;
  callsToday: number;
  maxCallsPerDay: number;
  waitingFor: WaitingReason | null;
  pausedReason: string | null;
}

/** GET /api/operations: one tenant's dialer, now. */
export interface TenantOperations {
  tenantId: string;
  tenantName: string;
  lines: {
    inUse: number;
    /** The tenant's concurrent calls. */
    limit: number;
    /** Of the limit, kept free for inbound calls. */
    inboundReserve: number;
  };
  callsPerSecond: {
    /** The telephony account's limit, shared by every tenant. */
    setting: number;
    /** Calls started through the account over the last minute, per second. */
    current: number;
  };
  calls: OperationsCall[];
  campaigns: OperationsCampaign[];
}

/** GET /api/admin/operations: every tenant with a running outbound campaign or a call under way. */
export interface PlatformOperations {
  tenants: TenantOperations[];
}
