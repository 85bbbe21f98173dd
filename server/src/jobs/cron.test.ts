import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCron } from './cron';
import { assertProperty } from '../../../tests/support/property-runs';

/** The cron parser pg-boss itself uses, resolved from pg-boss: the oracle for "means the same on both runners". */
const pgBossRequire = createRequire(createRequire(import.meta.url).resolve('pg-boss'));
const cronParser = pgBossRequire('cron-parser') as {
  parseExpression(expression: string, options: { currentDate: Date; tz: string }): { prev(): { getTime(): number } };
};

const MINUTE = 60_000;

/** Whether the expression fires in the moment's minute, or 'refused' when the parser rejects it. */
function verdict(fires: () => boolean): boolean | 'refused' {
  try {
    return fires();
  } catch {
    return 'refused';
  }
}

function firesPerCronParser(expression: string, moment: Date): boolean {
  const minute = Math.floor(moment.getTime() / MINUTE) * MINUTE;
  const previous = cronParser.parseExpression(expression, { currentDate: new Date(minute + MINUTE), tz: 'UTC' }).prev();
  return previous.getTime() === minute;
}

const at = (iso: string) => new Date(iso);

/** The number of values each field can take: minute, hour, day of month, month, day of week (0–7). */
const FIELD_SPANS = [60, 24, 31, 12, 7];

function stepBeyondItsField(expression: string): boolean {
  return expression
    .split(' ')
    .some((field, index) =>
      [...field.matchAll(/\/(\d+)/g)].some(([, step]) => Number(step) > (FIELD_SPANS[index] ?? 0)),
    );
}

describe('parseCron', () => {
  it('matches the minutes a schedule names, in UTC', () => {
    const everyFive = parseCron('*/5 * * * *');
    expect(everyFive.matches(at('2026-11-23T10:05:59.999Z'))).toBe(true);
    expect(everyFive.matches(at('2026-11-23T10:06:00.000Z'))).toBe(false);
    const weekdayMornings = parseCron('30 8 * * 1-5');
    expect(weekdayMornings.matches(at('2026-11-23T08:30:00Z'))).toBe(true); // a Monday
    expect(weekdayMornings.matches(at('2026-11-22T08:30:00Z'))).toBe(false); // a Sunday
    expect(parseCron('0 0 * * 7').matches(at('2026-11-22T00:00:00Z'))).toBe(true); // 7 is Sunday too
    expect(parseCron('0 12 1,15 * *').matches(at('2026-11-15T12:00:00Z'))).toBe(true);
    expect(parseCron('0 9-17/4 * * *').matches(at('2026-11-23T13:00:00Z'))).toBe(true);
    expect(parseCron('0 9-17/4 * * *').matches(at('2026-11-23T15:00:00Z'))).toBe(false);
  });

  it('matches either day field when both are restricted, as cron does', () => {
    const firstOrMonday = parseCron('0 6 1 * 1');
    expect(firstOrMonday.matches(at('2026-12-01T06:00:00Z'))).toBe(true); // the 1st, a Tuesday
    expect(firstOrMonday.matches(at('2026-11-23T06:00:00Z'))).toBe(true); // a Monday
    expect(firstOrMonday.matches(at('2026-11-24T06:00:00Z'))).toBe(false);
  });

  it('refuses what it does not understand, saying why', () => {
    expect(() => parseCron('* * * *')).toThrow(/5 fields/);
    expect(() => parseCron('0 * * * * *')).toThrow(/5 fields/);
    expect(() => parseCron('60 * * * *')).toThrow(/Invalid value for minute: 60/);
    expect(() => parseCron('* 5-2 * * *')).toThrow(/From value is larger than to value/);
    expect(() => parseCron('*/0 * * * *')).toThrow(/illegal stepping/);
    expect(() => parseCron('*/61 * * * *')).toThrow(/steps cannot be greater than maximum value/);
    expect(() => parseCron('0 0 1-2-3 * *')).toThrow(/illegal range/);
    expect(() => parseCron('0 0 31 4 *')).toThrow(/never fires/);
    expect(() => parseCron('0 0 31 4,6 *')).toThrow(/never fires/);
  });

  it('fires in exactly the minutes pg-boss’s cron parser fires in, and refuses what it refuses', async () => {
    const field = (min: number, max: number) =>
      fc.oneof(
        fc.constant('*'),
        fc.integer({ min, max }).map(String),
        fc.integer({ min: 1, max: 70 }).map((step) => `*/${step}`),
        fc
          .tuple(fc.integer({ min, max }), fc.integer({ min, max }), fc.integer({ min: 1, max: 5 }))
          .map(([a, b, step]) => `${Math.min(a, b)}-${Math.max(a, b)}/${step}`),
        fc.uniqueArray(fc.integer({ min, max }), { minLength: 2, maxLength: 4 }).map((list) => list.join(',')),
      );
    const expression = fc
      .tuple(field(0, 59), field(0, 23), field(1, 31), field(1, 12), field(0, 6))
      .map((fields) => fields.join(' '));
    const moment = fc.date({ min: at('2020-01-01T00:00:00Z'), max: at('2030-12-31T23:59:59Z'), noInvalidDate: true });
    await assertProperty(
      fc.property(expression, moment, (cron, date) => {
        const ours = verdict(() => parseCron(cron).matches(date));
        const theirs = verdict(() => firesPerCronParser(cron, date));
        // Stricter than pg-boss's parser in one way only: a step longer than its field is refused, not read as one value.
        if (ours === 'refused' && theirs !== 'refused' && stepBeyondItsField(cron)) return;
        expect(ours, `${cron} at ${date.toISOString()}`).toBe(theirs);
      }),
      { minRuns: 40, numRuns: 400, budgetMs: 3_000 },
    );
  });
});
