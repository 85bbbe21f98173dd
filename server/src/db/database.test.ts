import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertProperty } from '../../../tests/support/property-runs';
import { openDatabase, selectRows, toIso } from './database';

describe('toIso', () => {
  it('answers the UTC ISO form of dates, epoch milliseconds and stored strings', () => {
    expect(toIso(new Date('2026-11-23T12:00:00Z'))).toBe('2026-11-23T12:00:00.000Z');
    expect(toIso(Date.UTC(2026, 10, 23, 12))).toBe('2026-11-23T12:00:00.000Z');
    expect(toIso('2026-11-23 12:00:00+00')).toBe('2026-11-23T12:00:00.000Z');
    expect(toIso('2026-11-24T01:00:00+13:00')).toBe('2026-11-23T12:00:00.000Z');
    expect(() => toIso('not a time')).toThrow(RangeError);
    expect(() => toIso(null)).toThrow(TypeError);
  });

  it('gives every string the same answer as parsing it would', async () => {
    const moment = fc.date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    await assertProperty(
      fc.property(moment, (date) => {
        const iso = date.toISOString();
        expect(toIso(iso)).toBe(new Date(iso).toISOString());
        expect(toIso(iso.replace('T', ' ').replace('Z', '+00:00'))).toBe(iso);
      }),
      { minRuns: 50, numRuns: 500, budgetMs: 3_000 },
    );
  });
});

describe('selectRows', () => {
  const databases = [
    ['sqlite', null],
    ['postgres', process.env.PARLEY_TEST_POSTGRES_URL ?? null],
  ] as const;

  it.each(databases)(
    'reads rows as arrays and gives them as objects, beside the same query read as objects (%s)',
    async (kind, url) => {
      if (kind === 'postgres' && !url) return;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-rows-'));
      const db = openDatabase({ dataDir, databaseUrl: url ?? undefined });
      const table = `rows_${process.pid}`;
      try {
        await db.schema.dropTableIfExists(table);
        await db.schema.createTable(table, (t) => {
          t.integer('id').primary();
          t.string('name');
          t.integer('size');
        });
        await db(table).insert([
          { id: 1, name: 'one', size: null },
          { id: 2, name: 'two', size: 2 },
        ]);
        const query = () => db(table).where('id', '>', 0).orderBy('id');
        const expected = [
          { id: 1, name: 'one', size: null },
          { id: 2, name: 'two', size: 2 },
        ];
        // Both ways in turn: the SQLite connection keeps one prepared statement per way of reading.
        for (let round = 0; round < 2; round += 1) {
          expect(await selectRows(query(), ['id', 'name', 'size'])).toEqual(expected);
          expect(await query().select('id', 'name', 'size')).toEqual(expected);
        }
        expect(await selectRows(query(), ['size', 'id'])).toEqual([
          { size: null, id: 1 },
          { size: 2, id: 2 },
        ]);
      } finally {
        await db.schema.dropTableIfExists(table);
        await db.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
