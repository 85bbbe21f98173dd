import { PhoneNumber, type CountryCode, type MetadataJson } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';
import { getCountries, getCountryCallingCode, parsePhoneNumberWithError, ParseError } from 'libphonenumber-js/min';

/** A contact's number read the way an import reads it: E.164 when valid, else why not. */
export type NumberReading = { ok: true; e164: string } | { ok: false; reason: string };

const METADATA = metadata as unknown as MetadataJson;
const CALLING_CODES = new Set(Object.keys(METADATA.country_calling_codes));
/** The core build's constructor takes the metadata as its third argument, which its typings leave out. */
const CorePhoneNumber = PhoneNumber as unknown as new (
  callingCode: string,
  nationalNumber: string,
  metadata: MetadataJson,
) => PhoneNumber;

/** Strictly E.164 as written: a plus, no separators, up to 15 digits. */
const STRICT_E164 = /^\+[1-9]\d{1,14}$/;

const PARSE_REASONS: Record<string, string> = {
  NOT_A_NUMBER: 'Not a phone number',
  INVALID_COUNTRY: 'No country code, and the campaign has no country to assume (write it as +<country code>…)',
  TOO_SHORT: 'Too short to be a phone number',
  TOO_LONG: 'Too long to be a phone number',
  INVALID_LENGTH: 'Not a valid length for a phone number',
};

const INVALID_FOR_COUNTRY = 'Not a valid phone number for its country';

/** Every country a number can be read in, by ISO 3166 code: a campaign's default country is one of them. */
export const PHONE_COUNTRIES: readonly CountryCode[] = getCountries();

export function isPhoneCountry(value: unknown): value is CountryCode {
  return typeof value === 'string' && (PHONE_COUNTRIES as readonly string[]).includes(value);
}

const COUNTRY_NAMES = new Intl.DisplayNames(['en-NZ'], { type: 'region' });

/** "New Zealand" for NZ: how a country is named to a person. */
export function countryName(country: CountryCode): string {
  return COUNTRY_NAMES.of(country) ?? country;
}

/**
 * The country a campaign's timezone names, for campaigns made before they had a default country of their own
 * (spec 000 §9's choices); a campaign's contacts are read in its default country.
 */
const TIMEZONE_COUNTRIES: Array<[prefix: string, country: CountryCode]> = [
  ['Pacific/Auckland', 'NZ'],
  ['Pacific/Chatham', 'NZ'],
  ['Australia/', 'AU'],
  ['America/New_York', 'US'],
  ['America/Chicago', 'US'],
  ['America/Denver', 'US'],
  ['America/Phoenix', 'US'],
  ['America/Los_Angeles', 'US'],
  ['America/Anchorage', 'US'],
  ['Pacific/Honolulu', 'US'],
  ['Europe/London', 'GB'],
  ['Europe/Paris', 'FR'],
  ['Asia/Tokyo', 'JP'],
  ['Asia/Singapore', 'SG'],
];

export function countryOfTimezone(timezone: string): CountryCode | undefined {
  return TIMEZONE_COUNTRIES.find(
    ([prefix]) => timezone === prefix || (prefix.endsWith('/') && timezone.startsWith(prefix)),
  )?.[1];
}

/** The full reading, for anything not already strict E.164 (and for the reason when that is not valid). */
function readByParsing(raw: string, defaultCountry: CountryCode | undefined): NumberReading {
  try {
    const parsed = parsePhoneNumberWithError(raw, defaultCountry ? { defaultCountry } : undefined);
    if (parsed.isValid()) return { ok: true, e164: parsed.number };
    // A number written without a country code was read as one of the default country: say which was assumed.
    const assumed =
      defaultCountry && !raw.startsWith('+') && parsed.countryCallingCode === getCountryCallingCode(defaultCountry);
    return {
      ok: false,
      reason: assumed
        ? `Not a valid phone number for ${countryName(defaultCountry)}, the country assumed for numbers without +<country code>`
        : INVALID_FOR_COUNTRY,
    };
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, reason: PARSE_REASONS[error.message] ?? 'Not a phone number' };
    throw error;
  }
}

/**
 * Reads a number as written in a CSV or a form: E.164, or national in the default country. Strict E.164 (what an
 * export writes) skips the general parser, which costs six times as much: country calling codes are prefix-free,
 * so the one the number starts with is found by its first one to three digits.
 */
export function readContactNumber(written: string, defaultCountry?: CountryCode): NumberReading {
  const raw = written.trim();
  if (STRICT_E164.test(raw)) {
    for (let length = 1; length <= 3; length++) {
      const code = raw.slice(1, 1 + length);
      if (!CALLING_CODES.has(code)) continue;
      // A calling code alone ("+64") has no national number to read: the parser below says why.
      const national = raw.slice(1 + length);
      if (national && new CorePhoneNumber(code, national, METADATA).isValid()) return { ok: true, e164: raw };
      break;
    }
  }
  return readByParsing(raw, defaultCountry);
}
