import { describe, expect, it } from 'vitest';
import type { ImportReport } from '@shared/api/contacts.types';
import { consentCell, consentDetail } from './consentDisplay';
import { contactZoneText, metadataSummary } from './contactMetadata';
import { importResultText } from './importReport';
import { badgeVariant, statusColour, statusLabel } from './statusBadge';

describe('status badges (spec 000 §4)', () => {
  it('gives failed the destructive badge, the waiting outcomes the secondary one and the rest the default', () => {
    expect(badgeVariant('failed')).toBe('destructive');
    for (const status of ['pending', 'voicemail', 'busy', 'no_answer']) expect(badgeVariant(status)).toBe('secondary');
    for (const status of ['in_progress', 'completed', 'dialing', 'answered'])
      expect(badgeVariant(status)).toBe('default');
  });

  it('treats a status it does not know, even one named like an object key, as neutral', () => {
    for (const status of ['archived', 'toString', '__proto__', '']) expect(badgeVariant(status)).toBe('neutral');
  });

  it('draws every outcome of a chart in its own colour: failed red, answered green, each waiting one apart', () => {
    expect(statusColour('failed')).toBe('error');
    expect(statusColour('answered')).toBe('success');
    const outcomes = ['answered', 'voicemail', 'busy', 'no_answer', 'failed'];
    expect(new Set(outcomes.map(statusColour)).size).toBe(outcomes.length);
    expect(statusColour('toString')).toBe('grey');
  });

  it('writes statuses as words', () => {
    expect(statusLabel('no_answer')).toBe('No answer');
    expect(statusLabel('in_progress')).toBe('In progress');
    expect(statusLabel('')).toBe('Unknown');
  });
});

describe('contact metadata in the table (spec 000 §2)', () => {
  it('shows the first two pairs and counts the rest', () => {
    expect(metadataSummary({ name: 'Ana', city: 'Nelson', plan: 'Gold', source: 'web' })).toEqual({
      shown: ['name: Ana', 'city: Nelson'],
      more: 2,
    });
    expect(metadataSummary({ name: 'Ana' })).toEqual({ shown: ['name: Ana'], more: 0 });
    expect(metadataSummary({})).toEqual({ shown: [], more: 0 });
  });
});

describe('import result (spec 000 §8)', () => {
  const report = (imported: number, skipped: Partial<ImportReport['skipped']> = {}): ImportReport => ({
    totalRows: 0,
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

  it('says how many were imported, and how many failed when some did', () => {
    expect(importResultText(report(998, { duplicate: 1, do_not_call: 1 }))).toBe(
      '998 contacts imported successfully, 2 failed',
    );
    expect(importResultText(report(5))).toBe('5 contacts imported successfully');
  });
});

describe('a contact’s time zone', () => {
  it('names the one zone and why, or counts the zones a number spans and lists them', () => {
    expect(contactZoneText({ timezones: ['America/Chicago'], timezoneSource: 'metadata' })).toEqual({
      zone: 'America/Chicago',
      source: 'from its metadata',
      title: 'America/Chicago',
    });
    expect(
      contactZoneText({ timezones: ['Pacific/Auckland', 'Pacific/Chatham'], timezoneSource: 'country_intersection' }),
    ).toEqual({
      zone: '2 zones',
      source: 'all zones its number may ring in',
      title: 'Pacific/Auckland, Pacific/Chatham',
    });
    expect(contactZoneText({ timezones: [], timezoneSource: 'country_intersection' }).zone).toBe('Unknown');
  });
});

describe('a contact’s consent', () => {
  const consent = {
    scope: 'marketing',
    source: 'verbal',
    capturedAt: '2026-03-01T20:30:00.000Z',
    evidence: 'Call of 1 March',
  } as const;

  it('shows its scope and source in the table, and says when there is none', () => {
    expect(consentCell(consent)).toEqual({ scope: 'Marketing', source: 'Verbal, in a call' });
    expect(consentCell(null)).toEqual({ scope: 'None', source: 'Not recorded' });
  });

  it('gives it in full, with its evidence when there is some, on the contact’s own view', () => {
    const detail = consentDetail(consent);
    expect(detail.given).toMatch(/^Marketing calls \(includes informational\): Verbal, in a call, Mar \d, 2026, /);
    expect(detail.evidence).toBe('Call of 1 March');
    expect(consentDetail({ ...consent, evidence: '' }).evidence).toBeNull();
    expect(consentDetail(null)).toEqual({ given: 'No consent recorded.', evidence: null });
  });
});
