import type { ImportReport } from '@shared/api/contacts.types';
import { importResultSentence } from '@shared/domain/format';

/** Rows of an import that were not imported, whatever the reason. */
export function skippedCount(report: ImportReport): number {
  return Object.values(report.skipped).reduce((sum, count) => sum + count, 0);
}

/** The import's result in spec 000 §8's words. */
export function importResultText(report: ImportReport): string {
  return importResultSentence(report.imported, skippedCount(report));
}
