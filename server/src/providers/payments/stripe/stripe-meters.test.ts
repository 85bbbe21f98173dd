import { describe, expect, it } from 'vitest';
import { minuteAlignedWindow } from './stripe-meters';

describe('minuteAlignedWindow', () => {
  it('widens the period to whole minutes on both ends', () => {
    expect(minuteAlignedWindow(125, 185)).toEqual({ start_time: 120, end_time: 240 });
    expect(minuteAlignedWindow(120, 240)).toEqual({ start_time: 120, end_time: 240 });
  });
});
