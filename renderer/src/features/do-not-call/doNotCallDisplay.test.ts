import { describe, expect, it } from 'vitest';
import type { ImportReport } from '@shared/api/contacts.types';
import { importOutcomeText, searchDigits } from './doNotCallDisplay';

const report = (imported: number, skipped: Partial<ImportReport['skipped']> = {}): ImportReport => ({
  totalRows: imported,
  imported,
  skipped: {
    duplicate: 0,
    invalid_number: 0,
    wrong_column_count: 0,
    do_not_call: 0,
    invalid_timezone: 0,
    invalid_consent: 0,
    ...skipped,
  },
  issues: [],
  issuesTruncated: false,
});

const outcome = (...args: Parameters<typeof report>) => ({ report: report(...args), endedContacts: 0 });

describe('importOutcomeText', () => {
  it('says how many pending contacts the numbers ended', () => {
    expect(importOutcomeText({ report: report(2), endedContacts: 3 })).toBe(
      '2 numbers added to the do-not-call list. 3 pending contacts in your campaigns will not be called.',
    );
    expect(importOutcomeText({ report: report(1), endedContacts: 1 })).toBe(
      '1 number added to the do-not-call list. 1 pending contact in your campaigns will not be called.',
    );
  });

  it('says how many numbers were added', () => {
    expect(importOutcomeText(outcome(1))).toBe('1 number added to the do-not-call list.');
    expect(importOutcomeText(outcome(1200))).toBe('1,200 numbers added to the do-not-call list.');
  });
  it('names each reason rows were skipped for', () => {
    expect(importOutcomeText(outcome(2, { duplicate: 1, invalid_number: 3, wrong_column_count: 1 }))).toBe(
      '2 numbers added to the do-not-call list; skipped 1 already listed, 3 invalid numbers, 1 row with the wrong column count.',
    );
    expect(importOutcomeText(outcome(0, { invalid_number: 1 }))).toBe(
      '0 numbers added to the do-not-call list; skipped 1 invalid number.',
    );
  });
});

describe('searchDigits', () => {
  it('keeps the digits and the plus of a number as typed', () => {
    expect(searchDigits('+64 (21) 555-0100')).toBe('+64215550100');
    expect(searchDigits('  ')).toBe('');
  });
});
