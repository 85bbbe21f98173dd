import { describe, expect, it } from 'vitest';
import {
  currentUsageOf,
  emptyMonth,
  monthOnTerms,
  monthWithCall,
  providerCountQuery,
  reportsToSend,
  syncAnswer,
} from './usage-rules';
import type { MeterReport } from './usage.store';

const terms = { minutesIncluded: 10, ratePerMinuteCents: 7, currency: 'nzd' };

const report = (id: string, state: MeterReport['state'], minutes: number): MeterReport => ({
  id,
  tenantId: 'tenant-1',
  identifier: `conv-${id}`,
  customerId: 'cus_1',
  minutes,
  occurredAt: '2026-03-01T10:00:00.000Z',
  state,
});

describe('usage rules', () => {
  it("adds a call in whole minutes at the tenant's rate, keeping the month's own allowance", () => {
    const month = { secondsUsed: 540, minutesUsed: 9, minutesIncluded: 10, callsCount: 3 };
    expect(monthWithCall(month, 61, terms)).toEqual({
      minutes: 2,
      update: {
        secondsUsed: 601,
        minutesUsed: 11,
        minutesBillable: 1,
        costPerMinuteApplied: 7,
        billingCost: 7,
        currency: 'nzd',
        callsCount: 4,
      },
    });
    const unanswered = monthWithCall(month, -5, terms);
    expect(unanswered.minutes).toBe(0);
    expect(unanswered.update).toMatchObject({ secondsUsed: 540, minutesUsed: 9, callsCount: 4, billingCost: 0 });
  });

  it("works the month's overage out again on new terms", () => {
    expect(monthOnTerms(25, { minutesIncluded: 20, ratePerMinuteCents: 3, currency: 'nzd' })).toEqual({
      minutesIncluded: 20,
      minutesBillable: 5,
      costPerMinuteApplied: 3,
      billingCost: 15,
      currency: 'nzd',
    });
    expect(monthOnTerms(5, terms)).toMatchObject({ minutesBillable: 0, billingCost: 0 });
  });

  it('asks the provider for its count only with a meter, a customer and a report sent', () => {
    const sent = [report('a', 'sent', 2), report('b', 'pending', 1)];
    expect(providerCountQuery(sent, 'meter_1')).toEqual({ meterId: 'meter_1', customerId: 'cus_1' });
    expect(providerCountQuery(sent, null)).toBeNull();
    expect(providerCountQuery([], 'meter_1')).toBeNull();
    expect(providerCountQuery([report('b', 'pending', 1)], 'meter_1')).toBeNull();
  });

  it('sends the pending reports, and every report again when the provider counted fewer minutes than were sent', () => {
    const reports = [report('a', 'sent', 2), report('b', 'sent', 3), report('c', 'pending', 1)];
    expect(reportsToSend(reports, undefined)).toEqual({ resend: [reports[2]], callsAlreadyCounted: 2 });
    expect(reportsToSend(reports, 5)).toEqual({ resend: [reports[2]], callsAlreadyCounted: 2 });
    expect(reportsToSend(reports, 6)).toEqual({ resend: [reports[2]], callsAlreadyCounted: 2 });
    expect(reportsToSend(reports, 4)).toEqual({ resend: reports, callsAlreadyCounted: 0 });
  });

  it('says what a sync sent, or that the provider had it all', () => {
    expect(syncAnswer([report('a', 'pending', 2)], 1)).toEqual({
      callsSent: 1,
      minutesSent: 2,
      callsAlreadyCounted: 1,
      message: 'Sent 1 call (2 minutes) to the payment provider.',
    });
    expect(syncAnswer([report('a', 'pending', 2), report('b', 'pending', 3)], 0).message).toBe(
      'Sent 2 calls (5 minutes) to the payment provider.',
    );
    expect(syncAnswer([], 4)).toMatchObject({ callsSent: 0, minutesSent: 0, callsAlreadyCounted: 4 });
    expect(syncAnswer([], 4).message).toBe('The payment provider already has all usage for this period.');
  });

  it("projects a month with calls at the rate it applied, and one without at the tenant's terms", () => {
    const now = new Date('2026-03-10T12:00:00.000Z');
    const none = currentUsageOf(undefined, '2026-03', terms, 'nzd', now);
    expect(none.usage).toEqual(emptyMonth('2026-03', 10));
    expect(none).toMatchObject({ overageRatePerMinute: 7, currency: 'nzd', daysElapsed: 10, daysInMonth: 31 });
    const stored = {
      id: 'usage-1',
      monthYyyyMm: '2026-03',
      minutesUsed: 12,
      minutesIncluded: 10,
      minutesBillable: 2,
      billingCost: 10,
      costPerMinuteApplied: 5,
    };
    const used = currentUsageOf(stored, '2026-03', terms, 'nzd', now);
    const { costPerMinuteApplied: _rate, ...shown } = stored;
    expect(used.usage).toEqual(shown);
    expect(used).toMatchObject({ overageRatePerMinute: 5, usageStatus: 'over_limit', percentUsed: 120 });
    expect(currentUsageOf({ ...stored, minutesUsed: 0 }, '2026-03', terms, 'nzd', now).overageRatePerMinute).toBe(7);
  });
});
