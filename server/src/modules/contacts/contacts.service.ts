import type { CampaignsService } from '../campaigns/campaigns.service';
import type { DoNotCallService } from '../do-not-call/do-not-call.service';
import type { UsersService } from '../users/users.service';
import type { EventsService } from '../events/events.service';
import { createContactsContext, type ContactsDeps } from './contacts-context';
import { createContactsConsent } from './contacts-consent';
import { createContactsCsv } from './contacts-csv';
import { createContactsEditing } from './contacts-editing';

export { IMPORT_CONTACTS_JOB, IMPORT_JOB_OPTIONS } from './contacts-csv';

export type ContactsService = ReturnType<typeof createContactsService>;

/**
 * A campaign's outbound contacts (spec 000 §2, §3, §5): keyset pages with totals by status, add, edit and delete
 * (never while one is being dialled), the CSV import as a job that writes in one piece, and a formula-safe export.
 * The dialing columns (status, next attempt, attempts, lease, conversation) are the dialer's, in contact-dialing.*.
 */
export function createContactsService(
  deps: ContactsDeps,
  campaigns: CampaignsService,
  doNotCall: DoNotCallService,
  events: Pick<EventsService, 'publish'>,
  users: Pick<UsersService, 'memberEmails'>,
) {
  const context = createContactsContext(deps, { campaigns, doNotCall, events, users });
  return { ...createContactsEditing(context), ...createContactsCsv(context), ...createContactsConsent(context) };
}
