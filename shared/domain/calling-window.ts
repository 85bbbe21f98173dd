import { DateTime } from 'luxon';
import { DAYS_OF_WEEK, type DayOfWeek } from '../schemas/campaign.schema';

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
    note: 'TCPA: 8 am to 9 pm in the called party’s local time, every day.',
  },
  {
    country: 'AU',
    days: [...weekdays({ start: '09:00', end: '20:00' }), { start: '09:00', end: '17:00' }, null],
    zones: ['Australia/Sydney', 'Australia/Brisbane', 'Australia/Adelaide', 'Australia/Darwin', 'Australia/Perth'],
    note: 'Telemarketing standard: weekdays 9 am to 8 pm, Saturday 9 am to 5 pm, no Sunday calls.',
  },
  {
    country: 'NZ',
    days: [...weekdays({ start: '09:00', end: '20:00' }), { start: '09:00', end: '20:00' }, null],
    zones: ['Pacific/Auckland'],
    note: 'Conservative default: 9 am to 8 pm, Monday to Saturday.',
  },
];

const RULE_BY_COUNTRY = new Map(LEGAL_QUIET_HOURS.map((rule) => [rule.country, rule]));

export function quietHoursRuleOf(country: string | null | undefined): QuietHoursRule | undefined {
  return country ? RULE_BY_COUNTRY.get(country.toUpperCase()) : undefined;
}

/** Who is being called: the country of the number and, when known, the zone they are in. */
export interface CalledParty {
  country: string | null;
  /** An IANA zone known for this contact; otherwise the country's zones, or the campaign's zone when neither is known. */
  timezone?: string | null;
}

/** How far ahead the next allowed moment is looked for; a rule set that allows nothing in this long allows nothing. */
export const LOOKAHEAD_DAYS = 8;

interface Interval {
  open: number;
  close: number;
}

function minutesOf(hhmm: string): number {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** The moment a local day (midnight in `zone`) reaches a wall-clock minute; a time a DST gap skips moves past it. */
function atMinute(day: DateTime, minute: number): DateTime {
  return day.set({ hour: Math.floor(minute / 60), minute: minute % 60, second: 0, millisecond: 0 });
}

/** Open intervals of a per-weekday rule in `zone`, for the local days from the day before `from` onwards. */
function weeklyIntervals(
  hoursOf: (weekday: number) => { startMin: number; endMin: number } | null,
  zone: string,
  fromMs: number,
  days: number,
): Interval[] {
  const firstDay = DateTime.fromMillis(fromMs, { zone }).startOf('day').minus({ days: 1 });
  const intervals: Interval[] = [];
  for (let offset = 0; offset <= days + 1; offset += 1) {
    const day = firstDay.plus({ days: offset });
    const hours = hoursOf(day.weekday);
    if (!hours) continue;
    const open = atMinute(day, hours.startMin);
    const close =
      hours.endMin > hours.startMin ? atMinute(day, hours.endMin) : atMinute(day.plus({ days: 1 }), hours.endMin);
    if (close.toMillis() > open.toMillis()) intervals.push({ open: open.toMillis(), close: close.toMillis() });
  }
  return intervals;
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

/** The zones whose local time must be inside the legal hours: the contact's own, its country's, or the campaign's. */
export function zonesOfCalledParty(party: CalledParty, campaignZone: string): readonly string[] {
  if (party.timezone && DateTime.local().setZone(party.timezone).isValid) return [party.timezone];
  return quietHoursRuleOf(party.country)?.zones ?? [campaignZone];
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
  const limitMs = DateTime.fromMillis(fromMs).plus({ days: LOOKAHEAD_DAYS }).toMillis();
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

/** Whether a call may be placed at this moment. */
export function isCallAllowed(at: Date, window: CampaignWindow, party: CalledParty): boolean {
  return nextAllowedTime(at, window, party)?.getTime() === at.getTime();
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
