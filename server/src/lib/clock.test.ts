import { describe, expect, it } from 'vitest';
import { untilWallClock } from './clock';

describe('untilWallClock', () => {
  it('never resolves before the wall-clock moment, though a timer can fire a millisecond early', async () => {
    const early: number[] = [];
    // About one short timer in a hundred fires a millisecond early here: a thousand waits meet several.
    for (let i = 0; i < 1000; i += 1) {
      const at = Date.now() + 1 + (i % 3);
      await untilWallClock(at);
      if (Date.now() < at) early.push(at - Date.now());
    }
    expect(early).toEqual([]);
  });
});
