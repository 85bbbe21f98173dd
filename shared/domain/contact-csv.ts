import { ValidationError } from 'yup';
import { CONTACT_LIMITS, contactConsent, type ContactConsent, type ContactMetadata } from '../schemas/contact.schema';

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
/** The contact's consent, one column per field; the import reads them and the export writes them. */
export const CONSENT_COLUMNS = {
  scope: 'consentScope',
  source: 'consentSource',
  capturedAt: 'consentCapturedAt',
  evidence: 'consentEvidence',
} as const satisfies Record<keyof ContactConsent, string>;
const CONSENT_FIELD_OF = new Map(
  Object.entries(CONSENT_COLUMNS).map(([field, column]) => [column as string, field as keyof ContactConsent]),
);
const RESERVED = new Set<string>([
  ...EXPORT_STATE_COLUMNS,
  ...EXPORT_SETTING_COLUMNS,
  ...Object.values(CONSENT_COLUMNS),
]);

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

/** A row's consent cells as written, the empty ones left out. */
export type ConsentCells = Partial<Record<keyof ContactConsent, string>>;

export type CsvRow =
  | {
      kind: 'contact';
      phoneNumber: string;
      metadata: ContactMetadata;
      maxRetries?: number;
      retryDelayMinutes?: number;
      consent?: ConsentCells;
    }
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
    const consentField = CONSENT_FIELD_OF.get(name);
    if (consentField) {
      row.consent = { ...row.consent, [consentField]: value.trim() };
      continue;
    }
    if (RESERVED.has(name) || keys >= CONTACT_LIMITS.metadataKeys) continue;
    const key = name.slice(0, CONTACT_LIMITS.metadataKey);
    if (!(key in row.metadata)) keys++;
    row.metadata[key] = value.slice(0, CONTACT_LIMITS.metadataValue);
  }
  return row;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A row's consent from its cells: none when no consent cell is filled; else the scope is required, the source is
 * `csv_import` and the time `importedAt` when left empty, a date alone is that day's start in UTC, and every field
 * must pass the API's own consent rules. A problem is the row's reason to be skipped, never a lost consent.
 */
export function consentOfCells(
  cells: ConsentCells | undefined,
  importedAt: string,
): { ok: true; consent: ContactConsent | null } | { ok: false; problem: string } {
  if (!cells || Object.keys(cells).length === 0) return { ok: true, consent: null };
  if (!cells.scope)
    return { ok: false, problem: `${CONSENT_COLUMNS.scope} is empty but other consent columns are not` };
  const capturedAt = cells.capturedAt ?? importedAt;
  const candidate = {
    scope: cells.scope,
    source: cells.source ?? 'csv_import',
    capturedAt: DATE_ONLY.test(capturedAt) ? `${capturedAt}T00:00:00Z` : capturedAt,
    evidence: cells.evidence ?? '',
  };
  try {
    return { ok: true, consent: contactConsent().validateSync(candidate, { stripUnknown: true }) as ContactConsent };
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, problem: error.errors[0] ?? error.message };
    throw error;
  }
}

export interface ExportedContact {
  phoneNumber: string;
  status: string;
  attemptsMade: number;
  maxRetries: number;
  retryDelayMinutes: number;
  metadata: ContactMetadata;
  consent: ContactConsent | null;
}

/**
 * The export's header: the number, the state and settings, the consent, then every metadata key the contacts use,
 * in order.
 */
export function exportHeader(metadataKeys: readonly string[]): string[] {
  return [
    EXPORT_PHONE_COLUMN,
    ...EXPORT_STATE_COLUMNS,
    ...EXPORT_SETTING_COLUMNS,
    ...Object.values(CONSENT_COLUMNS),
    ...metadataKeys,
  ].map(neutraliseFormula);
}

/** One contact's cells under {@link exportHeader}, formula-safe. */
export function exportCells(contact: ExportedContact, metadataKeys: readonly string[]): string[] {
  return [
    contact.phoneNumber,
    contact.status,
    String(contact.attemptsMade),
    String(contact.maxRetries),
    String(contact.retryDelayMinutes),
    contact.consent?.scope ?? '',
    contact.consent?.source ?? '',
    contact.consent?.capturedAt ?? '',
    contact.consent?.evidence ?? '',
    ...metadataKeys.map((key) => contact.metadata[key] ?? ''),
  ].map(neutraliseFormula);
}
