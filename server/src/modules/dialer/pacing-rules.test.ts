import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SLEEP_MS, outboundLines, paceSlots, PACE_MARGIN_MS, rotateFrom, wakeMoment } from './pacing-rules';

describe('paceSlots', () => {
  it('gives one slot per call a second, each reused once a second (plus the margin)', () => {
    expect(paceSlots(1)).toEqual({ count: 1, periodMs: 1000 + PACE_MARGIN_MS });
    expect(paceSlots(20)).toEqual({ count: 20, periodMs: 1000 + PACE_MARGIN_MS });
    expect(paceSlots(0.5)).toEqual({ count: 1, periodMs: 2000 + PACE_MARGIN_MS });
  });

  it('never lets a rolling second hold more calls than a whole-number limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (rate) => {
        const { count, periodMs } = paceSlots(rate);
        expect(count).toBe(rate);
        expect(periodMs).toBeGreaterThanOrEqual(1000);
        // At 95 % of the limit or more when every slot is used as soon as it frees.
        expect(count / (periodMs / 1000)).toBeGreaterThanOrEqual(0.95 * rate);
      }),
    );
  });
});

describe('outboundLines', () => {
  it('keeps the inbound reserve free, and never goes below none', () => {
    expect(outboundLines(10, 2)).toBe(8);
    expect(outboundLines(1, 3)).toBe(0);
  });
});

describe('wakeMoment', () => {
  const now = new Date('2026-11-25T10:00:00.000Z');
  const at = (time: string) => new Date(`2026-11-25T${time}:00.000Z`);

  it('wakes at the next callable contact, not before the window opens or the next day starts', () => {
    expect(wakeMoment(at('10:05'), now, now)).toEqual(at('10:05'));
    expect(wakeMoment(at('10:05'), at('10:10'), now)).toEqual(at('10:10'));
    expect(wakeMoment(null, now, now)).toBeNull();
  });

  it('never sleeps past the bound, nor wakes in the past', () => {
    expect(wakeMoment(new Date('2026-11-26T09:00:00.000Z'), now, now)).toEqual(new Date(now.getTime() + MAX_SLEEP_MS));
    expect(wakeMoment(at('09:00'), at('09:30'), now)).toEqual(now);
  });
});

describe('rotateFrom', () => {
  it('visits every item once, starting at the given one', () => {
    expect(rotateFrom(['a', 'b', 'c', 'd'], 2)).toEqual(['c', 'd', 'a', 'b']);
    expect(rotateFrom(['a', 'b'], 0)).toEqual(['a', 'b']);
    expect(rotateFrom([], 0)).toEqual([]);
  });
});
