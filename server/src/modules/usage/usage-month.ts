const DAY_MS = 24 * 3600 * 1000;

/** How far into its UTC calendar month `now` is: the day it is on (1-based) and the month's length in days. */
export function monthProgress(now: Date): { daysElapsed: number; daysInMonth: number } {
  const daysInMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
  const daysElapsed = Math.min(
    daysInMonth,
    Math.floor((now.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) / DAY_MS) + 1,
  );
  return { daysElapsed, daysInMonth };
}
