/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week), evaluated in UTC: numbers, `*`, ranges
 * `a-b`, steps `*\/n` and `a-b/n`, and lists `a,b`. Both job runners accept exactly this subset, so a schedule means
 * the same on pg-boss (whose cron-parser understands more) and in process. As in cron, when both day fields are
 * restricted a day matching either one matches.
 */
export interface CronSchedule {
  readonly expression: string;
  /** Whether the schedule fires in the UTC minute that contains this moment. */
  matches(moment: Date): boolean;
}

interface FieldSpec {
  name: string;
  min: number;
  max: number;
}

const FIELDS: FieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  // 0 and 7 are both Sunday.
  { name: 'day of week', min: 0, max: 7 },
];

/** The most days each month can have (February in a leap year). */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function parseNumber(text: string, spec: FieldSpec, expression: string): number {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isNaN(value) || value < spec.min || value > spec.max) {
    throw new RangeError(`Cron "${expression}": ${spec.name} must be ${spec.min}–${spec.max}, not "${text}"`);
  }
  return value;
}

function parseField(text: string, spec: FieldSpec, expression: string): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText, extra] = part.split('/');
    if (extra !== undefined) throw new RangeError(`Cron "${expression}": ${spec.name} has two steps in "${part}"`);
    const step =
      stepText === undefined ? 1 : parseNumber(stepText, { name: `${spec.name} step`, min: 1, max: 999 }, expression);
    let from: number;
    let to: number;
    if (range === '*') {
      [from, to] = [spec.min, spec.max];
    } else {
      const [start = '', end, beyond] = range.split('-');
      if (beyond !== undefined)
        throw new RangeError(`Cron "${expression}": ${spec.name} range "${range}" is malformed`);
      from = parseNumber(start, spec, expression);
      // `a/n` runs from a to the end of the field, as in cron.
      to = end !== undefined ? parseNumber(end, spec, expression) : stepText !== undefined ? spec.max : from;
      if (to < from) throw new RangeError(`Cron "${expression}": ${spec.name} range "${range}" runs backwards`);
    }
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== FIELDS.length) {
    throw new RangeError(`Cron "${expression}" must have 5 fields: minute hour day-of-month month day-of-week`);
  }
  const [minutes, hours, days, months, weekdays] = parts.map((part, i) =>
    parseField(part, FIELDS[i] as FieldSpec, expression),
  ) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  // A day field counts as unrestricted when it covers every value it can take, as pg-boss's parser decides.
  const everyWeekday = weekdays.size === 8;
  if (weekdays.has(7)) weekdays.add(0);
  // Refused as pg-boss's parser refuses them: one month without the first day named (whatever the weekdays), or
  // months none of which has it while the weekdays cannot make up for it.
  const firstDay = Math.min(...days);
  const lacking = [...months].filter((month) => firstDay > (DAYS_IN_MONTH[month - 1] as number));
  if (lacking.length === months.size && (months.size === 1 || everyWeekday)) {
    throw new RangeError(`Cron "${expression}" never fires as meant: its months do not have day ${firstDay}`);
  }
  return {
    expression,
    matches(moment) {
      if (!minutes.has(moment.getUTCMinutes()) || !hours.has(moment.getUTCHours())) return false;
      if (!months.has(moment.getUTCMonth() + 1)) return false;
      const dayMatches = days.has(moment.getUTCDate());
      const weekdayMatches = weekdays.has(moment.getUTCDay());
      if (everyWeekday) return dayMatches;
      if (days.size >= (DAYS_IN_MONTH[moment.getUTCMonth()] as number)) return weekdayMatches;
      return dayMatches || weekdayMatches;
    },
  };
}
