import { describe, expect, it } from 'vitest';
import { countryOfNumber, planLimitError } from './number-purchase';

describe('countryOfNumber', () => {
  it('reads the country from the calling code', () => {
    expect(countryOfNumber('+14155550100')).toBe('US');
    expect(countryOfNumber('+61212345678')).toBe('AU');
    expect(countryOfNumber('+6491234567')).toBe('NZ');
  });

  it('answers null for a calling code we do not sell', () => {
    expect(countryOfNumber('+442071234567')).toBeNull();
  });
});

describe('planLimitError', () => {
  it('carries the plan-limit code and the reason', () => {
    expect(planLimitError('Your plan allows 2 numbers.')).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message: 'Your plan allows 2 numbers.',
    });
  });
});
