import pg from 'pg';

/** PostgreSQL's type id of `timestamp with time zone`, the type of every time column. */
const TIMESTAMPTZ = 1184;

/**
 * The API's ISO form of a `timestamptz` in PostgreSQL's text output (DateStyle ISO), read straight from the text
 * when the session's zone is UTC: `2026-11-30 05:50:12.5+00` is `2026-11-30T05:50:12.500Z`, microseconds cut to
 * milliseconds as a Date would. pg's own reader parses every value into a Date with a regular expression, and the
 * stores then turn it back into this string: on a page of contacts the two were a fifth of the request's time.
 * Any other zone, era or year goes through pg's reader.
 */
export function postgresTimestampToIso(text: string): string {
  const length = text.length;
  const utc =
    length >= 22 &&
    length <= 29 &&
    text.charCodeAt(4) === 45 && // "-"
    text.charCodeAt(10) === 32 && // " "
    text.endsWith('+00') &&
    (length === 22 || text.charCodeAt(19) === 46); // no fraction, or a "." before it
  if (!utc) return (pg.types.getTypeParser(TIMESTAMPTZ, 'text')(text) as Date).toISOString();
  const milliseconds = length === 22 ? '000' : `${text.slice(20, length - 3)}00`.slice(0, 3);
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${milliseconds}Z`;
}

/** The type readers of our PostgreSQL connections: pg's own, with time columns read as ISO strings, as SQLite gives them. */
export const postgresTypes = {
  getTypeParser: (oid: number, format: string): unknown => {
    const textual = format !== 'binary';
    if (oid === TIMESTAMPTZ && textual) return postgresTimestampToIso;
    return textual ? pg.types.getTypeParser(oid, 'text') : pg.types.getTypeParser(oid, 'binary');
  },
};
