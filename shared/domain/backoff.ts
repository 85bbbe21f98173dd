/** How a pause grows between retries: `firstMs` before the first, doubled before each next one, at most `maxMs`. */
export interface Backoff {
  firstMs: number;
  maxMs?: number;
  /** Adds up to as much again at random (after the cap), so that many clients that failed together spread out. */
  jitter?: boolean;
}

/** Doublings beyond this change nothing but could overflow to Infinity. */
const MAX_DOUBLINGS = 30;

/** The pause before retry number `retry` (1 for the first); a count that is not a whole number ≥ 1 counts as 1. */
export function backoffMs(retry: number, backoff: Backoff, random: () => number = Math.random): number {
  const doublings = Number.isFinite(retry) && retry >= 1 ? Math.min(Math.floor(retry) - 1, MAX_DOUBLINGS) : 0;
  const pause = Math.min(backoff.firstMs * 2 ** doublings, backoff.maxMs ?? Number.POSITIVE_INFINITY);
  return backoff.jitter ? pause * (1 + random()) : pause;
}
