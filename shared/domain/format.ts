import { minorUnitDigits } from './money';

/**
 * Every display format of the spec, in one place: money in New Zealand English with its currency named (formatMoney
 * is the only money formatter), dates in English (US) with a short month (Jan 5, 2025), durations from integer
 * seconds. Phone numbers have their own module (phone-format.ts): its metadata is the largest part of formatting.
 */

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** The currency is always written as its code ("NZD 12.50"): in en-NZ a bare "$" would not say which dollar. */
function moneyFormat(currency: string): Intl.NumberFormat {
  const code = currency.toUpperCase();
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-NZ', {
      style: 'currency',
      currency: code,
      currencyDisplay: 'code',
      minimumFractionDigits: minorUnitDigits(code),
      maximumFractionDigits: minorUnitDigits(code),
    });
    moneyFormats.set(code, format);
  }
  return format;
}

const finiteOrZero = (value: number) => (Number.isFinite(value) ? value : 0);

/** An amount in integer minor units of a currency, e.g. (1000, 'nzd') → "NZD 10.00", (1000, 'jpy') → "JPY 1,000". */
export function formatMoney(minorUnits: number, currency: string): string {
  return moneyFormat(currency).format(finiteOrZero(minorUnits) / 10 ** minorUnitDigits(currency));
}

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const SHORT_DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

const wholeSeconds = (seconds: number) => (Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0);

/** An ISO date or timestamp as "Jan 5, 2025"; an empty string when it cannot be read. */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : SHORT_DATE.format(date);
}

/**
 * An ISO timestamp in the viewer's time zone, named so that it can be told from a time elsewhere (the call detail's
 * New Zealand time): "Jan 5, 2025, 3:04 PM GMT+13".
 */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : SHORT_DATE_TIME.format(date);
}

const DAY_OF_MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A calendar day (YYYY-MM-DD, already in the zone it belongs to) as a chart's axis label, "Nov 27"; the day as given
 * when it cannot be read. No viewer's zone moves it.
 */
export function formatDayOfMonth(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : DAY_OF_MONTH.format(date);
}

/** A share as a whole percentage, "42%"; a dash when there is nothing to take a share of. */
export function formatShare(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((finiteOrZero(part) / whole) * 100)}%` : '—';
}

let nzDateTime: Intl.DateTimeFormat | undefined;

/** An ISO timestamp in New Zealand time, e.g. "Jan 5, 2025, 3:04 PM GMT+13" (call detail, spec 001 §2). */
export function formatNzDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  // Made on first use, so that bundles which never show New Zealand time leave it out.
  nzDateTime ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Pacific/Auckland',
    timeZoneName: 'short',
  });
  return Number.isNaN(date.getTime()) ? '' : nzDateTime.format(date);
}

/** Seconds as minutes and seconds, e.g. 125 → "2m 5s", 40 → "0m 40s". */
export function formatMinutesSeconds(seconds: number): string {
  const total = wholeSeconds(seconds);
  return `${Math.floor(total / 60)}m ${total % 60}s`;
}

/** Seconds as a clock, e.g. 125 → "2:05". */
export function formatClock(seconds: number): string {
  const total = wholeSeconds(seconds);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Seconds as minutes with one decimal, e.g. 125 → "2.1 min". */
export function formatMinutes(seconds: number): string {
  return `${(wholeSeconds(seconds) / 60).toFixed(1)} min`;
}

/** A whole number with New Zealand English grouping, e.g. 12345 → "12,345". */
export function formatCount(value: number): string {
  return finiteOrZero(value).toLocaleString('en-NZ');
}

/** A count of things, grouped and in the right number: (1, 'agent') → "1 agent", (2000, 'number') → "2,000 numbers". */
export function formatQuantity(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${finiteOrZero(value) === 1 ? singular : plural}`;
}

/** An import's result as spec 000 §8 words it: '{n} contacts imported successfully' plus ', {m} failed'. */
export function importResultSentence(imported: number, failed: number): string {
  return `${imported} contacts imported successfully${failed > 0 ? `, ${failed} failed` : ''}`;
}
