import type { OperationsCall, WaitingReason } from '@shared/api/operations.types';

/** What is known of a campaign now, for why it waits. */
export interface CampaignState {
  pausedReason: string | null;
  /** The tenant's billing or plan holds its calls back. */
  billingHeld: boolean;
  intervalPassed: boolean;
  windowOpen: boolean;
  capReached: boolean;
  lineFree: boolean;
  dueNow: number;
  /** Some due contact is inside its legal hours now. */
  dueCallable: boolean;
}

/** Reasons a brake gives when it pauses a campaign all start so (billing, minutes, failures, the agent). */
const BRAKE_PREFIX = 'Paused: ';

/**
 * Why a running campaign places no call now, checked in the order the dialer's pass checks; null when its next pass
 * calls someone.
 */
export function waitingReason(state: CampaignState): WaitingReason | null {
  if (state.pausedReason) return state.pausedReason.startsWith(BRAKE_PREFIX) ? 'brake' : 'paused';
  if (!state.intervalPassed) return 'interval';
  if (state.billingHeld) return 'brake';
  if (!state.windowOpen) return 'window';
  if (state.capReached) return 'cap';
  if (!state.lineFree) return 'lines';
  if (state.dueNow === 0) return 'nothing_due';
  if (!state.dueCallable) return 'legal_hours';
  return null;
}

/** A call under way as the operations view shows it: its campaign's name and how long it has lasted. */
export function operationsCall(
  attempt: { id: string; campaignId: string | null; startedAt: string | null; createdAt: string },
  campaignNames: ReadonlyMap<string, string>,
  now: Date,
): OperationsCall {
  const started = new Date(attempt.startedAt ?? attempt.createdAt).getTime();
  return {
    attemptId: attempt.id,
    campaignId: attempt.campaignId,
    campaignName: attempt.campaignId ? (campaignNames.get(attempt.campaignId) ?? null) : null,
    startedAt: attempt.startedAt,
    durationSec: Math.max(0, Math.floor((now.getTime() - started) / 1000)),
  };
}
