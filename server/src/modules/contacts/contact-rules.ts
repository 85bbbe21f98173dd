import { ERROR_MESSAGES } from '@shared/api/error-catalogue';
import type { ContactImport, ContactsPage, ContactTotals, OutboundContact } from '@shared/api/contacts.types';
import { isPhoneCountry, readContactNumber } from '@shared/domain/contact-number';
import { contactZoneOf } from '@shared/domain/contact-zone';
import {
  CONTACT_DEFAULTS,
  CONTACT_MESSAGES,
  type ContactMetadata,
  type ContactStatus,
} from '@shared/schemas/contact.schema';
import { DomainError, invalidField } from '../../domain/domain-error';
import type { ContactImportRecord } from './contact-imports.store';
import type { ContactFields, ContactRecord, ImportedContact } from './contacts.store';
import type { AcceptedRow } from './csv-analysis';

export const contactNotFound = () => new DomainError('NOT_FOUND', 'The contact could not be found.');
export const beingCalled = () => new DomainError('CONTACT_BEING_CALLED');
export const notOutbound = () => new DomainError('CAMPAIGN_NOT_OUTBOUND');
export const numberTaken = () =>
  new DomainError('CONTACT_NUMBER_IN_CAMPAIGN', undefined, {
    fields: { phoneNumber: ERROR_MESSAGES.CONTACT_NUMBER_IN_CAMPAIGN },
  });

/** What clients see of a contact: neither its tenant nor the dialer's lease token. */
export const toContact = ({
  tenantId: _tenantId,
  leaseToken: _leaseToken,
  ...contact
}: ContactRecord): OutboundContact => contact;
export const toImport = ({ tenantId: _tenantId, ...view }: ContactImportRecord): ContactImport => view;

/** A contact being dialled right now cannot be edited or deleted: the call is using it. */
export function assertIdle(contact: Pick<ContactRecord, 'status'>): void {
  if (contact.status === 'in_progress') throw beingCalled();
}

/** The country a campaign reads national numbers in (a stored code the reader does not know reads none). */
export const countryOf = (campaign: { defaultCountry: string }) =>
  isPhoneCountry(campaign.defaultCountry) ? campaign.defaultCountry : undefined;

/** A written number in E.164, national numbers read in the campaign's default country. */
export function contactNumberIn(campaign: { defaultCountry: string }, written: string): string {
  const number = readContactNumber(written, countryOf(campaign));
  if (!number.ok) throw invalidField('phoneNumber', `${CONTACT_MESSAGES.phoneInvalid}: ${number.reason}`);
  return number.e164;
}

/**
 * A page of the list from `rows` (one more than `limit` was read, to know whether a next page exists). The kept
 * totals answer how many match every filter but a search, whose count (`searched`) looked at the numbers.
 */
export function contactsPageOf(
  rows: readonly ContactRecord[],
  limit: number,
  totals: ContactTotals,
  filter: { status?: ContactStatus; searched?: number },
): ContactsPage {
  const page = rows.slice(0, limit);
  return {
    contacts: page.map(toContact),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
    matching: filter.searched ?? (filter.status ? totals[filter.status] : totals.total),
    totals,
  };
}

/** A new time for a contact still waiting moves its next attempt with it (to now when the time is cleared). */
export function rescheduledAttempt(
  status: ContactStatus,
  scheduledFor: string | null | undefined,
  now: string,
): string | undefined {
  return scheduledFor !== undefined && status === 'pending' ? (scheduledFor ?? now) : undefined;
}

/** An accepted CSV row as the contact it becomes, the retry settings it left out at their defaults. */
export const importedContact = (row: AcceptedRow, id: string): ImportedContact => ({
  id,
  phoneNumber: row.e164,
  maxRetries: row.maxRetries ?? CONTACT_DEFAULTS.maxRetries,
  retryDelayMinutes: row.retryDelayMinutes ?? CONTACT_DEFAULTS.retryDelayMinutes,
  metadata: row.metadata,
  consent: row.consent,
  ...zoneFieldsOf(row.e164, row.metadata),
});

/** The zone a contact is called in and why, stored with it whenever its number or metadata is written. */
export function zoneFieldsOf(
  phoneNumber: string,
  metadata: ContactMetadata,
): Required<Pick<ContactFields, 'timezones' | 'timezoneSource'>> {
  const zone = contactZoneOf(phoneNumber, metadata);
  return { timezones: zone.zones, timezoneSource: zone.source };
}

/** The zone fields after a change of number or metadata (the other kept), or none when neither changes. */
export function changedZoneFields(
  contact: Pick<ContactRecord, 'phoneNumber' | 'metadata'>,
  change: { phoneNumber?: string; metadata?: ContactMetadata },
): Pick<ContactFields, 'timezones' | 'timezoneSource'> {
  if (change.phoneNumber === undefined && change.metadata === undefined) return {};
  return zoneFieldsOf(change.phoneNumber ?? contact.phoneNumber, change.metadata ?? contact.metadata);
}
