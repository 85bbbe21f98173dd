/**
 * Display formats of the spec: NZD with New Zealand English formatting, dates in English (US) with a short
 * month (Jan 5, 2025), durations from integer seconds.
 */

const NZD = new Intl.NumberFormat('en-NZ', {
  style: 'currency',
  currency: 'NZD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const SHORT_DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const wholeSeconds = (seconds: number) => (Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0);

/** An amount in NZD dollars, e.g. 12.5 → "$12.50". */
export function formatNzd(dollars: number): string {
  return NZD.format(Number.isFinite(dollars) ? dollars : 0);
}

/** An amount in integer cents as NZD, e.g. 1000 → "$10.00". */
export function formatNzdCents(cents: number): string {
  return formatNzd((Number.isFinite(cents) ? cents : 0) / 100);
}

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
