import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/max';
import { legalZonesOf } from './calling-window';
import { metadataTimezoneOf } from './metadata-timezone';
import numberZonesData from './number-zones.data.json';
import { isKnownZone } from './zone-offsets';

/**
 * The time zone a contact is called in, decided when the contact is stored: a zone named in its metadata, else the
 * zone Google's libphonenumber data gives its number, else (a number that spans zones) all of them, the legal hours
 * holding in each.
 */

export const CONTACT_ZONE_SOURCES = ['metadata', 'number', 'country_intersection'] as const;
export type ContactZoneSource = (typeof CONTACT_ZONE_SOURCES)[number];

export interface ContactZone {
  /** IANA zones; one unless the number spans several (then every one must allow a call), none when nothing is known. */
  zones: string[];
  source: ContactZoneSource;
}

const PREFIX_ZONES: Readonly<Record<string, string>> = numberZonesData.prefixes;

/**
 * Ranges Google's data files under a neighbour's zone: Lord Howe Island's exchange (02 6563) is listed as Sydney's,
 * half an hour off its clocks in winter.
 */
const PREFIX_CORRECTIONS: Readonly<Record<string, string>> = { '6126563': 'Australia/Lord_Howe' };

/**
 * Number types whose prefix says where the line is (libphonenumber's PhoneNumberToTimeZonesMapper): fixed lines
 * everywhere, mobiles only where mobile prefixes are regional. Others (mobiles elsewhere, toll-free, VoIP) can ring in
 * any of the country's zones.
 */
const GEOGRAPHIC_TYPES = new Set(['FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);
const GEOGRAPHIC_MOBILE_CALLING_CODES = new Set(['52', '54', '55', '62', '86']);

function isGeographic(phone: PhoneNumber): boolean {
  const type = phone.getType();
  if (type === 'MOBILE') return GEOGRAPHIC_MOBILE_CALLING_CODES.has(phone.countryCallingCode);
  return type !== undefined && GEOGRAPHIC_TYPES.has(type);
}

/** The zones of the longest listed prefix of the digits, and whether only the calling code was listed. */
function zonesByPrefix(digits: string, callingCode: string): { zones: string[]; countryWide: boolean } | null {
  for (let length = digits.length; length >= callingCode.length; length -= 1) {
    const prefix = digits.slice(0, length);
    const zones = PREFIX_CORRECTIONS[prefix] ?? PREFIX_ZONES[prefix];
    if (zones) return { zones: zones.split('&'), countryWide: length === callingCode.length };
  }
  return null;
}

/**
 * The zones the number can ring in. Where the data knows no more than the calling code (non-geographic numbers, and
 * codes shared by several countries such as +1), the country's own zones from its legal rule stand in for the whole
 * code's, so that a US toll-free number is not held to Guam's clock.
 */
function numberZonesOf(phone: PhoneNumber, country: string | undefined): string[] {
  const ruleZones = legalZonesOf(country);
  const digits = phone.number.slice(1);
  const found = isGeographic(phone)
    ? zonesByPrefix(digits, phone.countryCallingCode)
    : zonesByPrefix(phone.countryCallingCode, phone.countryCallingCode);
  if (found && !(found.countryWide && ruleZones)) return found.zones.filter(isKnownZone);
  return [...(ruleZones ?? found?.zones.filter(isKnownZone) ?? [])];
}

/**
 * The zone or zones a contact is called in, and why: a known zone named in its metadata wins; else the number's
 * zones (an invalid number has its country's, if any). `country` overrides the number's own country (libphonenumber's,
 * e.g. CX for Christmas Island).
 */
export function contactZoneOf(
  phoneNumber: string,
  metadata: Readonly<Record<string, string>>,
  country?: string,
): ContactZone {
  const named = metadataTimezoneOf(metadata);
  if (named !== null && isKnownZone(named)) return { zones: [named], source: 'metadata' };
  const parsed = parsePhoneNumberFromString(phoneNumber);
  const phone = parsed?.isValid() ? parsed : undefined;
  const numberCountry = country ?? phone?.country;
  const zones = phone ? numberZonesOf(phone, numberCountry) : [...(legalZonesOf(numberCountry) ?? [])];
  return { zones, source: zones.length === 1 ? 'number' : 'country_intersection' };
}
