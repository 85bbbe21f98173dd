import type { ImportReport } from '@shared/api/contacts.types';

/** Rows of an import that were not imported, whatever the reason. */
export function skippedCount(report: ImportReport): number {
  return Object.values(report.skipped).reduce((sum, count) => sum + count, 0);
}

/** '{n} contacts imported successfully' plus ', {m} failed' when some were not (spec 000 §8). */
export function importResultText(report: ImportReport): string {
  const failed = skippedCount(report);
  return `${report.imported} contacts imported successfully${failed > 0 ? `, ${failed} failed` : ''}`;
}
