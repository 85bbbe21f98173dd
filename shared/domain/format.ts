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
});

const wholeSeconds = (seconds: number) => (Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0);

/** An ISO date or timestamp as "Jan 5, 2025"; an empty string when it cannot be read. */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : SHORT_DATE.format(date);
}

/** An ISO timestamp as "Jan 5, 2025, 3:04 PM" in the viewer's time zone. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : SHORT_DATE_TIME.format(date);
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
