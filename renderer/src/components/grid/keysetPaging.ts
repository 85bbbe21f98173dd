import type { GridPaginationModel } from '@mui/x-data-grid';

/**
 * The cursors a keyset-paged grid knows: entry n is the cursor page n starts after (none for page one). A fetched page
 * teaches the cursor of the page after it; pages beyond it are forgotten, since they may have moved.
 */
export function withNextCursor(
  known: ReadonlyArray<string | undefined>,
  page: number,
  nextCursor: string | null,
): ReadonlyArray<string | undefined> {
  const kept = known.slice(0, page + 1);
  const wanted = nextCursor ? [...kept, nextCursor] : kept;
  return wanted.length === known.length && wanted.every((cursor, at) => cursor === known[at]) ? known : wanted;
}

/**
 * Where the pager may go: a new page size starts over at page one; a page is reachable once the cursor it starts after
 * is known (so the pager moves one page at a time); null when the move is refused.
 */
export function turnedPage(
  current: GridPaginationModel,
  next: GridPaginationModel,
  knownCursors: number,
): { pagination: GridPaginationModel; restart: boolean } | null {
  if (next.pageSize !== current.pageSize) return { pagination: { page: 0, pageSize: next.pageSize }, restart: true };
  if (next.page < knownCursors) return { pagination: next, restart: false };
  return null;
}
