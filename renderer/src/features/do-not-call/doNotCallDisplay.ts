import type { DoNotCallImportResponse, DoNotCallSource } from '@shared/api/contacts.types';
import { formatCount, formatQuantity } from '@shared/domain/format';

/** How a number came onto the list, as the API records it. */
export const SOURCE_LABELS: Record<DoNotCallSource, string> = {
  manual: 'Added manually',
  import: 'CSV import',
  call: 'Opt-out in a call',
};

/**
 * An import's outcome: what was added and, when some rows were not, why; then how many pending contacts the added
 * numbers ended.
 */
export function importOutcomeText({ report, endedContacts }: DoNotCallImportResponse): string {
  const { duplicate, invalid_number: invalid, wrong_column_count: malformed } = report.skipped;
  const reasons = [
    duplicate > 0 ? `${formatCount(duplicate)} already listed` : '',
    invalid > 0 ? formatQuantity(invalid, 'invalid number') : '',
    malformed > 0
      ? formatQuantity(malformed, 'row with the wrong column count', 'rows with the wrong column count')
      : '',
  ].filter(Boolean);
  const added = `${formatQuantity(report.imported, 'number')} added to the do-not-call list`;
  const outcome = reasons.length > 0 ? `${added}; skipped ${reasons.join(', ')}.` : `${added}.`;
  if (endedContacts === 0) return outcome;
  return `${outcome} ${formatQuantity(endedContacts, 'pending contact')} in your campaigns will not be called.`;
}

/** The list's search: the digits of a number as typed (spaces, dashes and brackets dropped), with a leading +. */
export function searchDigits(typed: string): string {
  return typed.replace(/[^\d+]/g, '');
}
