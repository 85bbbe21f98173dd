import { describe, expect, it } from 'vitest';
import { thresholdsCrossed } from './usage-thresholds';

describe('usage thresholds', () => {
  it('names each threshold once, on the call that crosses it', () => {
    expect(thresholdsCrossed(0, 79, 100)).toEqual([]);
    expect(thresholdsCrossed(79, 80, 100)).toEqual([80]);
    expect(thresholdsCrossed(80, 99, 100)).toEqual([]);
    expect(thresholdsCrossed(99, 100, 100)).toEqual([100]);
    expect(thresholdsCrossed(70, 130, 100)).toEqual([80, 100]);
    expect(thresholdsCrossed(100, 140, 100)).toEqual([]);
  });

  it('announces nothing for a plan without included minutes', () => {
    expect(thresholdsCrossed(0, 50, 0)).toEqual([]);
  });
});
