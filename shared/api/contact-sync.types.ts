import type { OutboundContact } from './contacts.types';

/** POST campaigns/{id}/contacts/sync answers one result per change, in the order they were sent. */
export const CONTACT_SYNC_OUTCOMES = ['applied', 'conflict', 'invalid'] as const;
export type ContactSyncOutcome = (typeof CONTACT_SYNC_OUTCOMES)[number];

export interface ContactSyncResult {
  /** The change's key, as sent. */
  key: string;
  outcome: ContactSyncOutcome;
  /** Applied: the contact as written (absent for a delete). */
  contact?: OutboundContact;
  /** Conflict: the contact as the server has it now; null when it was deleted meanwhile. */
  server?: OutboundContact | null;
  /** Conflict and invalid: why, readable. */
  message?: string;
}

export interface ContactSyncResponse {
  results: ContactSyncResult[];
  /** True when the Idempotency-Key had been used already: this is the stored answer and nothing was changed. */
  replayed: boolean;
}
