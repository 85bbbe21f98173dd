import { useEffect, useState } from 'react';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { CONTACTS_PAGE, type ContactStatus } from '@shared/schemas/contact.schema';
import { useGetContactsQuery } from './contactsApi';

/**
 * A campaign's contacts, one keyset page at a time: the filters, the page on screen, and the cursor each page starts
 * after (learnt from the page before it, so the pager moves one page at a time). A new filter starts over at page one.
 */
export function useContactsPage(campaignId: string) {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: CONTACTS_PAGE.defaultLimit });
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [status, setStatus] = useState<ContactStatus | ''>('');
  const [search, setSearch] = useState('');

  const searchDigits = search.replace(/[^\d+]/g, '');
  // Refreshed by the dialer's live events (campaign.progress) as it works through the list.
  const page = useGetContactsQuery({
    campaignId,
    limit: pagination.pageSize,
    after: cursors[pagination.page],
    status: status || undefined,
    search: searchDigits || undefined,
  });
  const nextCursor = page.isFetching ? undefined : page.data?.nextCursor;
  useEffect(() => {
    if (nextCursor === undefined) return;
    setCursors((known) => {
      const kept = known.slice(0, pagination.page + 1);
      const wanted = nextCursor ? [...kept, nextCursor] : kept;
      return wanted.length === known.length && wanted.every((cursor, at) => cursor === known[at]) ? known : wanted;
    });
  }, [nextCursor, pagination.page]);

  const restart = () => {
    setCursors([undefined]);
    setPagination((current) => ({ ...current, page: 0 }));
  };

  return {
    page,
    pagination,
    status,
    search,
    filterByStatus: (next: ContactStatus | '') => {
      setStatus(next);
      restart();
    },
    searchFor: (next: string) => {
      setSearch(next);
      restart();
    },
    /** A new page size starts over; a page is reachable once the cursor it starts after is known. */
    turnPage: (next: GridPaginationModel) => {
      if (next.pageSize !== pagination.pageSize) {
        setCursors([undefined]);
        setPagination({ page: 0, pageSize: next.pageSize });
      } else if (next.page < cursors.length) {
        setPagination(next);
      }
    },
  };
}
