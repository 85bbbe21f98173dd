import type { ContactZoneSource } from '../domain/contact-zone';
import type {
  ContactConsent,
  ContactMetadata,
  ContactSkipReason,
  ContactStatus,
  OptOutSource,
} from '../schemas/contact.schema';

/** Outbound contacts, their CSV import and the do-not-call list as the API returns them (spec 000 §3, §5). */
export interface ConversationConfig {
  prompt?: string;
  first_message?: string;
}

export interface OutboundContact {
  id: string;
  campaignId: string;
  /** E.164. */
  phoneNumber: string;
  maxRetries: number;
  retryDelayMinutes: number;
  metadata: ContactMetadata;
  /**
   * The IANA zone the contact's legal calling hours are read in, decided when it was stored: one, or every zone its
   * number may ring in (each must allow the call). `timezoneSource` says why: the metadata's `timezone`, the number's
   * own zone, or the intersection of the zones the number spans.
   */
  timezones: string[];
  timezoneSource: ContactZoneSource;
  status: ContactStatus;
  /** Calls made to the contact so far (the list's Retries column). */
  attemptsMade: number;
  scheduledFor: string | null;
  nextAttemptAt: string | null;
  conversationConfig: ConversationConfig | null;
  conversationId: string | null;
  /** The consent the contact gave to be called; null when none is recorded (or it was withdrawn). */
  consent: ContactConsent | null;
  /** Why the contact is not being called: waiting for marketing consent (pending), or ended by an opt-out (failed). */
  skipReason: ContactSkipReason | null;
  /**
   * Grows by one with every change an operator can make (number, metadata, retry settings, schedule), for clients
   * that keep a copy (offline drafts); the dialer's progress does not count.
   */
  version: number;
  createdAt: string;
  updatedAt: string;
}

export type ContactTotals = Record<ContactStatus, number> & { total: number };

/** GET campaigns/{id}/contacts: one page, keyset-paged; totals are of the whole campaign, whatever the filter. */
export interface ContactsPage {
  contacts: OutboundContact[];
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: string | null;
  /** Contacts matching the filter and search (all pages). */
  matching: number;
  totals: ContactTotals;
}

export interface ContactResponse {
  contact: OutboundContact;
}

/** Why a CSV row was not imported. */
export const IMPORT_SKIP_REASONS = [
  'duplicate',
  'invalid_number',
  'wrong_column_count',
  'do_not_call',
  'invalid_timezone',
  'invalid_consent',
] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];

export interface ImportIssue {
  /** The row's place in the file: the header is row 1, blank lines are not counted. */
  row: number;
  /** The number as written in the file (first column), or '' when the row had none. */
  phoneNumber: string;
  reason: ImportSkipReason;
  /** Readable detail: what is wrong with the number or the timezone, which row it duplicates, the column counts. */
  detail: string;
}

export interface ImportReport {
  /** Data rows read (blank lines aside). */
  totalRows: number;
  imported: number;
  skipped: Record<ImportSkipReason, number>;
  /** Every skipped row, in file order, up to {@link IMPORT_ISSUES_LISTED}; the counts above are always complete. */
  issues: ImportIssue[];
  issuesTruncated: boolean;
}

export const IMPORT_ISSUES_LISTED = 10_000;

export const CONTACT_IMPORT_STATUSES = ['queued', 'running', 'finished', 'failed'] as const;
export type ContactImportStatus = (typeof CONTACT_IMPORT_STATUSES)[number];

/**
 * An import as POST campaigns/{id}/contacts/import (202) and GET contact-imports/{id} answer. The request's body is
 * the CSV file itself (Content-Type text/csv); it is written in one piece or not at all.
 */
export interface ContactImport {
  id: string;
  campaignId: string;
  status: ContactImportStatus;
  /** Rows checked so far and all data rows of the file, for a progress bar. */
  processedRows: number;
  totalRows: number;
  /** Once finished. */
  report: ImportReport | null;
  /** Why it failed, once failed. */
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface ContactImportResponse {
  import: ContactImport;
}

/** POST …/contacts/import?dryRun=true: what an import would do, nothing written. */
export interface ImportPreviewResponse {
  report: ImportReport;
}

export type DoNotCallSource = 'manual' | 'import' | 'call';

export interface DoNotCallEntry {
  id: string;
  /** E.164. */
  phoneNumber: string;
  source: DoNotCallSource;
  reason: string | null;
  /** The call in which the person asked not to be called again (source 'call'). */
  callId: string | null;
  /** Where the opt-out came from (call, api, crm, admin, sms …); null for an entry added before opt-outs had one. */
  channel: OptOutSource | null;
  /** What proves the opt-out (a text or a link); empty when none was given. */
  evidence: string;
  /** The e-mail of the member who added it by hand or by import (an API key: the member who made the key); null for an opt-out heard in a call, or a member since removed. */
  addedBy: string | null;
  createdAt: string;
}

export interface DoNotCallPage {
  entries: DoNotCallEntry[];
  nextCursor: string | null;
  total: number;
}

/** POST /api/opt-outs: the number's entry, and the pending contacts the opt-out ended in every campaign. */
export interface OptOutResponse {
  entry: DoNotCallEntry;
  /** False when the number was already listed (a repeated opt-out is not an error). */
  created: boolean;
  endedContacts: number;
}

export interface DoNotCallImportResponse {
  /** Numbers added; those already listed count as duplicates. */
  report: ImportReport;
  /** Pending contacts in the tenant's campaigns that the added numbers ended (reason do_not_call). */
  endedContacts: number;
}
