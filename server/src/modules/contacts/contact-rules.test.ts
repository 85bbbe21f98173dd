import { describe, expect, it } from 'vitest';
import { CONTACT_STATUSES } from '@shared/schemas/contact.schema';
import { DomainError } from '../../domain/domain-error';
import {
  assertIdle,
  contactNumberIn,
  contactsPageOf,
  importedContact,
  rescheduledAttempt,
  toContact,
} from './contact-rules';
import type { ContactRecord } from './contacts.store';

const record = (id: string): ContactRecord => ({
  id,
  tenantId: 'tenant-1',
  leaseToken: 'lease-1',
  campaignId: 'campaign-1',
  phoneNumber: '+6421000000',
  maxRetries: 3,
  consent: null,
  skipReason: null,
  retryDelayMinutes: 30,
  metadata: {},
  timezones: ['Pacific/Auckland'],
  timezoneSource: 'number',
  status: 'pending',
  attemptsMade: 0,
  scheduledFor: null,
  nextAttemptAt: null,
  conversationConfig: null,
  conversationId: null,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const totals = { pending: 5, in_progress: 1, completed: 3, failed: 2, total: 11 };

describe('contact rules', () => {
  it('shows clients neither the tenant nor the lease token', () => {
    const shown = toContact(record('c1'));
    expect(shown).not.toHaveProperty('tenantId');
    expect(shown).not.toHaveProperty('leaseToken');
    expect(shown).toMatchObject({ id: 'c1', phoneNumber: '+6421000000' });
  });

  it('refuses to touch a contact being dialled, and only that one', () => {
    for (const status of CONTACT_STATUSES) {
      const check = () => assertIdle({ status });
      if (status === 'in_progress') expect(check).toThrow(expect.objectContaining({ code: 'CONTACT_BEING_CALLED' }));
      else expect(check, status).not.toThrow();
    }
  });

  it("reads national numbers in the campaign's default country, and says why a number is invalid", () => {
    expect(contactNumberIn({ defaultCountry: 'NZ' }, '021 234 5678')).toBe('+64212345678');
    expect(contactNumberIn({ defaultCountry: 'US' }, '(212) 555-0123')).toBe('+12125550123');
    expect(contactNumberIn({ defaultCountry: 'US' }, '+64 21 234 5678')).toBe('+64212345678');
    expect(() => contactNumberIn({ defaultCountry: 'GB' }, '021 309 8907')).toThrow(
      expect.objectContaining({
        details: { fields: { phoneNumber: expect.stringContaining('United Kingdom, the country assumed') } },
      }),
    );
    let error: unknown;
    try {
      contactNumberIn({ defaultCountry: 'NZ' }, '12');
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: { phoneNumber: expect.any(String) } },
    });
  });

  it('pages by the last id shown when a next page exists, and counts matches from the totals unless searched', () => {
    const rows = ['c1', 'c2', 'c3'].map(record);
    const full = contactsPageOf(rows, 2, totals, {});
    expect(full.contacts.map((contact) => contact.id)).toEqual(['c1', 'c2']);
    expect(full.nextCursor).toBe('c2');
    expect(full.matching).toBe(11);
    expect(full.totals).toBe(totals);
    expect(contactsPageOf(rows, 3, totals, {}).nextCursor).toBeNull();
    expect(contactsPageOf([], 3, totals, {}).nextCursor).toBeNull();
    expect(contactsPageOf(rows, 3, totals, { status: 'failed' }).matching).toBe(2);
    expect(contactsPageOf(rows, 3, totals, { status: 'failed', searched: 0 }).matching).toBe(0);
    expect(contactsPageOf(rows, 3, totals, { searched: 7 }).matching).toBe(7);
  });

  it('moves the next attempt of a waiting contact with its schedule, to now when the schedule is cleared', () => {
    const now = '2026-03-01T10:00:00.000Z';
    const later = '2026-03-02T09:00:00.000Z';
    expect(rescheduledAttempt('pending', later, now)).toBe(later);
    expect(rescheduledAttempt('pending', null, now)).toBe(now);
    expect(rescheduledAttempt('pending', undefined, now)).toBeUndefined();
    for (const status of ['completed', 'failed', 'in_progress'] as const) {
      expect(rescheduledAttempt(status, later, now), status).toBeUndefined();
    }
  });

  it('imports a row with the retry settings it gave, and the defaults for those it left out', () => {
    const row = {
      kind: 'contact' as const,
      row: 2,
      e164: '+64212345678',
      phoneNumber: '021 234 5678',
      metadata: { a: '1' },
      consent: null,
    };
    expect(importedContact(row, 'id-1')).toEqual({
      id: 'id-1',
      phoneNumber: '+64212345678',
      maxRetries: 3,
      retryDelayMinutes: 30,
      metadata: { a: '1' },
      consent: null,
      timezones: ['Pacific/Auckland'],
      timezoneSource: 'number',
    });
    expect(importedContact({ ...row, maxRetries: 0, retryDelayMinutes: 15 }, 'id-2')).toMatchObject({
      maxRetries: 0,
      retryDelayMinutes: 15,
    });
  });
});
