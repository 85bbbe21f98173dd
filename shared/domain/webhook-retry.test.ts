import { describe, expect, it } from 'vitest';
import { nextAttemptAt, retryAfterSec, verdictOf, WEBHOOK_RETRY_DELAYS_SEC } from './webhook-retry';

const NOW = new Date('2026-01-05T09:00:00.000Z');
const after = (sec: number) => new Date(NOW.getTime() + sec * 1000);

describe('webhook retries', () => {
  it('retries time-outs, connection failures, 429 and 5xx; 410 disables; other answers fail at once', () => {
    expect([null, 429, 500, 503].map(verdictOf)).toEqual(['retry', 'retry', 'retry', 'retry']);
    expect([200, 204].map(verdictOf)).toEqual(['succeeded', 'succeeded']);
    expect(verdictOf(410)).toBe('gone');
    expect([301, 400, 401, 404].map(verdictOf)).toEqual(['failed', 'failed', 'failed', 'failed']);
  });

  it('follows the Standard Webhooks schedule, eight attempts over about 27 hours', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7].map(
      (made) => ((nextAttemptAt(made, NOW, null)?.getTime() ?? 0) - NOW.getTime()) / 1000,
    );
    expect(waits).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(nextAttemptAt(8, NOW, null)).toBeNull();
    expect(WEBHOOK_RETRY_DELAYS_SEC.reduce((sum, wait) => sum + wait, 0) / 3600).toBeCloseTo(27.6, 1);
  });

  it("honours Retry-After in seconds or as a date, within the schedule's longest wait", () => {
    expect(retryAfterSec('120', NOW)).toBe(120);
    expect(retryAfterSec(after(60).toUTCString(), NOW)).toBe(60);
    expect(retryAfterSec('soon', NOW)).toBeNull();
    expect(nextAttemptAt(1, NOW, 120)).toEqual(after(120));
    expect(nextAttemptAt(1, NOW, 999_999)).toEqual(after(36000));
    expect(nextAttemptAt(8, NOW, 1)).toBeNull();
  });
});
