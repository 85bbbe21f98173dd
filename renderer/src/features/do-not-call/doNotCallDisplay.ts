import type { DoNotCallSource, ImportReport } from '@shared/api/contacts.types';
import { formatCount, formatQuantity } from '@shared/domain/format';

/** How a number came onto the list, as the API records it. */
export const SOURCE_LABELS: Record<DoNotCallSource, string> = {
  manual: 'Added manually',
  import: 'CSV import',
  call: 'Opt-out in a call',
};

/** An import's outcome in one sentence: what was added and, when some rows were not, why. */
export function importOutcomeText(report: ImportReport): string {
  const { duplicate, invalid_number: invalid, wrong_column_count: malformed } = report.skipped;
  const reasons = [
    duplicate > 0 ? `${formatCount(duplicate)} already listed` : '',
    invalid > 0 ? formatQuantity(invalid, 'invalid number') : '',
    malformed > 0
      ? formatQuantity(malformed, 'row with the wrong column count', 'rows with the wrong column count')
      : '',
  ].filter(Boolean);
  const added = `${formatQuantity(report.imported, 'number')} added to the do-not-call list`;
  return reasons.length > 0 ? `${added}; skipped ${reasons.join(', ')}.` : `${added}.`;
}

/** The list's search: the digits of a number as typed (spaces, dashes and brackets dropped), with a leading +. */
export function searchDigits(typed: string): string {
  return typed.replace(/[^\d+]/g, '');
}
