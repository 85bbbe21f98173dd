import { isKnownZone } from './zone-offsets';

/**
 * A contact's own zone, named in its metadata: kept apart from contact-zone.ts (and its number data) so that forms
 * and schemas can check it cheaply.
 */

/** The metadata key that names a contact's zone, matched without regard to case (a CSV header "Timezone" too). */
export const TIMEZONE_METADATA_KEY = 'timezone';

/** The zone the metadata names, as written (trimmed), or null when it names none. */
export function metadataTimezoneOf(metadata: Readonly<Record<string, string>>): string | null {
  for (const [key, value] of Object.entries(metadata)) {
    if (key.trim().toLowerCase() !== TIMEZONE_METADATA_KEY || typeof value !== 'string') continue;
    if (value.trim() !== '') return value.trim();
  }
  return null;
}

/** Why the metadata's zone cannot be used, or null when it names none or a known one. */
export function metadataTimezoneProblem(metadata: Readonly<Record<string, string>>): string | null {
  const zone = metadataTimezoneOf(metadata);
  if (zone === null || isKnownZone(zone)) return null;
  return `Timezone "${zone.slice(0, 64)}" is not an IANA time zone (such as America/Chicago)`;
}
