import { DateTime } from 'luxon';

/** A calendar day of a campaign's time zone and the UTC instant it starts at. */
export interface CampaignDay {
  /** YYYY-MM-DD in the campaign's time zone. */
  date: string;
  startsAt: string;
}

/** The longest period campaign analytics cover in one request. */
export const MAX_ANALYTICS_DAYS = 366;
/** The period analytics cover when none is asked for: the last 30 days, today included. */
export const DEFAULT_ANALYTICS_DAYS = 30;

const toIso = (moment: DateTime) => moment.toUTC().toISO({ suppressMilliseconds: false }) as string;

/**
 * The days from `from` to `to` (both included, YYYY-MM-DD) in `timezone`, each with the UTC instant it starts at,
 * and the instant the last one ends; a day of a DST change is 23 or 25 hours long, never shifted (Luxon).
 */
export function campaignDays(from: string, to: string, timezone: string): { days: CampaignDay[]; endsAt: string } {
  const first = DateTime.fromISO(from, { zone: timezone }).startOf('day');
  const last = DateTime.fromISO(to, { zone: timezone }).startOf('day');
  if (!first.isValid || !last.isValid) throw new RangeError(`Not a day range in ${timezone}: ${from} to ${to}`);
  const days: CampaignDay[] = [];
  for (let day = first; day <= last; day = day.plus({ days: 1 }).startOf('day')) {
    days.push({ date: day.toISODate() as string, startsAt: toIso(day) });
  }
  return { days, endsAt: toIso(last.plus({ days: 1 }).startOf('day')) };
}

/** The period of `length` days ending on the campaign's today, today included. */
export function analyticsPeriodEndingToday(
  now: Date,
  timezone: string,
  length = DEFAULT_ANALYTICS_DAYS,
): { from: string; to: string } {
  const today = DateTime.fromJSDate(now, { zone: timezone }).startOf('day');
  return {
    from: today.minus({ days: length - 1 }).toISODate() as string,
    to: today.toISODate() as string,
  };
}
