import { describe, expect, it } from 'vitest';
import { accountSlotSpacingMs, outboundLines, rotateFrom } from './pacing-rules';

describe('accountSlotSpacingMs', () => {
  it('spaces calls by the calls-per-second limit, rounded up so the limit is never exceeded', () => {
    expect(accountSlotSpacingMs(1)).toBe(1000);
    expect(accountSlotSpacingMs(3)).toBe(334);
    expect(accountSlotSpacingMs(0.5)).toBe(2000);
  });
});

describe('outboundLines', () => {
  it('keeps the inbound reserve free', () => {
    expect(outboundLines(10, 2)).toBe(8);
  });
});

describe('rotateFrom', () => {
  it('visits every item once, starting at the given one', () => {
    expect(rotateFrom(['a', 'b', 'c', 'd'], 2)).toEqual(['c', 'd', 'a', 'b']);
    expect(rotateFrom(['a', 'b'], 0)).toEqual(['a', 'b']);
    expect(rotateFrom([], 0)).toEqual([]);
  });
});
