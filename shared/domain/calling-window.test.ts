import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  DAYS_OF_WEEK,
  isCallAllowed,
  LEGAL_QUIET_HOURS,
  nextAllowedTime,
  quietHoursRuleOf,
  zonesOfCalledParty,
  type CalledParty,
  type CampaignWindow,
} from './calling-window';
import { assertProperty } from '../../tests/support/property-runs';

const ZONES = [
  'UTC',
  'Pacific/Auckland',
  'Australia/Sydney',
  'Australia/Perth',
  'Australia/Lord_Howe',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Asia/Tokyo',
];

/** DST changes in the zones above, so that many samples fall in the days around one. */
const DST_CHANGES = [
  '2025-03-09T07:00:00Z',
  '2025-03-30T01:00:00Z',
  '2025-04-05T14:00:00Z',
  '2025-04-05T15:00:00Z',
  '2025-09-27T14:00:00Z',
  '2025-10-04T16:00:00Z',
  '2025-10-26T01:00:00Z',
  '2025-11-02T06:00:00Z',
].map((iso) => Date.parse(iso));

const DAY_MS = 86_400_000;

/** A campaign that allows every moment: only the legal hours decide. */
const always: CampaignWindow = {
  callingHoursType: 'all_hours',
  callingStartTime: '09:00',
  callingEndTime: '17:00',
  timezone: 'UTC',
  daysOfWeek: [...DAYS_OF_WEEK],
};
const QUARTER_MS = 15 * 60_000;

const moment = fc.oneof(
  fc.integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2027-12-31T00:00:00Z') }),
  fc
    .tuple(fc.constantFrom(...DST_CHANGES), fc.integer({ min: -3 * DAY_MS, max: 3 * DAY_MS }))
    .map(([change, offset]) => change + offset),
);

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Windows start and end on the half hour, any hour of the day: the small hours are where clocks change. */
const campaignWindow: fc.Arbitrary<CampaignWindow> = fc.record({
  callingHoursType: fc.constantFrom('specific_hours' as const, 'all_hours' as const),
  callingStartTime: fc.integer({ min: 0, max: 47 }).map((half) => hhmm(half * 30)),
  callingEndTime: fc.integer({ min: 0, max: 47 }).map((half) => hhmm(half * 30)),
  timezone: fc.constantFrom(...ZONES),
  daysOfWeek: fc.subarray([...DAYS_OF_WEEK], { minLength: 1 }),
});

const calledParty: fc.Arbitrary<CalledParty> = fc.record({
  country: fc.constantFrom('US', 'AU', 'NZ', 'GB', null),
  timezone: fc.constantFrom(null, 'America/Chicago', 'Australia/Brisbane', 'Pacific/Auckland', 'Not/AZone'),
});

/** Zones with the local moment their clocks change, spring and autumn, 2025. */
const ZONE_CHANGES: Array<[zone: string, changes: string[]]> = [
  ['America/New_York', ['2025-03-09T07:00:00Z', '2025-11-02T06:00:00Z']],
  ['America/Los_Angeles', ['2025-03-09T10:00:00Z', '2025-11-02T09:00:00Z']],
  ['Europe/London', ['2025-03-30T01:00:00Z', '2025-10-26T01:00:00Z']],
  ['Australia/Sydney', ['2025-04-05T16:00:00Z', '2025-10-04T16:00:00Z']],
  ['Australia/Lord_Howe', ['2025-04-05T15:00:00Z', '2025-10-04T15:30:00Z']],
  ['Pacific/Auckland', ['2025-04-05T14:00:00Z', '2025-09-27T14:00:00Z']],
  ['Pacific/Chatham', ['2025-04-05T14:00:00Z', '2025-09-27T14:00:00Z']],
];

/** A moment within four hours of a clock change, a window opening or closing in that zone's small hours, a party there. */
const smallHoursCase: fc.Arbitrary<[number, CampaignWindow, CalledParty]> = fc
  .constantFrom(
    ...ZONE_CHANGES.flatMap(([zone, changes]) => changes.map((change) => [zone, Date.parse(change)] as const)),
  )
  .chain(([zone, change]) =>
    fc.tuple(
      fc.integer({ min: -240, max: 240 }).map((minutes) => change + minutes * 60_000),
      fc.record({
        callingHoursType: fc.constantFrom('specific_hours' as const, 'all_hours' as const),
        callingStartTime: fc
          .oneof(fc.integer({ min: 0, max: 16 }), fc.integer({ min: 0, max: 95 }))
          .map((q) => hhmm(q * 15)),
        callingEndTime: fc
          .oneof(fc.integer({ min: 0, max: 16 }), fc.integer({ min: 0, max: 95 }))
          .map((q) => hhmm(q * 15)),
        timezone: fc.constant(zone),
        daysOfWeek: fc.subarray([...DAYS_OF_WEEK], { minLength: 1 }),
      }),
      fc.constantFrom<CalledParty>(
        { country: null },
        { country: 'NZ', timezone: zone },
        { country: 'US', timezone: zone },
      ),
    ),
  );

function minuteOfDay(local: DateTime): number {
  return local.hour * 60 + local.minute;
}

/** The oracle: read each rule against Luxon's wall clock for the moment, minute by minute, no intervals. */
function oracleAllows(atMs: number, window: CampaignWindow, party: CalledParty): boolean {
  const local = DateTime.fromMillis(atMs, { zone: window.timezone });
  const dayAllowed = (when: DateTime) => window.daysOfWeek.includes(DAYS_OF_WEEK[when.weekday - 1]!);
  if (window.callingHoursType === 'all_hours') {
    if (!dayAllowed(local)) return false;
  } else {
    const [sh, sm] = window.callingStartTime.split(':').map(Number);
    const [eh, em] = window.callingEndTime.split(':').map(Number);
    const start = sh! * 60 + sm!;
    const end = eh! * 60 + em!;
    const now = minuteOfDay(local);
    const inToday = dayAllowed(local) && now >= start && (end > start ? now < end : true);
    const yesterday = local.minus({ days: 1 });
    const fromYesterday = end <= start && dayAllowed(yesterday) && now < end;
    if (!inToday && !fromYesterday) return false;
  }
  const rule = quietHoursRuleOf(party.country);
  if (!rule) return true;
  return zonesOfCalledParty(party, window.timezone).every((zone) => {
    const there = DateTime.fromMillis(atMs, { zone });
    const hours = rule.days[there.weekday - 1];
    if (!hours) return false;
    const now = minuteOfDay(there);
    const [sh, sm] = hours.start.split(':').map(Number);
    const [eh, em] = hours.end.split(':').map(Number);
    return now >= sh! * 60 + sm! && now < eh! * 60 + em!;
  });
}

describe('calling window and legal quiet hours', () => {
  it('follows the wall clock in the small hours of the days clocks change, in the campaign’s and the contact’s zone', async () => {
    await assertProperty(
      fc.property(smallHoursCase, ([atMs, window, party]) => {
        expect(isCallAllowed(new Date(atMs), window, party)).toBe(oracleAllows(atMs, window, party));
      }),
      { minRuns: 300, numRuns: 3000, budgetMs: 3_000 },
    );
  });

  it('allows a moment exactly when Luxon’s wall clock says every rule is open', async () => {
    await assertProperty(
      fc.property(moment, campaignWindow, calledParty, (atMs, window, party) => {
        expect(isCallAllowed(new Date(atMs), window, party)).toBe(oracleAllows(atMs, window, party));
      }),
      { minRuns: 60, numRuns: 600, budgetMs: 3_000 },
    );
  });

  it('finds the earliest allowed moment: allowed itself, nothing allowed before it', async () => {
    await assertProperty(
      fc.property(moment, campaignWindow, calledParty, (atMs, window, party) => {
        const next = nextAllowedTime(new Date(atMs), window, party);
        const until = next ? next.getTime() : atMs + 7 * DAY_MS;
        if (next) {
          expect(next.getTime()).toBeGreaterThanOrEqual(atMs);
          expect(oracleAllows(next.getTime(), window, party)).toBe(true);
        }
        // Every rule opens and closes on a quarter hour, so checking each quarter hour before it is enough.
        if (until > atMs) expect(oracleAllows(atMs, window, party)).toBe(false);
        for (let at = Math.ceil(atMs / QUARTER_MS) * QUARTER_MS; at < until; at += QUARTER_MS) {
          expect(oracleAllows(at, window, party)).toBe(false);
        }
      }),
      { minRuns: 20, numRuns: 150, budgetMs: 5_000 },
    );
  });

  it('calls a US number in no US zone before 08:00 or from 21:00, whatever the campaign allows', async () => {
    await assertProperty(
      fc.property(moment, (atMs) => {
        const next = nextAllowedTime(new Date(atMs), always, { country: 'US' });
        expect(next).not.toBeNull();
        for (const zone of quietHoursRuleOf('US')!.zones) {
          const hour = DateTime.fromJSDate(next!, { zone }).hour;
          expect(hour).toBeGreaterThanOrEqual(8);
          expect(hour).toBeLessThan(21);
        }
      }),
      { minRuns: 20, numRuns: 100, budgetMs: 3_000 },
    );
  });

  it('never calls Australia or New Zealand on a Sunday, nor Australia after 17:00 on a Saturday', () => {
    expect(isCallAllowed(new Date('2025-06-15T00:00:00Z'), always, { country: 'NZ' })).toBe(false); // Sun 12:00 NZST
    expect(isCallAllowed(new Date('2025-06-14T00:00:00Z'), always, { country: 'NZ' })).toBe(true); // Sat 12:00 NZST
    // Saturday 17:30 in Sydney (07:30 UTC, AEST) is outside; 16:30 is inside, also in Perth (14:30).
    expect(
      isCallAllowed(new Date('2025-06-14T07:30:00Z'), always, { country: 'AU', timezone: 'Australia/Sydney' }),
    ).toBe(false);
    expect(
      isCallAllowed(new Date('2025-06-14T06:30:00Z'), always, { country: 'AU', timezone: 'Australia/Sydney' }),
    ).toBe(true);
  });

  it('holds the US territories to the TCPA’s hours on their own clocks', () => {
    // 07:30 and 08:30 in San Juan (UTC−4); 20:30 and 21:30 in Guam (UTC+10).
    expect(isCallAllowed(new Date('2025-06-16T11:30:00Z'), always, { country: 'PR' })).toBe(false);
    expect(isCallAllowed(new Date('2025-06-16T12:30:00Z'), always, { country: 'PR' })).toBe(true);
    expect(isCallAllowed(new Date('2025-06-16T10:30:00Z'), always, { country: 'GU' })).toBe(true);
    expect(isCallAllowed(new Date('2025-06-16T11:30:00Z'), always, { country: 'GU' })).toBe(false);
  });

  it('keeps 09:00 in the campaign’s zone across a DST change (Auckland, April 2025)', () => {
    const window: CampaignWindow = {
      callingHoursType: 'specific_hours',
      callingStartTime: '09:00',
      callingEndTime: '17:00',
      timezone: 'Pacific/Auckland',
      daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    };
    // Friday 17:30 NZDT → Monday 09:00 NZST, after the clocks went back on Sunday 6 April.
    const next = nextAllowedTime(new Date('2025-04-04T04:30:00Z'), window, { country: 'NZ' });
    expect(next?.toISOString()).toBe('2025-04-06T21:00:00.000Z');
  });

  it('lists one row per country in the legal table', () => {
    expect(new Set(LEGAL_QUIET_HOURS.map((rule) => rule.country)).size).toBe(LEGAL_QUIET_HOURS.length);
  });
});
