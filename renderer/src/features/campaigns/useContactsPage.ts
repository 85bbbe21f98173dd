import { useState } from 'react';
import { CONTACTS_PAGE, type ContactStatus } from '@shared/schemas/contact.schema';
import { useKeysetPaging, useNextCursor } from '../../components/grid/useKeysetPaging';
import { useGetContactsQuery } from './contactsApi';

/** A campaign's contacts, one keyset page at a time, with their filters: a new filter starts over at page one. */
export function useContactsPage(campaignId: string) {
  const paging = useKeysetPaging(CONTACTS_PAGE.defaultLimit);
  const [status, setStatus] = useState<ContactStatus | ''>('');
  const [search, setSearch] = useState('');

  const searchDigits = search.replace(/[^\d+]/g, '');
  // Refreshed by the dialer's live events (campaign.progress) as it works through the list.
  const page = useGetContactsQuery({
    campaignId,
    limit: paging.pagination.pageSize,
    after: paging.after,
    status: status || undefined,
    search: searchDigits || undefined,
  });
  useNextCursor(paging, page);

  return {
    page,
    pagination: paging.pagination,
    status,
    search,
    filterByStatus: (next: ContactStatus | '') => {
      setStatus(next);
      paging.restart();
    },
    searchFor: (next: string) => {
      setSearch(next);
      paging.restart();
    },
    turnPage: paging.turnPage,
  };
}
