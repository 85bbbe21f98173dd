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
