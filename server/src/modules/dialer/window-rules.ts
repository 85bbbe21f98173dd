import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { LOOKAHEAD_DAYS, nextAllowedTime, type CalledParty, type CampaignWindow } from '@shared/domain/calling-window';
import type { DialingContact } from '../contacts/contact-dialing.service';

const DAY_MS = 86_400_000;

/** Who is called: the number's country (libphonenumber-js), and a zone if the contact's metadata names one. */
export function calledPartyOf(contact: Pick<DialingContact, 'phoneNumber' | 'metadata'>): CalledParty {
  const country = parsePhoneNumberFromString(contact.phoneNumber)?.country ?? null;
  const zone = contact.metadata.timezone ?? contact.metadata.Timezone ?? null;
  return { country, timezone: typeof zone === 'string' ? zone : null };
}

/**
 * The first moment from `from` on that both the campaign's window and the called party's legal hours allow. When
 * nothing is allowed within the lookahead, the contact waits out the lookahead rather than failing: rules change.
 */
export function nextDialableMoment(from: Date, window: CampaignWindow, party: CalledParty): Date {
  return nextAllowedTime(from, window, party) ?? new Date(from.getTime() + LOOKAHEAD_DAYS * DAY_MS);
}
