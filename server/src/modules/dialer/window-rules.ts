import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { LOOKAHEAD_DAYS, nextAllowedTime, type CalledParty, type CampaignWindow } from '@shared/domain/calling-window';
import { contactZoneOf } from '@shared/domain/contact-zone';
import type { DialingContact } from '../contacts/contact-dialing.service';

const DAY_MS = 86_400_000;

/**
 * Who is called: the number's country (libphonenumber-js) and the zones stored with the contact; a contact read
 * without them (a forecast's row) has them worked out from its number and metadata the same way.
 */
export function calledPartyOf(
  contact: Pick<DialingContact, 'phoneNumber' | 'metadata'> & Partial<Pick<DialingContact, 'timezones'>>,
): CalledParty {
  const country = parsePhoneNumberFromString(contact.phoneNumber)?.country ?? null;
  const zones = contact.timezones ?? contactZoneOf(contact.phoneNumber, contact.metadata).zones;
  return { country, zones, timezone: zones.length === 1 ? zones[0] : null };
}

/**
 * The first moment from `from` on that both the campaign's window and the called party's legal hours allow. When
 * nothing is allowed within the lookahead, the contact waits out the lookahead rather than failing: rules change.
 */
export function nextDialableMoment(from: Date, window: CampaignWindow, party: CalledParty): Date {
  return nextAllowedTime(from, window, party) ?? new Date(from.getTime() + LOOKAHEAD_DAYS * DAY_MS);
}
