import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { assertProperty } from '../../../../tests/support/property-runs';
import { analyseCsv, parseCsv } from './csv-analysis';

/** Cells an import meets: numbers well and badly written, calling codes alone, metadata, zones, formulas. */
const cell = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.stringMatching(/^\+?[\d ()-]{0,16}$/),
  fc.constantFrom('+64', '+', '+1', '021 309 8907', '+64215550100', '+64215550100', 'Pacific/Auckland', 'Mars/Base'),
);
const header = fc.constantFrom(['phone'], ['phone', 'name'], ['phone', 'timezone', 'note'], ['phone', '', 'name']);
const file = header.chain((columns) =>
  fc
    .array(fc.array(cell, { minLength: columns.length - 1, maxLength: columns.length + 1 }), { maxLength: 30 })
    .map((rows) => [columns, ...rows]),
);

describe('analyseCsv on generated files', () => {
  it('never fails the file for a row: every row is imported or skipped with its line and reason', async () => {
    await assertProperty(
      fc.asyncProperty(file, fc.constantFrom(undefined, 'NZ', 'GB'), async (records, defaultCountry) => {
        // Through the same writer and reader as a real file, so quoting and line breaks in cells are exercised.
        const parsed = parseCsv(Papa.unparse(records));
        const { report, accepted } = await analyseCsv(parsed, {
          defaultCountry: defaultCountry as 'NZ' | 'GB' | undefined,
          known: new Set(),
          blocked: new Set(['+64215550100']),
          importedAt: '2026-01-05T00:00:00.000Z',
        });
        const skipped = Object.values(report.skipped).reduce((sum, count) => sum + count, 0);
        expect(report.imported).toBe(accepted.length);
        expect(report.imported + skipped).toBe(report.totalRows);
        for (const issue of report.issues) {
          expect(issue.row).toBeGreaterThanOrEqual(2);
          expect(issue.detail).toEqual(expect.any(String));
        }
      }),
      { minRuns: 100, numRuns: 1_000, budgetMs: 4_000 },
    );
  });
});
