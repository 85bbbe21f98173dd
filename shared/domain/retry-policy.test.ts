import { describe, expect, it } from 'vitest';
import { classifyError } from './error-classifier';
import { MAX_QUERY_RETRIES, retryDelayMs, shouldRetry } from './retry-policy';

describe('retryDelayMs', () => {
  it('starts at 1 s and doubles per failure', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
  });

  it('is capped at 30 s', () => {
    expect(retryDelayMs(6)).toBe(30_000);
    expect(retryDelayMs(60)).toBe(30_000);
    expect(retryDelayMs(Number.MAX_SAFE_INTEGER)).toBe(30_000);
  });

  it('treats nonsense counts as the first failure', () => {
    expect(retryDelayMs(0)).toBe(1_000);
    expect(retryDelayMs(-3)).toBe(1_000);
    expect(retryDelayMs(Number.NaN)).toBe(1_000);
  });
});

describe('shouldRetry', () => {
  const serverError = classifyError({ status: 503, data: null });
  const networkError = classifyError({ status: 'FETCH_ERROR', error: 'Failed to fetch' });
  const rateLimited = classifyError({ status: 429, data: null });

  it('retries a query at most twice on retryable errors', () => {
    expect(MAX_QUERY_RETRIES).toBe(2);
    for (const error of [serverError, networkError, rateLimited]) {
      expect(shouldRetry('query', 1, error)).toBe(true);
      expect(shouldRetry('query', 2, error)).toBe(true);
      expect(shouldRetry('query', 3, error)).toBe(false);
    }
  });

  it('never retries errors that are not retryable', () => {
    for (const status of [400, 401, 402, 403, 404, 409, 422]) {
      expect(shouldRetry('query', 1, classifyError({ status, data: null }))).toBe(false);
    }
  });

  it('never retries a mutation', () => {
    for (const error of [serverError, networkError, rateLimited]) {
      expect(shouldRetry('mutation', 1, error)).toBe(false);
    }
  });
});
