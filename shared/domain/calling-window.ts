import { DateTime } from 'luxon';
import { DAYS_OF_WEEK, type DayOfWeek } from '../schemas/campaign.schema';
import { isKnownZone, offsetAt, offsetSegments } from './zone-offsets';

/**
 * When an outbound call may be placed: inside the campaign's own window (in the campaign's timezone) and inside the
 * legal quiet hours of the called person's country (in the called person's local time). All arithmetic is Luxon's,
 * so daylight-saving changes move the wall clock, never the rule.
 */

export { DAYS_OF_WEEK, type DayOfWeek };

export interface CampaignWindow {
  callingHoursType: 'specific_hours' | 'all_hours';
  /** HH:MM, 24-hour, in `timezone`; ignored for all_hours. An end at or before the start runs past midnight. */
  callingStartTime: string;
  callingEndTime: string;
  /** IANA zone name. */
  timezone: string;
  daysOfWeek: readonly DayOfWeek[];
}

/** Hours on one weekday in local time, HH:MM; null means no calls that day. */
export type DayHours = { start: string; end: string } | null;

export interface QuietHoursRule {
  country: string;
  /**
   * Other countries (as libphonenumber names them) whose numbers the rule covers, with the zones their numbers ring
   * in: territories sharing the calling code, held to the rule on their own clocks.
   */
  territories: Readonly<Record<string, readonly string[]>>;
  /** Monday first, Sunday last (Luxon's weekday 1…7). */
  days: readonly [DayHours, DayHours, DayHours, DayHours, DayHours, DayHours, DayHours];
  /** The zones the country's numbers may ring in; without a contact's own zone, every one of them must allow it. */
  zones: readonly string[];
  note: string;
}

const weekdays = (hours: DayHours) => [hours, hours, hours, hours, hours] as const;

/**
 * Legal calling hours by country, in the called person's local time: the one table the dialer applies and a platform
 * admin can read. A country not listed here has no legal rule beyond the campaign's own window.
 */
export const LEGAL_QUIET_HOURS: readonly QuietHoursRule[] = [
  {
    country: 'US',
    days: [
      ...weekdays({ start: '08:00', end: '21:00' }),
      { start: '08:00', end: '21:00' },
      { start: '08:00', end: '21:00' },
    ],
    zones: [
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Phoenix',
      'America/Los_Angeles',
      'America/Anchorage',
      'Pacific/Honolulu',
    ],
    // The TCPA covers the territories too: Puerto Rico, the US Virgin Islands, Guam, the Northern Mariana Islands and
    // American Samoa, whose +1 numbers libphonenumber names by their own codes.
    territories: {
      PR: ['America/Puerto_Rico'],
      VI: ['America/St_Thomas'],
      GU: ['Pacific/Guam'],
      MP: ['Pacific/Saipan'],
      AS: ['Pacific/Pago_Pago'],
    },
    note: 'TCPA: 8 am to 9 pm in the called party’s local time, every day.',
  },
  {
    country: 'AU',
    days: [...weekdays({ start: '09:00', end: '20:00' }), { start: '09:00', end: '17:00' }, null],
    zones: [
      'Australia/Sydney',
      'Australia/Brisbane',
      'Australia/Adelaide',
      'Australia/Darwin',
      'Australia/Perth',
      'Australia/Eucla',
      'Australia/Lord_Howe',
    ],
    // +61 numbers on Christmas Island and the Cocos (Keeling) Islands, which libphonenumber reads as CX and CC: the
    // rule holds for them in their own zones, which their numbers give. A number that can ring anywhere (a mobile) is
    // held to the mainland's and Lord Howe's zones only, or every Australian mobile would lose hours to two islands.
    territories: { CX: ['Indian/Christmas'], CC: ['Indian/Cocos'] },
    note: 'Telemarketing standard: weekdays 9 am to 8 pm, Saturday 9 am to 5 pm, no Sunday calls.',
  },
  {
    country: 'NZ',
    days: [...weekdays({ start: '09:00', end: '20:00' }), { start: '09:00', end: '20:00' }, null],
    // The Chatham Islands' lines carry their own zone; a mobile is held to the mainland's.
    zones: ['Pacific/Auckland'],
    territories: {},
    note: 'Conservative default: 9 am to 8 pm, Monday to Saturday.',
  },
];

const RULE_BY_COUNTRY = new Map(
  LEGAL_QUIET_HOURS.flatMap((rule) =>
    [rule.country, ...Object.keys(rule.territories)].map((country) => [country, rule] as const),
  ),
);

export function quietHoursRuleOf(country: string | null | undefined): QuietHoursRule | undefined {
  return country ? RULE_BY_COUNTRY.get(country.toUpperCase()) : undefined;
}

/** The zones a country's numbers may ring in under its legal rule: a territory's own, else the country's. */
export function legalZonesOf(country: string | null | undefined): readonly string[] | undefined {
  const rule = quietHoursRuleOf(country);
  return rule && (rule.territories[country!.toUpperCase()] ?? rule.zones);
}

/** Who is being called: the country of the number and, when known, the zone or zones they may be in. */
export interface CalledParty {
  country: string | null;
  /**
   * The zones stored for the contact (see contact-zone.ts): one when known, several when the number spans them, and
   * then the legal hours must hold in every one. Without them, `timezone`, then the country's zones.
   */
  zones?: readonly string[] | null;
  /** One IANA zone known for this contact. */
  timezone?: string | null;
}

/** How far ahead the next allowed moment is looked for; a rule set that allows nothing in this long allows nothing. */
export const LOOKAHEAD_DAYS = 8;

interface Interval {
  open: number;
  close: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Further than any zone's offset from UTC (−12 h to +14 h): the instants a local day can hold lie within it. */
const OFFSET_REACH_MS = 15 * 60 * MINUTE_MS;

function minutesOf(hhmm: string): number {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * Hours are wall-clock ranges: a moment is inside "09:00 to 17:00 on Monday" when the clock on the wall in that zone
 * reads a Monday time from 09:00 up to (not including) 17:00, and a range ending at or before its start runs to that
 * time on the next day. On the days clocks change this means:
 * - spring forward: a time the clocks skip opens (or closes) the range at the first instant after it, the moment the
 *   clocks jump (a 02:30 start on a night that goes from 02:00 to 03:00 opens at 03:00, not 03:30);
 * - fall back: a time the clocks show twice is inside the range both times (a range ending at 01:30 on a night that
 *   goes back from 02:00 to 01:00 is open until the first 01:30, closed from then to the change, and open again from
 *   the second 01:00 to the second 01:30).
 * Computed here exactly, on the zone's offset segments: in a segment of offset o, the wall clock reads t + o.
 */
function weeklyIntervals(
  hoursOf: (weekday: number) => { startMin: number; endMin: number } | null,
  zone: string,
  fromMs: number,
  days: number,
): Interval[] {
  const firstDay = Math.floor((fromMs + offsetAt(zone, fromMs)) / DAY_MS) * DAY_MS - DAY_MS;
  const lastDay = firstDay + (days + 2) * DAY_MS;
  const segments = offsetSegments(zone, firstDay - OFFSET_REACH_MS, lastDay + DAY_MS + OFFSET_REACH_MS);
  const intervals: Interval[] = [];
  for (let day = firstDay; day <= lastDay; day += DAY_MS) {
    const hours = hoursOf(((new Date(day).getUTCDay() + 6) % 7) + 1);
    if (!hours) continue;
    const wallOpen = day + hours.startMin * MINUTE_MS;
    const wallClose = day + (hours.endMin > hours.startMin ? 0 : DAY_MS) + hours.endMin * MINUTE_MS;
    for (const segment of segments) {
      const open = Math.max(segment.start, wallOpen - segment.offsetMs);
      const close = Math.min(segment.end, wallClose - segment.offsetMs);
      if (close <= open) continue;
      const previous = intervals.at(-1);
      if (previous && previous.close === open) previous.close = close;
      else intervals.push({ open, close });
    }
  }
  // Around a clock going back over midnight, the end of one day's range can follow the start of the next one's.
  return intervals.sort((a, b) => a.open - b.open);
}

const FULL_DAY = { startMin: 0, endMin: 0 };

function campaignIntervals(window: CampaignWindow, fromMs: number, days: number): Interval[] {
  const allowedDays = new Set(window.daysOfWeek);
  const hours =
    window.callingHoursType === 'all_hours'
      ? FULL_DAY
      : { startMin: minutesOf(window.callingStartTime), endMin: minutesOf(window.callingEndTime) };
  return weeklyIntervals(
    (weekday) => (allowedDays.has(DAYS_OF_WEEK[weekday - 1] as DayOfWeek) ? hours : null),
    window.timezone,
    fromMs,
    days,
  );
}

function legalIntervals(rule: QuietHoursRule, zone: string, fromMs: number, days: number): Interval[] {
  return weeklyIntervals(
    (weekday) => {
      const hours = rule.days[weekday - 1];
      return hours ? { startMin: minutesOf(hours.start), endMin: minutesOf(hours.end) } : null;
    },
    zone,
    fromMs,
    days,
  );
}

/**
 * The zones whose local time must be inside the legal hours: the contact's stored ones, its one known zone, its
 * country's, or the campaign's. Names this runtime does not know are passed over.
 */
export function zonesOfCalledParty(party: CalledParty, campaignZone: string): readonly string[] {
  const stored = (party.zones ?? []).filter(isKnownZone);
  if (stored.length > 0) return stored;
  if (party.timezone && isKnownZone(party.timezone)) return [party.timezone];
  return legalZonesOf(party.country) ?? [campaignZone];
}

/** Every constraint on the call as interval lists; a moment is allowed when every list has an interval holding it. */
function constraintsOf(window: CampaignWindow, party: CalledParty, fromMs: number, days: number): Interval[][] {
  const constraints = [campaignIntervals(window, fromMs, days)];
  const rule = quietHoursRuleOf(party.country);
  if (rule) {
    for (const zone of zonesOfCalledParty(party, window.timezone))
      constraints.push(legalIntervals(rule, zone, fromMs, days));
  }
  return constraints;
}

/**
 * The earliest moment at or after `from` when the campaign's window and the called party's legal hours are both open,
 * or null when none comes within {@link LOOKAHEAD_DAYS}. Jumps to the next opening of whichever constraint is closed,
 * so no allowed moment is skipped.
 */
export function nextAllowedTime(from: Date, window: CampaignWindow, party: CalledParty): Date | null {
  const fromMs = from.getTime();
  const limitMs = fromMs + LOOKAHEAD_DAYS * DAY_MS;
  const constraints = constraintsOf(window, party, fromMs, LOOKAHEAD_DAYS + 1);
  let at = fromMs;
  for (let guard = 0; guard < 1000 && at <= limitMs; guard += 1) {
    let moved = false;
    for (const intervals of constraints) {
      const next = intervals.find((interval) => interval.close > at);
      if (!next) return null;
      if (next.open > at) {
        at = next.open;
        moved = true;
      }
    }
    if (!moved) return new Date(at);
  }
  return null;
}

/** Whether a call may be placed at this moment: only the local days around it are read. */
export function isCallAllowed(at: Date, window: CampaignWindow, party: CalledParty): boolean {
  const atMs = at.getTime();
  return constraintsOf(window, party, atMs, 0).every((intervals) =>
    intervals.some((interval) => interval.open <= atMs && atMs < interval.close),
  );
}

/** The campaign's day (midnight to midnight in its zone) holding `at`, as ISO instants: daily caps count in it. */
export function campaignDayOf(at: Date, timezone: string): { start: string; end: string } {
  const day = DateTime.fromJSDate(at, { zone: timezone }).startOf('day');
  return { start: day.toUTC().toISO() as string, end: day.plus({ days: 1 }).toUTC().toISO() as string };
}

/** Minutes of the campaign's own window open on each local day from `from`, for estimates. */
export function campaignOpenings(window: CampaignWindow, from: Date, days: number): Array<{ open: Date; close: Date }> {
  return campaignIntervals(window, from.getTime(), days)
    .filter((interval) => interval.close > from.getTime())
    .map((interval) => ({ open: new Date(Math.max(interval.open, from.getTime())), close: new Date(interval.close) }));
}
