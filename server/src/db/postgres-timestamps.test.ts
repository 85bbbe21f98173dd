import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { assertProperty } from '../../../tests/support/property-runs';
import { openDatabase } from './database';
import { postgresTimestampToIso } from './postgres-timestamps';

const pgReader = pg.types.getTypeParser(1184, 'text') as (text: string) => Date;
const two = (n: number) => String(n).padStart(2, '0');

/** A moment as PostgreSQL writes a timestamptz in a zone `offsetMinutes` east of UTC (DateStyle ISO). */
function postgresText(utcMs: number, micros: number, offsetMinutes: number): string {
  const local = new Date(utcMs + offsetMinutes * 60_000);
  const date = `${String(local.getUTCFullYear()).padStart(4, '0')}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}`;
  const time = `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`;
  const fraction = micros === 0 ? '' : `.${String(micros).padStart(6, '0').replace(/0+$/, '')}`;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = Math.abs(offsetMinutes);
  const zone = `${sign}${two(Math.floor(offset / 60))}${offset % 60 ? `:${two(offset % 60)}` : ''}`;
  return `${date} ${time}${fraction}${zone}`;
}

describe('postgresTimestampToIso', () => {
  it('reads UTC text to the ISO form, microseconds cut to milliseconds', () => {
    expect(postgresTimestampToIso('2026-11-30 05:50:12+00')).toBe('2026-11-30T05:50:12.000Z');
    expect(postgresTimestampToIso('2026-11-30 05:50:12.5+00')).toBe('2026-11-30T05:50:12.500Z');
    expect(postgresTimestampToIso('2026-11-30 05:50:12.123456+00')).toBe('2026-11-30T05:50:12.123Z');
    expect(postgresTimestampToIso('2026-12-01 18:50:12.04+13')).toBe('2026-12-01T05:50:12.040Z');
  });

  it("answers what pg's own reader and toISOString answer, in UTC and in any zone", async () => {
    const moment = fc.record({
      utcMs: fc
        .integer({ min: Date.parse('0001-01-02T00:00:00Z'), max: Date.parse('9999-12-30T00:00:00Z') })
        .map((ms) => ms - (ms % 1000)),
      // Whole milliseconds are what we store, and PostgreSQL writes them without their trailing zeros (".12").
      micros: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 0, max: 999 }).map((ms) => ms * 1000),
        fc.integer({ min: 0, max: 999_999 }),
      ),
      offsetMinutes: fc.oneof(fc.constant(0), fc.integer({ min: -15 * 60, max: 15 * 60 })),
    });
    await assertProperty(
      fc.property(moment, ({ utcMs, micros, offsetMinutes }) => {
        const text = postgresText(utcMs, micros, offsetMinutes);
        expect(postgresTimestampToIso(text)).toBe(pgReader(text).toISOString());
      }),
      { minRuns: 200, numRuns: 5_000, budgetMs: 2_000 },
    );
  });

  const url = process.env.PARLEY_TEST_POSTGRES_URL;
  it.runIf(url)(
    'gives the ISO form of the moments a PostgreSQL server sends, in its session zone or another',
    async () => {
      const db = openDatabase({ dataDir: '', databaseUrl: url });
      try {
        const stored = ['2026-11-30T05:50:12.123Z', '1999-12-31T23:59:59.999Z', '2026-01-01T00:00:00.000Z'];
        const read = async (runner: typeof db | Parameters<Parameters<typeof db.transaction>[0]>[0]) =>
          (await runner.raw(`select unnest(?::timestamptz[]) as at`, [stored])).rows.map(
            (row: { at: unknown }) => row.at,
          );
        expect(await read(db)).toEqual(stored);
        await db.transaction(async (trx) => {
          await trx.raw(`set local time zone 'Pacific/Chatham'`);
          expect(await read(trx)).toEqual(stored);
        });
        const [{ at }] = (await db.raw(`select '2026-11-30 05:50:12.123987+00'::timestamptz as at`)).rows;
        expect(at).toBe('2026-11-30T05:50:12.123Z');
      } finally {
        await db.destroy();
      }
    },
  );
});
