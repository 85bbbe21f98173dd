import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { CONTACTS_PAGE } from '@shared/schemas/contact.schema';
import type { useKeysetPaging } from './useKeysetPaging';

/** Page sizes a server-paged list offers, around the API's default page. */
export const KEYSET_PAGE_SIZES = [25, CONTACTS_PAGE.defaultLimit, 100];

type KeysetDataGridProps<R extends GridValidRowModel> = Omit<
  DataGridProps<R>,
  'paginationMode' | 'rowCount' | 'paginationModel' | 'onPaginationModelChange' | 'pageSizeOptions' | 'loading'
> & {
  paging: Pick<ReturnType<typeof useKeysetPaging>, 'pagination' | 'turnPage'>;
  /** How many rows match, across every page; unknown while the first page loads. */
  total: number | undefined;
  /** The list's first load (later pages keep the rows on screen while the next arrives). */
  loading: boolean;
  /** What an empty list says. */
  emptyText: string;
};

/** A data grid over a keyset-paged API list: server paging, the list's total, its empty text. */
export function KeysetDataGrid<R extends GridValidRowModel>({
  paging,
  total,
  loading,
  emptyText,
  ...grid
}: KeysetDataGridProps<R>) {
  return (
    <DataGrid
      paginationMode="server"
      rowCount={total ?? 0}
      paginationModel={paging.pagination}
      onPaginationModelChange={paging.turnPage}
      pageSizeOptions={KEYSET_PAGE_SIZES}
      loading={loading}
      disableRowSelectionOnClick
      disableColumnMenu
      autoHeight
      localeText={{ noRowsLabel: emptyText }}
      {...grid}
    />
  );
}
