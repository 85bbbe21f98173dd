import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A stored E.164 number as people write it internationally, e.g. "+6495550879" → "+64 9 555 0879"; what cannot be
 * read as a phone number is shown as it is.
 */
export function formatPhoneNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
