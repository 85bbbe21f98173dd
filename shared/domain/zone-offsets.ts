import { IANAZone } from 'luxon';

/**
 * A zone's UTC offsets as segments of time, from its clock changes found once per zone and year. The calling window
 * reads wall clocks through them: a wall-clock range becomes instants by plain arithmetic on each segment, with no
 * guess about which side of a clock change a local time falls on.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/**
 * Clock changes are looked for at this step, then narrowed to the millisecond. No zone in the tz database changes its
 * clocks twice within this long, so none is missed.
 */
const SCAN_STEP_MS = 6 * HOUR_MS;

/** Entries a cache keeps; past this it starts again, so a long-running process does not grow without bound. */
const CACHE_LIMIT = 2000;

export interface OffsetSegment {
  start: number;
  end: number;
  /** Local wall-clock time minus UTC, in milliseconds. */
  offsetMs: number;
}

const zones = new Map<string, IANAZone>();
function zoneOf(name: string): IANAZone {
  let zone = zones.get(name);
  if (!zone) {
    zone = IANAZone.create(name);
    zones.set(name, zone);
  }
  return zone;
}

const validity = new Map<string, boolean>();

/** Whether a name is a zone of the IANA database that this runtime knows (Luxon's check builds a formatter: kept). */
export function isKnownZone(name: string): boolean {
  let valid = validity.get(name);
  if (valid === undefined) {
    valid = IANAZone.isValidZone(name);
    if (validity.size >= CACHE_LIMIT) validity.clear();
    validity.set(name, valid);
  }
  return valid;
}

const offsetMsAt = (zone: IANAZone, at: number) => zone.offset(at) * MINUTE_MS;

/** The first instant in (before, after] whose offset differs from the one at `before`. */
function changeBetween(zone: IANAZone, before: number, after: number): number {
  const offsetBefore = offsetMsAt(zone, before);
  let low = before;
  let high = after;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetMsAt(zone, middle) === offsetBefore) low = middle;
    else high = middle;
  }
  return high;
}

const yearStart = (year: number) => Date.UTC(year, 0, 1);
const segmentsByZoneYear = new Map<string, OffsetSegment[]>();

function segmentsOfYear(name: string, year: number): OffsetSegment[] {
  const key = `${name}|${year}`;
  const cached = segmentsByZoneYear.get(key);
  if (cached) return cached;
  const zone = zoneOf(name);
  const end = yearStart(year + 1);
  const segments: OffsetSegment[] = [];
  let start = yearStart(year);
  let offsetMs = offsetMsAt(zone, start);
  for (let probe = start + SCAN_STEP_MS; probe < end + SCAN_STEP_MS; probe += SCAN_STEP_MS) {
    const at = Math.min(probe, end);
    if (offsetMsAt(zone, at) === offsetMs) continue;
    const change = changeBetween(zone, at - SCAN_STEP_MS, at);
    segments.push({ start, end: change, offsetMs });
    start = change;
    offsetMs = offsetMsAt(zone, change);
  }
  segments.push({ start, end, offsetMs });
  if (segmentsByZoneYear.size >= CACHE_LIMIT) segmentsByZoneYear.clear();
  segmentsByZoneYear.set(key, segments);
  return segments;
}

/** The zone's offset segments covering [from, to), the first and last cut to it. */
export function offsetSegments(name: string, from: number, to: number): OffsetSegment[] {
  const segments: OffsetSegment[] = [];
  const lastYear = new Date(to).getUTCFullYear();
  for (let year = new Date(from).getUTCFullYear(); year <= lastYear; year += 1) {
    for (const segment of segmentsOfYear(name, year)) {
      if (segment.end <= from || segment.start >= to) continue;
      const cut = { start: Math.max(segment.start, from), end: Math.min(segment.end, to), offsetMs: segment.offsetMs };
      const previous = segments.at(-1);
      // A year's boundary is not a clock change: the segments on either side of it are one.
      if (previous && previous.end === cut.start && previous.offsetMs === cut.offsetMs) previous.end = cut.end;
      else segments.push(cut);
    }
  }
  return segments;
}

/** The zone's offset at an instant, in milliseconds. */
export function offsetAt(name: string, at: number): number {
  return segmentsOfYear(name, new Date(at).getUTCFullYear()).find((segment) => segment.end > at)?.offsetMs ?? 0;
}
