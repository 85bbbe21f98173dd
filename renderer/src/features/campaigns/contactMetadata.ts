import type { OutboundContact } from '@shared/api/contacts.types';
import type { ContactZoneSource } from '@shared/domain/contact-zone';

/** How many key-value pairs of a contact's metadata the table shows before '+N more' (spec 000 §2). */
const SHOWN_PAIRS = 2;

/** The first two pairs as "key: value" and how many more there are. */
export function metadataSummary(metadata: Record<string, string>): { shown: string[]; more: number } {
  const pairs = Object.entries(metadata);
  return {
    shown: pairs.slice(0, SHOWN_PAIRS).map(([key, value]) => `${key}: ${value}`),
    more: Math.max(0, pairs.length - SHOWN_PAIRS),
  };
}

const ZONE_SOURCE_TEXT: Record<ContactZoneSource, string> = {
  metadata: 'from its metadata',
  number: 'from its number',
  country_intersection: 'all zones its number may ring in',
};

/**
 * The zone a contact's legal calling hours are read in, for the table and the edit dialog: the zone, or how many
 * when the number spans several (`title` lists them), and why.
 */
export function contactZoneText(contact: Pick<OutboundContact, 'timezones' | 'timezoneSource'>): {
  zone: string;
  source: string;
  title: string;
} {
  const { timezones, timezoneSource } = contact;
  const zone =
    timezones.length === 1
      ? (timezones[0] as string)
      : timezones.length === 0
        ? 'Unknown'
        : `${timezones.length} zones`;
  return { zone, source: ZONE_SOURCE_TEXT[timezoneSource], title: timezones.join(', ') };
}
