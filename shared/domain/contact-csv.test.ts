import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CONSENT_SCOPES, CONSENT_SOURCES } from '../schemas/contact.schema';
import {
  consentOfCells,
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
    expect(readContactRow(exported, ["'+6421", 'failed', '3', '5', '60', '', '', '', '', 'Ann'])).toEqual({
      kind: 'contact',
      phoneNumber: '+6421',
      metadata: { name: 'Ann' },
      maxRetries: 5,
      retryDelayMinutes: 60,
    });
    expect(readContactRow(exported, ['+6421', '', '', '11', '0', '', '', '', '', ''])).toEqual({
      kind: 'contact',
      phoneNumber: '+6421',
      metadata: {},
    });
  });
});

describe('consent columns', () => {
  const header = readHeader(['phone', 'consentScope', 'consentSource', 'consentCapturedAt', 'consentEvidence', 'name']);
  const importedAt = '2026-01-05T03:04:05.000Z';
  const consentOf = (cells: string[]) => {
    const row = readContactRow(header, ['+6421', ...cells, 'Ann']);
    if (row.kind !== 'contact') throw new Error('not a contact');
    expect(row.metadata).toEqual({ name: 'Ann' });
    return consentOfCells(row.consent, importedAt);
  };

  it('reads a full consent and keeps its columns out of the metadata', () => {
    expect(consentOf(['marketing', 'web_form', '2025-03-01T10:00:00Z', 'Form #12'])).toEqual({
      ok: true,
      consent: { scope: 'marketing', source: 'web_form', capturedAt: '2025-03-01T10:00:00Z', evidence: 'Form #12' },
    });
  });

  it('gives no consent for empty cells, and fills an empty source and time from the import', () => {
    expect(consentOf(['', '', '', ''])).toEqual({ ok: true, consent: null });
    expect(consentOf(['informational', '', '', ''])).toEqual({
      ok: true,
      consent: { scope: 'informational', source: 'csv_import', capturedAt: importedAt, evidence: '' },
    });
    expect(consentOf(['marketing', 'paper', '2025-03-01', ''])).toMatchObject({
      consent: { capturedAt: '2025-03-01T00:00:00Z' },
    });
  });

  it('names what is wrong with a consent the API would refuse', () => {
    expect(consentOf(['', 'paper', '', 'signed'])).toEqual({
      ok: false,
      problem: 'consentScope is empty but other consent columns are not',
    });
    expect(consentOf(['sales', '', '', ''])).toEqual({
      ok: false,
      problem: 'Consent scope must be informational or marketing',
    });
    expect(consentOf(['marketing', 'fax', '', ''])).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/source/),
    });
    expect(consentOf(['marketing', '', 'last Tuesday', ''])).toEqual({
      ok: false,
      problem: 'Consent time must be an ISO date and time',
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
    consent: fc.option(
      fc.record({
        scope: fc.constantFrom(...CONSENT_SCOPES),
        source: fc.constantFrom(...CONSENT_SOURCES),
        capturedAt: fc
          .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true })
          .map((date) => date.toISOString()),
        evidence: fc.string({ maxLength: 40 }).map((value) => value.trim()),
      }),
      { nil: null },
    ),
  });

  it('gives back the same numbers, settings, consent and metadata', async () => {
    await assertProperty(
      fc.property(fc.array(contact, { minLength: 1, maxLength: 20 }), (contacts: ExportedContact[]) => {
        const keys = [...new Set(contacts.flatMap((c) => Object.keys(c.metadata)))];
        const file = csvOf([exportHeader(keys), ...contacts.map((c) => exportCells(c, keys))]);
        const [head, ...rows] = parse(file);
        const header = readHeader(head ?? []);
        const read = rows.map((row) => readContactRow(header, row));
        expect(read.map((row) => (row.kind === 'contact' ? { ...row, consent: undefined } : row))).toEqual(
          contacts.map((c) => ({
            kind: 'contact',
            phoneNumber: c.phoneNumber,
            metadata: c.metadata,
            maxRetries: c.maxRetries,
            retryDelayMinutes: c.retryDelayMinutes,
            consent: undefined,
          })),
        );
        const consents = read.map((row) =>
          row.kind === 'contact' ? consentOfCells(row.consent, '2026-01-05T00:00:00.000Z') : null,
        );
        expect(consents).toEqual(contacts.map((c) => ({ ok: true, consent: c.consent })));
      }),
      { minRuns: 60, numRuns: 300, budgetMs: 3_000 },
    );
  });
});
