import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { campaignDays, analyticsPeriodEndingToday, DEFAULT_ANALYTICS_DAYS } from './campaign-days';

const ZONES = ['Pacific/Auckland', 'America/New_York', 'Australia/Adelaide', 'Asia/Kathmandu', 'UTC'];

describe('campaignDays', () => {
  it('gives the day New Zealand leaves daylight saving 25 hours and the day it starts 23', () => {
    const autumn = campaignDays('2026-04-05', '2026-04-05', 'Pacific/Auckland');
    expect(autumn.days).toEqual([{ date: '2026-04-05', startsAt: '2026-04-04T11:00:00.000Z' }]);
    expect(autumn.endsAt).toBe('2026-04-05T12:00:00.000Z');
    const spring = campaignDays('2026-09-27', '2026-09-28', 'Pacific/Auckland');
    expect(spring.days.map((day) => day.startsAt)).toEqual(['2026-09-26T12:00:00.000Z', '2026-09-27T11:00:00.000Z']);
  });

  it('tiles the period without gaps: each day starts where the one before ends, at local midnight', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 60 }),
        (zone, start, length) => {
          const from = DateTime.fromJSDate(start, { zone }).toISODate() as string;
          const to = DateTime.fromISO(from, { zone })
            .plus({ days: length - 1 })
            .toISODate() as string;
          const { days, endsAt } = campaignDays(from, to, zone);
          expect(days).toHaveLength(length);
          const bounds = [...days.map((day) => day.startsAt), endsAt];
          for (const [index, day] of days.entries()) {
            const local = DateTime.fromISO(day.startsAt, { zone });
            expect(local.toISODate()).toBe(day.date);
            expect([local.hour, local.minute]).toEqual([0, 0]);
            expect(Date.parse(bounds[index + 1] as string)).toBeGreaterThan(Date.parse(day.startsAt));
          }
        },
      ),
    );
  });

  it('refuses a day that does not exist', () => {
    expect(() => campaignDays('2026-02-30', '2026-03-01', 'UTC')).toThrow(RangeError);
  });
});

describe('analyticsPeriodEndingToday', () => {
  it('ends on the campaign’s today, which may be tomorrow in UTC', () => {
    const period = analyticsPeriodEndingToday(new Date('2026-11-24T20:00:00Z'), 'Pacific/Auckland');
    expect(period.to).toBe('2026-11-25');
    expect(campaignDays(period.from, period.to, 'Pacific/Auckland').days).toHaveLength(DEFAULT_ANALYTICS_DAYS);
  });
});
