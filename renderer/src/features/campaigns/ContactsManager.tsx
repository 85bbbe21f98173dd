import { useState } from 'react';
import type { OutboundContact } from '@shared/api/contacts.types';
import { CONTACTS_PAGE } from '@shared/schemas/contact.schema';
import { DataGrid, type GridRowSelectionModel } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { BatchCallDialog } from './BatchCallDialog';
import { ContactAttempts } from './ContactAttempts';
import { ContactFormDialog } from './ContactFormDialog';
import { ContactsToolbar } from './ContactsToolbar';
import { ImportContactsDialog } from './ImportContactsDialog';
import { failureMessage } from './requestFailure';
import { useContactActions } from './useContactActions';
import { useContactColumns } from './useContactColumns';
import { useContactsPage } from './useContactsPage';

const PAGE_SIZES = [25, CONTACTS_PAGE.defaultLimit, 100];
const NO_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

interface ContactsManagerProps {
  campaignId: string;
  campaignName: string;
  canManage: boolean;
}

/**
 * The outbound contacts manager (spec 000 §2): the campaign's contacts on a server-paged grid (keyset pages, so the
 * pager moves one page at a time), a status filter with the campaign's totals, search by number, add, edit, delete,
 * CSV import and export, the consent ledger of the campaign or of one contact, and each contact's call attempts.
 */
export function ContactsManager({ campaignId, campaignName, canManage }: ContactsManagerProps) {
  const contacts = useContactsPage(campaignId);
  const { remove, exportCsv, exporting, downloadLedger } = useContactActions(campaignId, campaignName);
  const [editing, setEditing] = useState<OutboundContact | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [attemptsOf, setAttemptsOf] = useState<OutboundContact | null>(null);
  const [selection, setSelection] = useState<GridRowSelectionModel>(NO_SELECTION);
  const [batchCalling, setBatchCalling] = useState(false);
  const columns = useContactColumns({
    canManage,
    onAttempts: setAttemptsOf,
    onEdit: setEditing,
    onDelete: remove,
  });

  if (attemptsOf) {
    return (
      <ContactAttempts
        contact={attemptsOf}
        onConsentLedger={() => void downloadLedger(attemptsOf)}
        onBack={() => setAttemptsOf(null)}
      />
    );
  }

  const { page } = contacts;
  // Selecting every row of the grid selects the rows of the page on screen (the grid knows no others).
  const selectedIds = (page.data?.contacts ?? [])
    .map((contact) => contact.id)
    .filter((id) => (selection.type === 'include' ? selection.ids.has(id) : !selection.ids.has(id)));
  return (
    <Box>
      <ContactsToolbar
        campaignId={campaignId}
        canManage={canManage}
        status={contacts.status}
        search={contacts.search}
        totals={page.data?.totals}
        selectedCount={selectedIds.length}
        exporting={exporting}
        onStatus={contacts.filterByStatus}
        onSearch={contacts.searchFor}
        onAdd={() => setEditing('new')}
        onImport={() => setImporting(true)}
        onCallSelected={() => setBatchCalling(true)}
        onExport={() => void exportCsv()}
        onConsentLedger={() => void downloadLedger()}
      />

      {page.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          Failed to fetch contacts: {failureMessage(page.error)}
        </Alert>
      ) : null}

      <DataGrid
        aria-label="Contacts"
        rows={page.data?.contacts ?? []}
        columns={columns}
        loading={page.isFetching && !page.data}
        paginationMode="server"
        rowCount={page.data?.matching ?? 0}
        paginationModel={contacts.pagination}
        onPaginationModelChange={contacts.turnPage}
        pageSizeOptions={PAGE_SIZES}
        checkboxSelection={canManage}
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
        disableRowSelectionOnClick
        disableColumnMenu
        autoHeight
        localeText={{ noRowsLabel: 'No contacts yet' }}
        sx={{ bgcolor: 'background.paper' }}
      />

      <ContactFormDialog
        open={editing !== null}
        campaignId={campaignId}
        contact={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <ImportContactsDialog open={importing} campaignId={campaignId} onClose={() => setImporting(false)} />
      <BatchCallDialog
        open={batchCalling}
        campaignId={campaignId}
        contactIds={selectedIds}
        onClose={() => setBatchCalling(false)}
        onSent={() => {
          setBatchCalling(false);
          setSelection(NO_SELECTION);
        }}
      />
    </Box>
  );
}
