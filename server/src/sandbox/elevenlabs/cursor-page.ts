import type { Context } from 'koa';
import { pageSizeOf, queryValue, validationFailed } from './elevenlabs.http';

/** What sorts an item in a list: a time (newest first), then its id to break ties. */
export type PageKey = [number, string];

export interface CursorPage<T> {
  items: T[];
  next_cursor: string | null;
  has_more: boolean;
}

const DEFAULT_PAGE_SIZE = 30;
const MAX_PAGE_SIZE = 100;

function decodeCursor(cursor: string): PageKey | null {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(decoded) && typeof decoded[0] === 'number' && typeof decoded[1] === 'string'
      ? [decoded[0], decoded[1]]
      : null;
  } catch {
    return null;
  }
}

/** Newest-first pages with an opaque cursor that stays valid while items are added or removed. */
export function cursorPage<T>(items: T[], key: (item: T) => PageKey, after: PageKey | null, size: number) {
  const sorted = [...items].sort((a, b) => {
    const [ka, ia] = key(a);
    const [kb, ib] = key(b);
    return kb - ka || ib.localeCompare(ia);
  });
  let start = 0;
  if (after) {
    const [ck, cid] = after;
    start = sorted.findIndex((item) => {
      const [k, id] = key(item);
      return k < ck || (k === ck && id < cid);
    });
    if (start === -1) start = sorted.length;
  }
  const slice = sorted.slice(start, start + size);
  const hasMore = start + size < sorted.length;
  const last = slice.at(-1);
  return {
    items: slice,
    next_cursor: hasMore && last ? Buffer.from(JSON.stringify(key(last))).toString('base64url') : null,
    has_more: hasMore,
  } satisfies CursorPage<T>;
}

/** The page the request's `cursor` and `page_size` ask for; null once a 422 has answered an unreadable cursor. */
export function requestedPage<T>(ctx: Context, items: T[], key: (item: T) => PageKey): CursorPage<T> | null {
  const cursor = queryValue(ctx, 'cursor');
  const after = cursor === undefined ? null : decodeCursor(cursor);
  if (cursor !== undefined && after === null) {
    validationFailed(ctx, [{ field: 'cursor', msg: 'Invalid cursor', type: 'value_error' }], 'query');
    return null;
  }
  return cursorPage(items, key, after, pageSizeOf(ctx, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE));
}
