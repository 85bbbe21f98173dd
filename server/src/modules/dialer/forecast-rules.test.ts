import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCallAllowed, nextAllowedTime, type CampaignWindow } from '@shared/domain/calling-window';
import { DAYS_OF_WEEK } from '@shared/schemas/campaign.schema';
import { assertProperty } from '../../../../tests/support/property-runs';
import {
  CallingCalendar,
  DEFAULT_OUTCOME_MIX,
  forecastPreview,
  outcomeMixOf,
  sortPending,
  type ForecastContact,
  type ScheduleSettings,
} from './forecast-rules';
import { ALL_HOURS } from './all-hours.fixture';

/** Monday 30 November 2026, 00:00 UTC: 1 pm in Auckland, 7 pm on Sunday in New York. */
const now = new Date('2026-11-30T00:00:00.000Z');
const MINUTE = 60_000;

const contact = (phoneNumber: string, fields: Partial<ForecastContact> = {}): ForecastContact => ({
  phoneNumber,
  metadata: {},
  nextAttemptAt: null,
  scheduledFor: null,
  attemptsMade: 0,
  maxRetries: 0,
  retryDelayMinutes: 30,
  ...fields,
});

const settings = (fields: Partial<ScheduleSettings> = {}): ScheduleSettings => ({
  window: ALL_HOURS,
  maxCallsPerDay: 100,
  callIntervalMinutes: 1,
  outboundLines: 4,
  callsInFlight: 0,
  callsPerSecond: 1,
  callsToday: 0,
  slotFreeAt: null,
  ...fields,
});

const nz = (count: number, fields: Partial<ForecastContact> = {}) =>
  Array.from({ length: count }, (_, index) => contact(`+642100${String(index).padStart(4, '0')}`, fields));

const preview = (pending: ForecastContact[], fields: Partial<ScheduleSettings> = {}, listed = new Set<string>()) =>
  forecastPreview(pending, listed, settings(fields), DEFAULT_OUTCOME_MIX, now);

describe('sortPending', () => {
  it('counts each contact never called once, by its first reason', () => {
    const pending = [
      contact('+6421000300'),
      contact('+6421000300'),
      contact('+123'),
      contact('+6421000301'),
      contact('+12025550143'),
    ];
    const { callable, never } = sortPending(pending, new Set(['+6421000301']), ALL_HOURS, now);
    expect(callable.filter((entry) => !entry.dialledInVain)).toHaveLength(2);
    expect(never).toEqual({
      count: 3,
      invalidNumber: 1,
      doNotCall: 1,
      duplicate: 1,
      outsideLegalHours: 0,
      noConsent: 0,
    });
  });

  it('never calls contacts without marketing consent in a marketing campaign', () => {
    const pending = [{ ...contact('+6421000300'), marketingConsent: true }, contact('+6421000302')];
    expect(sortPending(pending, new Set(), ALL_HOURS, now, true).never).toMatchObject({ count: 1, noConsent: 1 });
    expect(sortPending(pending, new Set(), ALL_HOURS, now).never).toMatchObject({ count: 0, noConsent: 0 });
  });

  it('never calls contacts whose legal hours never meet the window', () => {
    // 03:00–04:00 UTC: the afternoon in Auckland, after 10 pm in New York.
    const window: CampaignWindow = {
      ...ALL_HOURS,
      callingHoursType: 'specific_hours',
      callingStartTime: '03:00',
      callingEndTime: '04:00',
    };
    const pending = [contact('+6421000300'), contact('+12025550143', { metadata: { timezone: 'America/New_York' } })];
    const { callable, never } = sortPending(pending, new Set(), window, now);
    expect(callable).toHaveLength(1);
    expect(never).toMatchObject({ count: 1, outsideLegalHours: 1 });
  });
});

describe('forecastPreview', () => {
  it('tells contacts callable now from those callable later, grouped by the hour they open', () => {
    const newYork = { metadata: { timezone: 'America/New_York' } };
    const pending = [
      contact('+6421000300'),
      // 7 pm in New York: callable now; one due again tomorrow at 08:00 UTC is callable then.
      contact('+12025550143', newYork),
      contact('+12025550144', { ...newYork, nextAttemptAt: '2026-12-01T08:00:00.000Z' }),
      // Sunday 00:00 in Auckland is outside New Zealand's hours: first callable Monday 09:00 NZDT.
      contact('+6421000301', { scheduledFor: '2026-12-05T11:00:00.000Z' }),
    ];
    const result = preview(pending);
    expect(result.callableNow).toBe(2);
    expect(result.callableLater).toEqual([
      // 03:00 in New York is outside its legal hours: 08:00 EST is 13:00 UTC.
      { count: 1, firstCallableAt: '2026-12-01T13:00:00.000Z' },
      { count: 1, firstCallableAt: '2026-12-06T20:00:00.000Z' },
    ]);
    expect(result.neverCallable.count).toBe(0);
  });

  it('paces the calls by the interval and the daily cap, counted in the campaign’s day', () => {
    const paced = preview(nz(10), { callIntervalMinutes: 5 });
    expect(paced.estimatedFinish?.earliest).toBe(new Date(now.getTime() + 9 * 5 * MINUTE).toISOString());
    // Three calls a day, one made today already: 2 today, 3 tomorrow, 3 the day after, the last one on the fourth.
    const capped = preview(nz(9), { maxCallsPerDay: 3, callsToday: 1 });
    expect(capped.estimatedFinish?.earliest).toBe('2026-12-03T00:00:00.000Z');
  });

  it('waits for the interval already running and for a free line', () => {
    const slotFreeAt = new Date(now.getTime() + 10 * MINUTE);
    expect(preview(nz(1), { slotFreeAt }).estimatedFinish?.earliest).toBe(slotFreeAt.toISOString());
    // Every line is held by a call under way: the first call waits until they end.
    const busy = preview(nz(1), { outboundLines: 2, callsInFlight: 2 }).estimatedFinish?.earliest;
    expect(new Date(busy!).getTime()).toBeGreaterThan(now.getTime());
  });

  it('stretches the latest finish over every retry, a voicemail’s gap included', () => {
    const result = preview(nz(1, { maxRetries: 2, retryDelayMinutes: 30 }));
    expect(result.estimatedFinish?.earliest).toBe(now.toISOString());
    // Voicemail (60 s, then at least 4 hours), no answer (45 s, then 30 minutes), no answer: the last try.
    const latest = now.getTime() + 60_000 + 240 * MINUTE + 45_000 + 30 * MINUTE;
    expect(result.estimatedFinish?.latest).toBe(new Date(latest).toISOString());
  });

  it('keeps the expected finish inside the range when a retry’s gap carries a call past a day', () => {
    // Wednesdays only, three calls a day: a voicemail's four hours land differently than two quick no-answers.
    const window: CampaignWindow = { ...ALL_HOURS, timezone: 'Pacific/Auckland', daysOfWeek: ['wednesday'] };
    const dueWednesday = { nextAttemptAt: '2026-12-01T20:01:00.000Z', retryDelayMinutes: 1 };
    const pending = [
      contact('+64210001000', { ...dueWednesday, maxRetries: 1 }),
      contact('+64210001001', { ...dueWednesday, maxRetries: 2 }),
      ...nz(4, { retryDelayMinutes: 1 }),
    ];
    const { earliest, expected, latest } = preview(pending, { window, maxCallsPerDay: 3 }).estimatedFinish!;
    expect(earliest <= expected!).toBe(true);
    expect(expected! <= latest!).toBe(true);
  });

  it('tells no finish when nothing can be called', () => {
    expect(preview([contact('+123')]).estimatedFinish).toBeNull();
  });

  it('finds the story’s 28 minutes to be hours once legal hours and retries count', () => {
    // Weekdays 9 to 5 in Auckland, US contacts: their 8 am to 9 pm meets it only early on New Zealand mornings.
    const window: CampaignWindow = {
      callingHoursType: 'specific_hours',
      callingStartTime: '09:00',
      callingEndTime: '17:00',
      timezone: 'Pacific/Auckland',
      daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    };
    const pending = Array.from({ length: 28 }, (_, index) =>
      contact(`+1202555${String(index).padStart(4, '0')}`, {
        metadata: { timezone: 'America/Los_Angeles' },
        maxRetries: 2,
      }),
    );
    const result = preview(pending, { window });
    // 13:00 in Auckland is 4 pm on Sunday in Los Angeles: legal, but it is 9 pm there at 18:00 NZDT, after the window.
    expect(result.callableNow).toBe(28);
    const finish = result.estimatedFinish!;
    expect(new Date(finish.earliest).getTime() - now.getTime()).toBe(27 * MINUTE);
    expect(new Date(finish.latest!).getTime() - now.getTime()).toBeGreaterThan(9 * 60 * MINUTE);
  });
});

describe('outcomeMixOf', () => {
  it('uses the campaign’s own outcomes once it has enough of them', () => {
    expect(outcomeMixOf({ answered: 3, busy: 1 })).toEqual(DEFAULT_OUTCOME_MIX);
    expect(outcomeMixOf({ answered: 15, busy: 5, not_placed: 7 })).toEqual({
      answered: 0.75,
      voicemail: 0,
      no_answer: 0,
      busy: 0.25,
      voicemail_left: 0,
      machine_no_message: 0,
      screened: 0,
      fax: 0,
      failed: 0,
      transferred: 0,
      transfer_missed: 0,
    });
  });
});

const windowArbitrary: fc.Arbitrary<CampaignWindow> = fc.record({
  callingHoursType: fc.constantFrom('specific_hours' as const, 'all_hours' as const),
  callingStartTime: fc.integer({ min: 0, max: 23 }).map((hour) => `${String(hour).padStart(2, '0')}:00`),
  callingEndTime: fc.integer({ min: 0, max: 23 }).map((hour) => `${String(hour).padStart(2, '0')}:30`),
  timezone: fc.constantFrom('Pacific/Auckland', 'America/New_York', 'UTC', 'Australia/Perth'),
  daysOfWeek: fc.subarray([...DAYS_OF_WEEK], { minLength: 1 }),
});

const contactArbitrary: fc.Arbitrary<ForecastContact> = fc
  .record({
    number: fc.constantFrom('+6421000', '+1202555', '+6189123', '+4420794'),
    suffix: fc.integer({ min: 1000, max: 9999 }),
    maxRetries: fc.integer({ min: 0, max: 3 }),
    retryDelayMinutes: fc.integer({ min: 1, max: 600 }),
    dueInMinutes: fc.option(fc.integer({ min: 0, max: 5000 })),
  })
  .map(({ number, suffix, maxRetries, retryDelayMinutes, dueInMinutes }) =>
    contact(`${number}${suffix}`, {
      maxRetries,
      retryDelayMinutes,
      nextAttemptAt: dueInMinutes === null ? null : new Date(now.getTime() + dueInMinutes * MINUTE).toISOString(),
    }),
  );

describe('forecastPreview properties', () => {
  it('accounts for every contact, and orders its finishes inside the window', async () => {
    await assertProperty(
      fc.property(
        windowArbitrary,
        fc.array(contactArbitrary, { maxLength: 25 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 90 }),
        (window, pending, maxCallsPerDay, callIntervalMinutes) => {
          const result = preview(pending, { window, maxCallsPerDay, callIntervalMinutes });
          const later = result.callableLater.reduce((sum, group) => sum + group.count, 0);
          expect(result.callableNow + later + result.neverCallable.count).toBe(pending.length);
          const finish = result.estimatedFinish;
          if (!finish) return;
          const { earliest, expected, latest } = finish;
          if (expected) expect(expected >= earliest).toBe(true);
          if (latest) expect(latest >= (expected ?? earliest)).toBe(true);
          for (const moment of [earliest, expected, latest]) {
            if (moment) expect(isCallAllowed(new Date(moment), window, { country: null })).toBe(true);
          }
        },
      ),
      { minRuns: 25, numRuns: 200, budgetMs: 3_000 },
    );
  });

  it('answers as the calling window does, whatever the questions before', async () => {
    await assertProperty(
      fc.property(
        windowArbitrary,
        fc.constantFrom(
          { country: null },
          { country: 'US', timezone: 'America/Los_Angeles' },
          { country: 'AU', timezone: 'Australia/Perth' },
          { country: 'NZ' },
          { country: 'US' },
        ),
        fc.array(fc.integer({ min: 0, max: 14 * 24 * 60 }), { minLength: 1, maxLength: 30 }),
        (window, party, minutes) => {
          const calendar = new CallingCalendar(window, party);
          for (const minute of [...minutes].sort((a, b) => a - b)) {
            const at = new Date(now.getTime() + minute * MINUTE);
            expect(calendar.nextAllowed(at.getTime())).toBe(nextAllowedTime(at, window, party)?.getTime() ?? null);
          }
        },
      ),
      { minRuns: 25, numRuns: 200, budgetMs: 3_000 },
    );
  });
});
