/**
 * When a webhook delivery is tried again, after the Standard Webhooks (Svix) schedule: after the first attempt fails,
 * again in 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, about 27 h in all, eight attempts.
 */
export const WEBHOOK_RETRY_DELAYS_SEC = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

/** An endpoint whose every attempt failed for this long is disabled and its tenant's admins are told. */
export const WEBHOOK_FAILING_DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;

/** How long the secret before a rotation still signs deliveries beside the new one. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3600 * 1000;

/** One attempt's wait for an answer. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/** What one attempt came to, by the receiver's answer or its absence (status null: time-out or no connection). */
export type AttemptVerdict = 'succeeded' | 'retry' | 'gone' | 'failed';

export function verdictOf(status: number | null): AttemptVerdict {
  if (status === null || status === 429 || status >= 500) return 'retry';
  if (status >= 200 && status < 300) return 'succeeded';
  if (status === 410) return 'gone';
  // Other answers (a redirect, which is not followed; 4xx) will not change by asking again.
  return 'failed';
}

/** A Retry-After header's wait in seconds (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterSec(header: string | undefined, now: Date): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/**
 * When to try again after `attemptsMade` attempts that ended with a retryable answer, or null when the schedule is
 * spent. A Retry-After wait replaces the scheduled one, within the schedule's longest wait.
 */
export function nextAttemptAt(attemptsMade: number, now: Date, retryAfter: number | null): Date | null {
  const scheduled = WEBHOOK_RETRY_DELAYS_SEC[attemptsMade - 1];
  if (scheduled === undefined) return null;
  const longest = Math.max(...WEBHOOK_RETRY_DELAYS_SEC);
  const waitSec = retryAfter === null ? scheduled : Math.min(retryAfter, longest);
  return new Date(now.getTime() + waitSec * 1000);
}
