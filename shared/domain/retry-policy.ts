import { backoffMs } from './backoff';
import type { ClassifiedError } from './error-classifier';

/** Request retry rules of spec 000 §9: queries retry at most twice on retryable errors; mutations never. */
export const MAX_QUERY_RETRIES = 2;
export const RETRY_BASE_DELAY_MS = 1_000;
export const RETRY_MAX_DELAY_MS = 30_000;

export type RequestKind = 'query' | 'mutation';

/** Delay before the next attempt after `failureCount` consecutive failures: 1 s, doubled per failure, capped at 30 s. */
export function retryDelayMs(failureCount: number): number {
  return backoffMs(failureCount, { firstMs: RETRY_BASE_DELAY_MS, maxMs: RETRY_MAX_DELAY_MS });
}

/** Whether a request that has now failed `failureCount` times should be tried again. */
export function shouldRetry(
  kind: RequestKind,
  failureCount: number,
  error: Pick<ClassifiedError, 'retryable'>,
): boolean {
  if (kind === 'mutation') return false;
  return error.retryable && failureCount <= MAX_QUERY_RETRIES;
}
