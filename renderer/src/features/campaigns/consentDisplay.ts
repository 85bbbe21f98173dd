import { formatDateTime } from '@shared/domain/format';
import type { ConsentScope, ConsentSource, ContactConsent, ContactSkipReason } from '@shared/schemas/contact.schema';

/** The contact dialog's consent choices. */
export const CONSENT_SCOPE_CHOICES: Record<ConsentScope, string> = {
  informational: 'Informational calls',
  marketing: 'Marketing calls (includes informational)',
};

export const CONSENT_SOURCE_LABELS: Record<ConsentSource, string> = {
  web_form: 'Web form',
  paper: 'Paper form',
  csv_import: 'CSV import',
  api: 'API',
  verbal: 'Verbal, in a call',
};

const SCOPE_SHORT: Record<ConsentScope, string> = { informational: 'Informational', marketing: 'Marketing' };

/** A contact's consent in the contacts table: its scope, and where it was given. */
export function consentCell(consent: ContactConsent | null): { scope: string; source: string } {
  if (!consent) return { scope: 'None', source: 'Not recorded' };
  return { scope: SCOPE_SHORT[consent.scope], source: CONSENT_SOURCE_LABELS[consent.source] };
}

/** A contact's consent in full, on the contact's own view: what, where and when, then the evidence. */
export function consentDetail(consent: ContactConsent | null): { given: string; evidence: string | null } {
  if (!consent) return { given: 'No consent recorded.', evidence: null };
  return {
    given: `${CONSENT_SCOPE_CHOICES[consent.scope]}: ${CONSENT_SOURCE_LABELS[consent.source]}, ${formatDateTime(consent.capturedAt)}.`,
    evidence: consent.evidence || null,
  };
}

/** Why a contact is not being called, beside its status. */
export const SKIP_REASON_TEXT: Record<ContactSkipReason, string> = {
  no_consent: 'No marketing consent',
  do_not_call: 'On do-not-call list',
};
