import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerQualityTone, isSuccessfulCall, sentimentTone } from './call-display';

describe('call display rules (spec 001 §9)', () => {
  it('colours answer quality green at 7 or more, yellow at 4 or more, red below', () => {
    expect([0, 3.9, 4, 6.9, 7, 10].map(answerQualityTone)).toEqual([
      'error',
      'error',
      'warning',
      'warning',
      'success',
      'success',
    ]);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10, noNaN: true }), (quality) => {
        const tone = answerQualityTone(quality);
        expect(tone === 'success').toBe(quality >= 7);
        expect(tone === 'error').toBe(quality < 4);
      }),
    );
  });

  it('counts a call as successful only when call_successful is exactly "success"', () => {
    expect(isSuccessfulCall('success')).toBe(true);
    for (const other of ['failure', 'unknown', 'Success', 'success ', '', null, undefined]) {
      expect(isSuccessfulCall(other)).toBe(false);
    }
  });

  it('colours sentiment', () => {
    expect(['positive', 'neutral', 'negative'].map(sentimentTone)).toEqual(['success', 'warning', 'error']);
  });
});
