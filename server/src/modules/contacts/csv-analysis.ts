import Papa from 'papaparse';
import type { CountryCode } from 'libphonenumber-js/min';
import {
  IMPORT_ISSUES_LISTED,
  IMPORT_SKIP_REASONS,
  type ImportIssue,
  type ImportReport,
  type ImportSkipReason,
} from '@shared/api/contacts.types';
import { consentOfCells, readContactRow, readHeader, type CsvRow } from '@shared/domain/contact-csv';
import { readContactNumber } from '@shared/domain/contact-number';
import { metadataTimezoneProblem } from '@shared/domain/metadata-timezone';
import type { ContactConsent } from '@shared/schemas/contact.schema';

/** A row that passed every check, with its number in E.164 and the consent its columns give. */
export type AcceptedRow = Omit<Extract<CsvRow, { kind: 'contact' }>, 'consent'> & {
  row: number;
  e164: string;
  consent: ContactConsent | null;
};

export interface CsvAnalysis {
  report: ImportReport;
  accepted: AcceptedRow[];
}

export interface AnalysisOptions {
  /** The country national numbers are read in (the campaign's). */
  defaultCountry: CountryCode | undefined;
  /** Numbers the target already holds: rows with them are duplicates. */
  known: ReadonlySet<string>;
  /** Numbers on the do-not-call list. */
  blocked: ReadonlySet<string>;
  /** When consent given in the file without a time counts as captured: the moment of the import. */
  importedAt: string;
  /** Told how many rows were checked, every {@link PROGRESS_EVERY} rows and at the end. */
  onProgress?: (processed: number, total: number) => Promise<void>;
}

/** Rows checked between two progress reports, with a turn of the event loop between them for other requests. */
export const PROGRESS_EVERY = 5000;

const KNOWN_DETAIL = 'Already in the list';

export function emptyReport(totalRows = 0): ImportReport {
  return {
    totalRows,
    imported: 0,
    skipped: Object.fromEntries(IMPORT_SKIP_REASONS.map((reason) => [reason, 0])) as Record<ImportSkipReason, number>,
    issues: [],
    issuesTruncated: false,
  };
}

/** The file's records; a byte-order mark and blank lines are not rows. */
export function parseCsv(text: string): string[][] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return Papa.parse<string[]>(body, { skipEmptyLines: 'greedy' }).data;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Checks a contact CSV (spec 000 §5) row by row and reports each skipped one: wrong column count, invalid number
 * with the reason, duplicate within the file or of a number the target holds, on the do-not-call list, a timezone
 * column naming no IANA zone, consent columns the API would refuse. Writes
 * nothing; the caller writes what was accepted, in one piece.
 */
export async function analyseCsv(records: string[][], options: AnalysisOptions): Promise<CsvAnalysis> {
  const [head, ...rows] = records;
  const report = emptyReport(rows.length);
  const accepted: AcceptedRow[] = [];
  if (!head) return { report, accepted };
  const header = readHeader(head);
  const firstRowOf = new Map<string, number>();

  const skip = (issue: ImportIssue) => {
    report.skipped[issue.reason]++;
    if (report.issues.length < IMPORT_ISSUES_LISTED) report.issues.push(issue);
    else report.issuesTruncated = true;
  };

  for (let index = 0; index < rows.length; index++) {
    if (index > 0 && index % PROGRESS_EVERY === 0) {
      await options.onProgress?.(index, rows.length);
      await nextTurn();
    }
    const row = index + 2;
    const read = readContactRow(header, rows[index] ?? []);
    const written = read.phoneNumber;
    if (read.kind === 'wrong_column_count') {
      const detail = `Has ${read.columns} column${read.columns === 1 ? '' : 's'}; the header has ${header.length}`;
      skip({ row, phoneNumber: written, reason: 'wrong_column_count', detail });
      continue;
    }
    if (written.trim() === '') {
      skip({ row, phoneNumber: written, reason: 'invalid_number', detail: 'No phone number' });
      continue;
    }
    const number = readContactNumber(written, options.defaultCountry);
    if (!number.ok) {
      skip({ row, phoneNumber: written, reason: 'invalid_number', detail: number.reason });
      continue;
    }
    const timezoneProblem = metadataTimezoneProblem(read.metadata);
    if (timezoneProblem) {
      skip({ row, phoneNumber: written, reason: 'invalid_timezone', detail: timezoneProblem });
      continue;
    }
    const consent = consentOfCells(read.consent, options.importedAt);
    if (!consent.ok) {
      skip({ row, phoneNumber: written, reason: 'invalid_consent', detail: consent.problem });
      continue;
    }
    const earlier = firstRowOf.get(number.e164);
    if (earlier !== undefined || options.known.has(number.e164)) {
      const detail = earlier !== undefined ? `Same number as row ${earlier}` : KNOWN_DETAIL;
      skip({ row, phoneNumber: written, reason: 'duplicate', detail });
      continue;
    }
    firstRowOf.set(number.e164, row);
    if (options.blocked.has(number.e164)) {
      skip({ row, phoneNumber: written, reason: 'do_not_call', detail: 'On the do-not-call list' });
      continue;
    }
    accepted.push({ ...read, row, e164: number.e164, consent: consent.consent });
  }
  await options.onProgress?.(rows.length, rows.length);
  report.imported = accepted.length;
  return { report, accepted };
}

/**
 * Marks as duplicates the accepted rows whose numbers the target gained while the file was being checked (another
 * import, a contact added meanwhile); the caller checks again inside its write transaction.
 */
export function dropNowKnown(analysis: CsvAnalysis, known: ReadonlySet<string>): CsvAnalysis {
  const late = analysis.accepted.filter((row) => known.has(row.e164));
  if (late.length === 0) return analysis;
  const report: ImportReport = { ...analysis.report, skipped: { ...analysis.report.skipped } };
  const issues = [...report.issues];
  for (const row of late) {
    report.skipped.duplicate++;
    if (issues.length < IMPORT_ISSUES_LISTED)
      issues.push({ row: row.row, phoneNumber: row.phoneNumber, reason: 'duplicate', detail: KNOWN_DETAIL });
    else report.issuesTruncated = true;
  }
  report.issues = issues.sort((a, b) => a.row - b.row);
  const accepted = analysis.accepted.filter((row) => !known.has(row.e164));
  report.imported = accepted.length;
  return { report, accepted };
}
