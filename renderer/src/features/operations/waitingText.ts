import type { WaitingReason } from '@shared/api/operations.types';

/** Why a campaign waits, in plain words; null (it calls at its next pass) reads "Calling". */
export const WAITING_TEXT: Record<WaitingReason, string> = {
  paused: 'Paused',
  brake: 'Held by a brake',
  interval: 'Waiting for its call interval',
  window: 'Outside its calling window',
  cap: 'Daily cap reached',
  lines: 'No free line',
  legal_hours: 'Due contacts are outside their legal hours',
  nothing_due: 'Nobody due yet',
};

export function waitingText(reason: WaitingReason | null): string {
  return reason ? WAITING_TEXT[reason] : 'Calling';
}
