import { useCallback, useEffect, useState } from 'react';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { turnedPage, withNextCursor } from './keysetPaging';

/**
 * A server-paged grid over a keyset-paged list: the page on screen, the cursor it starts after, and a restart at page
 * one (for a new filter). The next page's cursor is learnt from the page on screen with `useNextCursor`.
 */
export function useKeysetPaging(defaultPageSize: number) {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: defaultPageSize });
  const [cursors, setCursors] = useState<ReadonlyArray<string | undefined>>([undefined]);
  const shownPage = pagination.page;

  return {
    pagination,
    after: cursors[shownPage],
    restart: () => {
      setCursors([undefined]);
      setPagination((current) => ({ ...current, page: 0 }));
    },
    turnPage: (next: GridPaginationModel) => {
      const turned = turnedPage(pagination, next, cursors.length);
      if (!turned) return;
      if (turned.restart) setCursors([undefined]);
      setPagination(turned.pagination);
    },
    learnNextCursor: useCallback(
      (nextCursor: string | null) => setCursors((known) => withNextCursor(known, shownPage, nextCursor)),
      [shownPage],
    ),
  };
}

/** Teaches the paging the cursor of the page after the one on screen, once that page has arrived. */
export function useNextCursor(
  paging: Pick<ReturnType<typeof useKeysetPaging>, 'learnNextCursor'>,
  page: { isFetching: boolean; data?: { nextCursor: string | null } },
): void {
  const nextCursor = page.isFetching ? undefined : page.data?.nextCursor;
  const { learnNextCursor } = paging;
  useEffect(() => {
    if (nextCursor !== undefined) learnNextCursor(nextCursor);
  }, [nextCursor, learnNextCursor]);
}
