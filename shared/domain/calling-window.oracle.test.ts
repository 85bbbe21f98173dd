import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  DAYS_OF_WEEK,
  isCallAllowed,
  LOOKAHEAD_DAYS,
  nextAllowedTime,
  quietHoursRuleOf,
  type CalledParty,
  type CampaignWindow,
} from './calling-window';
import numberZonesData from './number-zones.data.json';

/**
 * The product's calling window against an oracle written the plain way: for one instant, ask Luxon what the wall
 * clock reads in the campaign's zone and in each of the contact's zones, and compare with the hours as written. No
 * intervals, no offsets: if the two disagree anywhere, one of them is wrong. Cases come from a seeded generator, so
 * every run checks the same ones, weighted to the hours around clock changes in every zone US, AU and NZ numbers ring in.
 */

const CALL_CASES = 100_000;
/** The search is checked by scanning days of five-minute marks: at least this many, then more while time lasts. */
const NEXT_CASES = { min: 300, max: 1_500, budgetMs: 15_000 };
const MINUTE_MS = 60_000;
const GRID_MS = 5 * MINUTE_MS;
const DAY_MS = 86_400_000;

/** mulberry32: a small seeded generator, so that a failure is the same case on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const integer = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[integer(0, items.length - 1)] as T;
  return { next, integer, pick };
}

/** Every zone the number data gives numbers of a country (US read from the +1 prefixes that parse as US). */
function zonesOfCountry(country: 'US' | 'AU' | 'NZ'): string[] {
  const code = { US: '1', AU: '61', NZ: '64' }[country];
  const zones = new Set<string>(quietHoursRuleOf(country)?.zones);
  for (const [prefix, listed] of Object.entries(numberZonesData.prefixes as Record<string, string>)) {
    if (!prefix.startsWith(code)) continue;
    if (country === 'US') {
      const phone = parsePhoneNumberFromString(`+${prefix}${'5'.repeat(Math.max(0, 11 - prefix.length))}`);
      if (prefix.length < 4 || phone?.country !== 'US') continue;
    }
    for (const zone of listed.split('&')) zones.add(zone);
  }
  return [...zones].sort();
}

const PARTY_ZONES = { US: zonesOfCountry('US'), AU: zonesOfCountry('AU'), NZ: zonesOfCountry('NZ') };
const ALL_ZONES = [...new Set([...PARTY_ZONES.US, ...PARTY_ZONES.AU, ...PARTY_ZONES.NZ])];
const CAMPAIGN_ZONES = [...ALL_ZONES, 'UTC', 'Europe/London', 'Asia/Kathmandu', 'America/Santiago'];

/** Instants the zone's offset changes at in 2025–2026, found with Luxon alone: day steps, then halving. */
function clockChanges(zone: string): number[] {
  const offsetAt = (at: number) => DateTime.fromMillis(at, { zone }).offset;
  const changes: number[] = [];
  for (let day = Date.UTC(2025, 0, 1); day < Date.UTC(2027, 0, 1); day += DAY_MS) {
    if (offsetAt(day) === offsetAt(day + DAY_MS)) continue;
    let low = day;
    let high = day + DAY_MS;
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetAt(middle) === offsetAt(day)) low = middle;
      else high = middle;
    }
    changes.push(high);
  }
  return changes;
}

const CHANGES = CAMPAIGN_ZONES.flatMap((zone) => clockChanges(zone).map((at) => ({ zone, at })));

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minutesOf = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

interface Case {
  atMs: number;
  window: CampaignWindow;
  party: CalledParty & { zones: string[] };
}

function caseMaker(seed: number) {
  const random = seeded(seed);
  /** Half the windows open or close in the small hours (00:00 to 04:00), on five-minute marks. */
  const windowTime = () => hhmm(random.next() < 0.5 ? random.integer(0, 48) * 5 : random.integer(0, 287) * 5);
  return (): Case => {
    const nearChange = random.next() < 0.6 ? random.pick(CHANGES) : null;
    const atMs = nearChange
      ? nearChange.at + random.integer(-8 * 60, 8 * 60) * MINUTE_MS + random.integer(0, 59) * 1000
      : random.integer(Date.UTC(2025, 0, 1) / MINUTE_MS, Date.UTC(2026, 11, 31) / MINUTE_MS) * MINUTE_MS;
    const window: CampaignWindow = {
      callingHoursType: random.next() < 0.2 ? 'all_hours' : 'specific_hours',
      callingStartTime: windowTime(),
      callingEndTime: windowTime(),
      timezone: nearChange && random.next() < 0.5 ? nearChange.zone : random.pick(CAMPAIGN_ZONES),
      daysOfWeek: DAYS_OF_WEEK.filter(() => random.next() < 0.7),
    };
    const country = random.pick(['US', 'AU', 'NZ', 'CX', 'CC', 'PR', 'GU', 'GB'] as const);
    const own = {
      US: PARTY_ZONES.US,
      AU: PARTY_ZONES.AU,
      NZ: PARTY_ZONES.NZ,
      CX: PARTY_ZONES.AU,
      CC: PARTY_ZONES.AU,
      PR: ['America/Puerto_Rico'],
      GU: ['Pacific/Guam'],
    };
    const candidates = country === 'GB' ? ['Europe/London'] : own[country];
    const zones =
      nearChange && random.next() < 0.5 && candidates.includes(nearChange.zone)
        ? [nearChange.zone]
        : Array.from({ length: random.integer(1, 3) }, () => random.pick(candidates));
    return { atMs, window, party: { country, zones: [...new Set(zones)] } };
  };
}

const WEEKDAY_NAMES = DAYS_OF_WEEK;

/** The oracle: the wall clocks at this instant against the hours as written. */
function oracleAllows({ atMs, window, party }: Omit<Case, 'atMs'> & { atMs: number }): boolean {
  const local = DateTime.fromMillis(atMs, { zone: window.timezone });
  const today = local.weekday;
  const yesterday = today === 1 ? 7 : today - 1;
  const allowed = (weekday: number) => window.daysOfWeek.includes(WEEKDAY_NAMES[weekday - 1]!);
  const now = local.hour * 60 + local.minute;
  const start = window.callingHoursType === 'all_hours' ? 0 : minutesOf(window.callingStartTime);
  const end = window.callingHoursType === 'all_hours' ? 0 : minutesOf(window.callingEndTime);
  const fromToday = allowed(today) && now >= start && (end > start ? now < end : true);
  const fromYesterday = end <= start && allowed(yesterday) && now < end;
  if (!fromToday && !fromYesterday) return false;
  const rule = quietHoursRuleOf(party.country);
  if (!rule) return true;
  return party.zones.every((zone) => {
    const there = DateTime.fromMillis(atMs, { zone });
    const hours = rule.days[there.weekday - 1];
    const minute = there.hour * 60 + there.minute;
    return hours !== null && hours !== undefined && minute >= minutesOf(hours.start) && minute < minutesOf(hours.end);
  });
}

describe('calling window against a plain Luxon oracle', () => {
  it(`agrees on whether ${CALL_CASES} instants may be called`, () => {
    const makeCase = caseMaker(20_251_102);
    let allowedCount = 0;
    for (let index = 0; index < CALL_CASES; index++) {
      const testCase = makeCase();
      const expected = oracleAllows(testCase);
      if (isCallAllowed(new Date(testCase.atMs), testCase.window, testCase.party) !== expected)
        expect({ index, ...testCase, allowed: !expected }).toEqual({ index, ...testCase, allowed: expected });
      if (expected) allowedCount++;
    }
    // Both answers are common enough for the comparison to mean something.
    expect(allowedCount).toBeGreaterThan(CALL_CASES / 20);
    expect(allowedCount).toBeLessThan(CALL_CASES - CALL_CASES / 20);
  }, 300_000);

  it(`finds for ${NEXT_CASES.min} to ${NEXT_CASES.max} instants the first moment the oracle allows, checked every five minutes`, () => {
    const makeCase = caseMaker(20_250_309);
    const started = Date.now();
    for (let index = 0; index < NEXT_CASES.max; index++) {
      if (index >= NEXT_CASES.min && Date.now() - started > NEXT_CASES.budgetMs) break;
      const testCase = makeCase();
      const { atMs, window, party } = testCase;
      const next = nextAllowedTime(new Date(atMs), window, party)?.getTime() ?? null;
      if (next !== null)
        expect({ index, next, allowed: oracleAllows({ ...testCase, atMs: next }) }).toMatchObject({
          allowed: true,
        });
      const until = next ?? atMs + LOOKAHEAD_DAYS * DAY_MS;
      if (until > atMs) expect({ index, at: atMs, allowed: oracleAllows(testCase) }).toMatchObject({ allowed: false });
      for (let at = Math.ceil(atMs / GRID_MS) * GRID_MS; at < until; at += GRID_MS) {
        if (oracleAllows({ ...testCase, atMs: at })) expect({ index, testCase, next, allowedAt: at }).toBeNull();
      }
    }
  }, 300_000);
});
