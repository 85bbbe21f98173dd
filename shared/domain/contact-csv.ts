import { CONTACT_LIMITS, type ContactMetadata } from '../schemas/contact.schema';

/**
 * The contact CSV rules (spec 000 §5), pure so that the import, the export, the renderer's preview and the property
 * tests share them: the first line is a header; the first column is the number; other columns become metadata when
 * both header and value are non-empty; rows with a different column count are skipped. The export's own columns
 * are read back, so importing an export gives back the same contacts.
 */

/** Columns the export writes after the number; an import reads the settings back and ignores the state. */
export const EXPORT_STATE_COLUMNS = ['status', 'retries'] as const;
export const EXPORT_SETTING_COLUMNS = ['maxRetries', 'retryDelayMinutes'] as const;
export const EXPORT_PHONE_COLUMN = 'phoneNumber';
const RESERVED = new Set<string>([...EXPORT_STATE_COLUMNS, ...EXPORT_SETTING_COLUMNS]);

/** Whether a metadata key can travel through a CSV as its own column (the export's columns are taken). */
export const isMetadataColumn = (key: string) => key.trim() !== '' && !RESERVED.has(key.trim());

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return) as a formula, and some do so after
 * leading spaces or with the full-width and small forms of those signs (＝＋－＠, ﹦﹢﹣﹫), which they fold to ASCII.
 * Such a cell is written behind an apostrophe, and so is one that already starts with apostrophes before such a
 * start, so that reading strips exactly the apostrophe writing added: every value comes back as it was.
 */
const FORMULA_SIGNS = '=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20\\uFE66\\uFE62\\uFE63\\uFE6B';
const FORMULA_START = new RegExp(`^'*\\s*[${FORMULA_SIGNS}]`);
const NEUTRALISED = new RegExp(`^'+\\s*[${FORMULA_SIGNS}]`);

export const neutraliseFormula = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);
export const restoreFormula = (cell: string) => (NEUTRALISED.test(cell) ? cell.slice(1) : cell);

export type CsvRow =
  | { kind: 'contact'; phoneNumber: string; metadata: ContactMetadata; maxRetries?: number; retryDelayMinutes?: number }
  | { kind: 'wrong_column_count'; phoneNumber: string; columns: number };

const SETTING_RANGES: Record<(typeof EXPORT_SETTING_COLUMNS)[number], { min: number; max: number }> = {
  maxRetries: CONTACT_LIMITS.maxRetries,
  retryDelayMinutes: CONTACT_LIMITS.retryDelayMinutes,
};

function setting(value: string, range: { min: number; max: number }): number | undefined {
  if (!/^\d{1,5}$/.test(value.trim())) return undefined;
  const number = Number(value);
  return number >= range.min && number <= range.max ? number : undefined;
}

/** The header's names, trimmed, as the rows are read against them. */
export function readHeader(cells: readonly string[]): string[] {
  return cells.map((cell) => restoreFormula(cell).trim());
}

/**
 * One data row read against the header. A setting column with a value out of range leaves the default; the
 * state columns are the export's record of the past and start afresh; metadata keys and values are capped like the
 * API's (longer keys or values are cut, later keys past the limit dropped).
 */
export function readContactRow(header: readonly string[], cells: readonly string[]): CsvRow {
  const phoneNumber = restoreFormula(cells[0] ?? '');
  if (cells.length !== header.length) return { kind: 'wrong_column_count', phoneNumber, columns: cells.length };
  const row: Extract<CsvRow, { kind: 'contact' }> = { kind: 'contact', phoneNumber, metadata: {} };
  let keys = 0;
  for (let index = 1; index < header.length; index++) {
    const name = header[index] ?? '';
    const value = restoreFormula(cells[index] ?? '');
    if (name === '' || value === '') continue;
    if (name === 'maxRetries' || name === 'retryDelayMinutes') {
      const number = setting(value, SETTING_RANGES[name]);
      if (number !== undefined) row[name] = number;
      continue;
    }
    if (RESERVED.has(name) || keys >= CONTACT_LIMITS.metadataKeys) continue;
    const key = name.slice(0, CONTACT_LIMITS.metadataKey);
    if (!(key in row.metadata)) keys++;
    row.metadata[key] = value.slice(0, CONTACT_LIMITS.metadataValue);
  }
  return row;
}

export interface ExportedContact {
  phoneNumber: string;
  status: string;
  attemptsMade: number;
  maxRetries: number;
  retryDelayMinutes: number;
  metadata: ContactMetadata;
}

/** The export's header: the number, the state and settings, then every metadata key the contacts use, in order. */
export function exportHeader(metadataKeys: readonly string[]): string[] {
  return [EXPORT_PHONE_COLUMN, ...EXPORT_STATE_COLUMNS, ...EXPORT_SETTING_COLUMNS, ...metadataKeys].map(
    neutraliseFormula,
  );
}

/** One contact's cells under {@link exportHeader}, formula-safe. */
export function exportCells(contact: ExportedContact, metadataKeys: readonly string[]): string[] {
  return [
    contact.phoneNumber,
    contact.status,
    String(contact.attemptsMade),
    String(contact.maxRetries),
    String(contact.retryDelayMinutes),
    ...metadataKeys.map((key) => contact.metadata[key] ?? ''),
  ].map(neutraliseFormula);
}
