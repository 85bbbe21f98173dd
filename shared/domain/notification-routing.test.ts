import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_KINDS, shouldNotify } from './notification-routing';

const kind = fc.constantFrom(...NOTIFICATION_KINDS);
const settings = fc.record({
  muted: fc.uniqueArray(kind, { maxLength: NOTIFICATION_KINDS.length }),
  doNotDisturb: fc.boolean(),
});

describe('notification routing', () => {
  it('shows every kind by default', () => {
    for (const each of NOTIFICATION_KINDS) expect(shouldNotify(each, DEFAULT_NOTIFICATION_SETTINGS)).toBe(true);
  });

  it('shows an event exactly when do-not-disturb is off and its kind is not muted', () => {
    fc.assert(
      fc.property(kind, settings, (event, chosen) => {
        expect(shouldNotify(event, chosen)).toBe(!chosen.doNotDisturb && !chosen.muted.includes(event));
      }),
    );
  });

  it('mutes one kind without muting the others', () => {
    const muted = { muted: ['call.finished' as const], doNotDisturb: false };
    expect(shouldNotify('call.finished', muted)).toBe(false);
    expect(shouldNotify('payment.failed', muted)).toBe(true);
  });

  it('silences everything under do-not-disturb', () => {
    const quiet = { muted: [], doNotDisturb: true };
    expect(NOTIFICATION_KINDS.filter((each) => shouldNotify(each, quiet))).toEqual([]);
  });
});
