import { OUTCOME_RULES, type CallOutcome } from './call-outcomes';

/**
 * What happens to an outbound contact after an attempt ends, by its outcome: the contact is done, tried again later,
 * or given up on. Out-of-window timing is not decided here: the dialer moves every retry to the next allowed moment.
 */

export const ATTEMPT_STATUSES = [
  'pending',
  'dialing',
  'answered',
  'voicemail',
  'busy',
  'no_answer',
  'failed',
  'completed',
] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** How an attempt ended, as the dialer settles it: one of the shared list of call outcomes. */
export type AttemptOutcome = CallOutcome;

export const CONTACT_STATUSES = ['pending', 'in_progress', 'completed', 'failed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** A voicemail is retried once, this much later at least, so the next try falls at another time of day. */
export const VOICEMAIL_RETRY_GAP_MINUTES = 4 * 60;

export interface RetryInput {
  outcome: AttemptOutcome;
  /** Attempts made so far, this one included. */
  attemptsMade: number;
  maxRetries: number;
  retryDelayMinutes: number;
  /** Machines reached before this attempt without leaving anything (voicemail, no message, screened). */
  earlierVoicemails: number;
  /** The number cannot be called at all (the provider or the carrier said so). */
  invalidNumber: boolean;
  /** When the attempt ended. */
  endedAt: Date;
}

export type RetryDecision =
  | { contactStatus: 'completed' | 'failed'; retryAt: null; reason: string }
  | { contactStatus: 'pending'; retryAt: Date; reason: string };

const minutes = (count: number) => count * 60_000;

export function decideRetry(input: RetryInput): RetryDecision {
  const { outcome, attemptsMade, maxRetries, retryDelayMinutes, endedAt } = input;
  const { kind } = OUTCOME_RULES[outcome];
  if (kind === 'reached') {
    return {
      contactStatus: 'completed',
      retryAt: null,
      reason: outcome === 'voicemail_left' ? 'voicemail left' : outcome,
    };
  }
  if (kind === 'unreachable') return { contactStatus: 'failed', retryAt: null, reason: outcome.replace(/_/g, ' ') };
  if (outcome === 'failed' && input.invalidNumber) {
    return { contactStatus: 'failed', retryAt: null, reason: 'invalid number' };
  }
  const retriesUsed = attemptsMade - 1;
  if (retriesUsed >= maxRetries) return { contactStatus: 'failed', retryAt: null, reason: 'retries used up' };
  if (kind === 'machine') {
    const reason = outcome === 'voicemail' ? 'voicemail' : outcome.replace(/_/g, ' ');
    if (input.earlierVoicemails > 0) return { contactStatus: 'failed', retryAt: null, reason: `${reason} again` };
    const gap = Math.max(retryDelayMinutes, VOICEMAIL_RETRY_GAP_MINUTES);
    return { contactStatus: 'pending', retryAt: new Date(endedAt.getTime() + minutes(gap)), reason };
  }
  return {
    contactStatus: 'pending',
    retryAt: new Date(endedAt.getTime() + minutes(retryDelayMinutes)),
    reason: outcome,
  };
}
