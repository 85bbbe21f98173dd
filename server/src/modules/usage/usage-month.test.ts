import { describe, expect, it } from 'vitest';
import { monthProgress } from './usage-month';

describe('monthProgress', () => {
  it('counts the first instant of a month as its first day', () => {
    expect(monthProgress(new Date('2026-03-01T00:00:00.000Z'))).toEqual({ daysElapsed: 1, daysInMonth: 31 });
  });

  it('counts the last instant of February in a leap year as day 29 of 29', () => {
    expect(monthProgress(new Date('2028-02-29T23:59:59.999Z'))).toEqual({ daysElapsed: 29, daysInMonth: 29 });
  });

  it('knows short months', () => {
    expect(monthProgress(new Date('2026-04-15T12:00:00.000Z'))).toEqual({ daysElapsed: 15, daysInMonth: 30 });
  });
});
