import type { ContactMetadata } from '../schemas/contact.schema';
import type { OutboundContact } from './contacts.types';

/**
 * An operator's offline copy of a campaign's contacts (the desktop console's file store, or IndexedDB on the web).
 * It is written on every change, so a crash, a reload or a restart loses nothing typed.
 */
export interface ContactDraftRow {
  /** Stable within the draft: the contact's id for a row read from the server, a random id for a new row. */
  key: string;
  /** Null for a row added in the draft and not yet synced. */
  contactId: string | null;
  /** The contact's version when the draft read it; null for a new row. */
  baseVersion: number | null;
  phoneNumber: string;
  metadata: ContactMetadata;
  /** What the draft will ask of the server at the next sync. */
  change: 'none' | 'create' | 'update' | 'delete';
  /** The last sync's verdict on this row, kept until the row changes again. */
  problem: ContactDraftProblem | null;
}

export type ContactDraftProblem =
  { kind: 'conflict'; server: OutboundContact | null; message: string } | { kind: 'invalid'; message: string };

export interface ContactDraft {
  campaignId: string;
  campaignName: string;
  /** The signed-in user and tenant the draft belongs to; another user on the same machine never sees it. */
  userId: string;
  tenantId: string;
  /** UTC ISO strings. */
  createdAt: string;
  updatedAt: string;
  rows: ContactDraftRow[];
  /** Sent with the next sync and kept until its answer arrives, so a repeated sync after a lost answer is the same. */
  pendingSyncKey: string | null;
}

/** What a draft list shows without loading every row. */
export interface ContactDraftSummary {
  campaignId: string;
  campaignName: string;
  updatedAt: string;
  changedRows: number;
}
