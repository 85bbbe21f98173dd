import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  exportCells,
  exportHeader,
  isMetadataColumn,
  neutraliseFormula,
  readContactRow,
  readHeader,
  restoreFormula,
  type ExportedContact,
} from './contact-csv';
import { assertProperty } from '../../tests/support/property-runs';

const csvOf = (rows: string[][]) => Papa.unparse(rows, { newline: '\n' });
const parse = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' }).data;

describe('formula neutralising', () => {
  it('puts an apostrophe before cells a spreadsheet would run', () => {
    for (const cell of ['=1+1', '+6421', '-2', '@SUM(A1)', '\tx', '\rx', "'=1"]) {
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    }
    for (const cell of ['Bob', "'quoted", '6421', '']) expect(neutraliseFormula(cell)).toBe(cell);
  });

  it('gives back every text exactly', async () => {
    await assertProperty(
      fc.property(fc.string({ unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', 'a', '1', ' ') }), (cell) => {
        expect(restoreFormula(neutraliseFormula(cell))).toBe(cell);
        expect(/^[=+\-@\t\r]/.test(neutraliseFormula(cell))).toBe(false);
      }),
      { minRuns: 200, numRuns: 2_000, budgetMs: 3_000 },
    );
  });

  it('also protects signs behind leading white space and the full-width and small forms of the signs', async () => {
    const whiteSpace = fc.string({ unit: fc.constantFrom(' ', '\u00A0', '\u3000', '\n', '\t', '\r') });
    const sign = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠', '﹦', '﹢', '﹣', '﹫');
    await assertProperty(
      fc.property(whiteSpace, sign, fc.string(), (space, start, rest) => {
        const cell = `${space}${start}${rest}`;
        expect(neutraliseFormula(cell)).toBe(`'${cell}`);
        expect(restoreFormula(neutraliseFormula(cell))).toBe(cell);
      }),
      { minRuns: 200, numRuns: 2_000, budgetMs: 3_000 },
    );
    for (const cell of ['  Bob', '\u3000東京', '6421']) expect(neutraliseFormula(cell)).toBe(cell);
  });
});

describe('reading rows (spec 000 §5)', () => {
  const header = readHeader(['phone', 'name', '', 'city']);

  it('takes the first column as the number and non-empty named columns as metadata', () => {
    expect(readContactRow(header, ['+6421', 'Ann', 'ignored', ''])).toEqual({
      kind: 'contact',
      phoneNumber: '+6421',
      metadata: { name: 'Ann' },
    });
  });

  it('skips rows whose column count differs from the header', () => {
    expect(readContactRow(header, ['+6421', 'Ann'])).toEqual({
      kind: 'wrong_column_count',
      phoneNumber: '+6421',
      columns: 2,
    });
  });

  it('reads the settings back and starts the state afresh', () => {
    const exported = readHeader(exportHeader(['name']));
    expect(readContactRow(exported, ["'+6421", 'failed', '3', '5', '60', 'Ann'])).toEqual({
      kind: 'contact',
      phoneNumber: '+6421',
      metadata: { name: 'Ann' },
      maxRetries: 5,
      retryDelayMinutes: 60,
    });
    expect(readContactRow(exported, ['+6421', '', '', '11', '0', ''])).toEqual({
      kind: 'contact',
      phoneNumber: '+6421',
      metadata: {},
    });
  });
});

describe('export then import', () => {
  const text = fc.string({
    minLength: 1,
    maxLength: 12,
    unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\n', '\r', '=', '+', '-', '@', "'", 'é', '1'),
  });
  const key = fc
    .string({ minLength: 1, maxLength: 10, unit: fc.constantFrom('a', 'b', 'k', '_', '=', ',', '"', "'", '1') })
    .filter(isMetadataColumn);
  const contact = fc.record({
    phoneNumber: fc.stringMatching(/^\+64\d{8,9}$/),
    status: fc.constantFrom('pending', 'in_progress', 'completed', 'failed'),
    attemptsMade: fc.nat({ max: 11 }),
    maxRetries: fc.integer({ min: 0, max: 10 }),
    retryDelayMinutes: fc.integer({ min: 1, max: 1440 }),
    metadata: fc.dictionary(key, text, { maxKeys: 6 }),
  });

  it('gives back the same numbers, settings and metadata', async () => {
    await assertProperty(
      fc.property(fc.array(contact, { minLength: 1, maxLength: 20 }), (contacts: ExportedContact[]) => {
        const keys = [...new Set(contacts.flatMap((c) => Object.keys(c.metadata)))];
        const file = csvOf([exportHeader(keys), ...contacts.map((c) => exportCells(c, keys))]);
        const [head, ...rows] = parse(file);
        const header = readHeader(head ?? []);
        expect(rows.map((row) => readContactRow(header, row))).toEqual(
          contacts.map((c) => ({
            kind: 'contact',
            phoneNumber: c.phoneNumber,
            metadata: c.metadata,
            maxRetries: c.maxRetries,
            retryDelayMinutes: c.retryDelayMinutes,
          })),
        );
      }),
      { minRuns: 60, numRuns: 300, budgetMs: 3_000 },
    );
  });
});
