import { describe, expect, it } from 'vitest';
import { meterTimestamp } from './meter-reports';

const now = Date.parse('2026-03-31T12:00:00.000Z');

describe('meterTimestamp', () => {
  it('sends when the call happened, in epoch seconds', () => {
    expect(meterTimestamp('2026-03-30T10:00:00.500Z', now)).toBe(Date.parse('2026-03-30T10:00:00.000Z') / 1000);
  });

  it('brings a call older than the provider takes within its window', () => {
    expect(meterTimestamp('2026-01-01T00:00:00.000Z', now)).toBe(Date.parse('2026-02-25T12:00:00.000Z') / 1000);
  });

  it('never sends a time in the future', () => {
    expect(meterTimestamp('2026-04-02T00:00:00.000Z', now)).toBe(now / 1000);
  });
});
