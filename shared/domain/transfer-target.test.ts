import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAYS_OF_WEEK } from '../schemas/campaign.schema';
import {
  CALLBACK_MIN_DELAY_MINUTES,
  isTargetOpen,
  judgeTransfer,
  nextTargetOpening,
  transferVerdictOf,
  type TransferTarget,
} from './transfer-target';

const DESK: TransferTarget = {
  name: 'Sales desk',
  phoneNumber: '+6493001234',
  timezone: 'Pacific/Auckland',
  businessHours: { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], start: '09:00', end: '17:00' },
  condition: 'The caller wants to book now',
  ringTimeoutSeconds: 25,
};
/** Wednesday 25 November 2026 in Auckland (UTC+13): 11:00, 18:00. */
const WEDNESDAY_11 = new Date('2026-11-24T22:00:00.000Z');
const WEDNESDAY_18 = new Date('2026-11-25T05:00:00.000Z');
const THURSDAY_09 = new Date('2026-11-25T20:00:00.000Z');

describe('transfer targets', () => {
  it('reads a target’s hours in its own zone', () => {
    expect(isTargetOpen(DESK, WEDNESDAY_11)).toBe(true);
    expect(isTargetOpen(DESK, WEDNESDAY_18)).toBe(false);
    expect(nextTargetOpening(DESK, WEDNESDAY_18)).toEqual(THURSDAY_09);
    expect(nextTargetOpening({ ...DESK, businessHours: { ...DESK.businessHours, days: [] } }, WEDNESDAY_18)).toBeNull();
  });

  it('judges an answered transfer in hours as transferred, and an unanswered one as missed with a callback', () => {
    const attempt = { toNumber: DESK.phoneNumber, ringSecs: 7.4, answered: true, at: WEDNESDAY_11 };
    expect(judgeTransfer([DESK], attempt, WEDNESDAY_11)).toEqual({
      outcome: 'transferred',
      targetName: 'Sales desk',
      targetNumber: DESK.phoneNumber,
      ringSecs: 7,
      answered: true,
      outsideHours: false,
      callbackAt: null,
    });
    const missed = judgeTransfer([DESK], { ...attempt, answered: false, ringSecs: 25 }, WEDNESDAY_11);
    expect(missed).toMatchObject({ outcome: 'transfer_missed', ringSecs: 25, answered: false, outsideHours: false });
    expect(missed.callbackAt).toEqual(new Date(WEDNESDAY_11.getTime() + CALLBACK_MIN_DELAY_MINUTES * 60_000));
  });

  it('counts a transfer outside the target’s hours as missed, not rung, called back at its next opening', () => {
    const attempt = { toNumber: DESK.phoneNumber, ringSecs: 6, answered: true, at: WEDNESDAY_18 };
    expect(judgeTransfer([DESK], attempt, WEDNESDAY_18)).toMatchObject({
      outcome: 'transfer_missed',
      ringSecs: 0,
      answered: false,
      outsideHours: true,
      callbackAt: THURSDAY_09,
    });
  });

  it('calls back when the caller asked, if that is after the minimum delay and within the month', () => {
    const attempt = { toNumber: DESK.phoneNumber, ringSecs: 25, answered: false, at: WEDNESDAY_18 };
    const friday = new Date('2026-11-26T23:30:00.000Z');
    expect(judgeTransfer([DESK], attempt, WEDNESDAY_18, friday).callbackAt).toEqual(friday);
    // Asked for at once, in the past, or months away: the target's next opening instead.
    for (const asked of [WEDNESDAY_18, new Date('2026-11-20T00:00:00Z'), new Date('2027-03-01T00:00:00Z'), null]) {
      expect(judgeTransfer([DESK], attempt, WEDNESDAY_18, asked).callbackAt).toEqual(THURSDAY_09);
    }
    // An answered transfer needs no callback, whatever was asked.
    expect(
      judgeTransfer([DESK], { ...attempt, at: WEDNESDAY_11, answered: true }, WEDNESDAY_11, friday).callbackAt,
    ).toBeNull();
    const call = {
      durationSec: 60,
      transfer: { toNumber: DESK.phoneNumber, ringSecs: 25, answered: false, atSecs: 10 },
    };
    expect(
      transferVerdictOf({ ...call, requestedCallbackAt: friday.toISOString() }, [DESK], WEDNESDAY_18)?.callbackAt,
    ).toEqual(friday);
  });

  it('dates the transfer back from the call’s end by its place in the call', () => {
    const ended = new Date(WEDNESDAY_18.getTime() + 60_000);
    // 100 s long, transfer at 20 s: 80 s before the end, which falls after closing.
    const verdict = transferVerdictOf(
      { durationSec: 100, transfer: { toNumber: DESK.phoneNumber, ringSecs: 5, answered: true, atSecs: 20 } },
      [DESK],
      ended,
    );
    expect(verdict?.outsideHours).toBe(true);
    expect(transferVerdictOf({ durationSec: 100, transfer: null }, [DESK], ended)).toBeNull();
  });

  it('never asks for a callback before the minimum delay or inside closed hours, whatever the hours and moment', () => {
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
      .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.subarray([...DAYS_OF_WEEK], { minLength: 1 }),
        time,
        time,
        fc.constantFrom('Pacific/Auckland', 'Europe/London', 'America/New_York', 'Asia/Kolkata'),
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) }),
        fc.boolean(),
        (days, start, end, timezone, atMs, answered) => {
          fc.pre(start !== end);
          const target = { ...DESK, timezone, businessHours: { days, start, end } };
          const at = new Date(atMs);
          const verdict = judgeTransfer([target], { toNumber: DESK.phoneNumber, ringSecs: 9, answered, at }, at);
          const open = isTargetOpen(target, at);
          expect(verdict.outcome).toBe(answered && open ? 'transferred' : 'transfer_missed');
          expect(verdict.outsideHours).toBe(!open);
          if (verdict.outcome === 'transfer_missed') {
            const callbackAt = verdict.callbackAt as Date;
            expect(callbackAt.getTime()).toBeGreaterThanOrEqual(at.getTime() + CALLBACK_MIN_DELAY_MINUTES * 60_000);
            expect(isTargetOpen(target, callbackAt)).toBe(true);
          } else {
            expect(verdict.callbackAt).toBeNull();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
