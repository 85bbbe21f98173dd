import { CronPattern } from 'croner';

/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week), evaluated in UTC; croner parses them.
 * pg-boss's cron-parser decides on the other runner, so what it refuses is refused here too and the day fields combine
 * as it combines them (cron.test.ts checks both against that parser): a day field that covers every value it can
 * take counts as unrestricted, and when both are restricted a day matching either one matches, as in cron.
 */
export interface CronSchedule {
  readonly expression: string;
  /** Whether the schedule fires in the UTC minute that contains this moment. */
  matches(moment: Date): boolean;
}

/** The most days each month can have (February in a leap year). */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const indexesOf = (flags: number[]) => flags.flatMap((on, index) => (on ? [index] : []));

function parsePattern(expression: string): CronPattern {
  try {
    return new CronPattern(expression, 'UTC', { mode: '5-part' });
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^CronPattern: /, '') : String(error);
    throw new RangeError(`Cron "${expression}": ${reason}`, { cause: error });
  }
}

export function parseCron(expression: string): CronSchedule {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) {
    throw new RangeError(`Cron "${expression}" must have 5 fields: minute hour day-of-month month day-of-week`);
  }
  const pattern = parsePattern(expression);
  // cron-parser reads `*` as 0–7 (7 is Sunday again); croner folds 7 into 0, so the field's text tells them apart.
  const weekdayField = fields[4] as string;
  const everyWeekday =
    pattern.dayOfWeek.every(Boolean) && (weekdayField.includes('*') || /\b0\b.*\b7\b|\b7\b.*\b0\b/.test(weekdayField));
  const months = indexesOf(pattern.month);
  const firstDay = pattern.day.findIndex(Boolean) + 1;
  // Refused as pg-boss's parser refuses them: one month without the first day named (whatever the weekdays), or
  // months none of which has it while the weekdays cannot make up for it.
  const lacking = months.filter((month) => firstDay > (DAYS_IN_MONTH[month] as number));
  if (lacking.length === months.length && (months.length === 1 || everyWeekday)) {
    throw new RangeError(`Cron "${expression}" never fires as meant: its months do not have day ${firstDay}`);
  }
  const daysNamed = indexesOf(pattern.day).length;
  return {
    expression,
    matches(moment) {
      if (!pattern.minute[moment.getUTCMinutes()] || !pattern.hour[moment.getUTCHours()]) return false;
      if (!pattern.month[moment.getUTCMonth()]) return false;
      const dayMatches = Boolean(pattern.day[moment.getUTCDate() - 1]);
      const weekdayMatches = Boolean(pattern.dayOfWeek[moment.getUTCDay()]);
      if (everyWeekday) return dayMatches;
      if (daysNamed >= (DAYS_IN_MONTH[moment.getUTCMonth()] as number)) return weekdayMatches;
      return dayMatches || weekdayMatches;
    },
  };
}
