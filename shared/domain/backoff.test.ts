import { describe, expect, it } from 'vitest';
import { backoffMs } from './backoff';

describe('backoffMs', () => {
  it('starts at the first pause and doubles before each next retry', () => {
    expect([1, 2, 3, 4].map((retry) => backoffMs(retry, { firstMs: 250 }))).toEqual([250, 500, 1_000, 2_000]);
  });

  it('stops growing at the cap', () => {
    const capped = { firstMs: 1_000, maxMs: 30_000 };
    expect([5, 6, 60].map((retry) => backoffMs(retry, capped))).toEqual([16_000, 30_000, 30_000]);
    expect(backoffMs(Number.MAX_SAFE_INTEGER, { firstMs: 1 })).toBe(2 ** 30);
  });

  it('counts nonsense as the first retry', () => {
    for (const retry of [0, -3, Number.NaN, Number.POSITIVE_INFINITY])
      expect(backoffMs(retry, { firstMs: 250 })).toBe(250);
    expect(backoffMs(2.7, { firstMs: 250 })).toBe(500);
  });

  it('with jitter adds up to as much again at random, after the cap', () => {
    const capped = { firstMs: 1_000, maxMs: 4_000, jitter: true };
    expect(backoffMs(10, capped, () => 0)).toBe(4_000);
    expect(backoffMs(10, capped, () => 0.5)).toBe(6_000);
    expect(backoffMs(2, capped, () => 0.999)).toBeCloseTo(3_998);
  });
});
