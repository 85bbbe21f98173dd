import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { OutboundContact } from '@shared/api/contacts.types';
import { formatDate } from '@shared/domain/format';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import { CONTACT_STATUSES, CONTACTS_PAGE, type ContactStatus } from '@shared/schemas/contact.schema';
import {
  DataGrid,
  GridActionsCellItem,
  type GridColDef,
  type GridPaginationModel,
  type GridRowSelectionModel,
} from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import EditNoteIcon from '@mui/icons-material/EditNote';
import HistoryIcon from '@mui/icons-material/History';
import PhoneForwardedIcon from '@mui/icons-material/PhoneForwarded';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useToast } from '../../components/toasts/useToast';
import { BatchCallDialog } from './BatchCallDialog';
import { ContactAttempts } from './ContactAttempts';
import { ContactFormDialog } from './ContactFormDialog';
import { metadataSummary } from './contactMetadata';
import { useDeleteContactMutation, useExportContactsMutation, useGetContactsQuery } from './contactsApi';
import { ImportContactsDialog } from './ImportContactsDialog';
import { StatusChip } from './StatusChip';
import { statusLabel } from './statusBadge';
import { failureMessage } from './requestFailure';

const PAGE_SIZES = [25, CONTACTS_PAGE.defaultLimit, 100];

/** Saves a downloaded file the way a link to it would. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function MetadataCell({ metadata }: { metadata: Record<string, string> }) {
  const { shown, more } = metadataSummary(metadata);
  if (shown.length === 0) return <>—</>;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', minWidth: 0, overflow: 'hidden' }}>
      {shown.map((pair) => (
        <Chip key={pair} size="small" variant="outlined" label={pair} sx={{ maxWidth: 160 }} />
      ))}
      {more > 0 && <Chip size="small" label={`+${more} more`} />}
    </Box>
  );
}

interface ContactsManagerProps {
  campaignId: string;
  campaignName: string;
  canManage: boolean;
}

/**
 * The outbound contacts manager (spec 000 §2): the campaign's contacts on a server-paged grid (keyset pages, so the
 * pager moves one page at a time), a status filter with the campaign's totals, search by number, add, edit, delete,
 * CSV import and export, and each contact's call attempts.
 */
export function ContactsManager({ campaignId, campaignName, canManage }: ContactsManagerProps) {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: CONTACTS_PAGE.defaultLimit });
  // The cursor each page starts after, learnt from the page before it.
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [status, setStatus] = useState<ContactStatus | ''>('');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<OutboundContact | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [attemptsOf, setAttemptsOf] = useState<OutboundContact | null>(null);
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const [batchCalling, setBatchCalling] = useState(false);
  const [deleteContact] = useDeleteContactMutation();
  const [exportContacts, { isLoading: exporting }] = useExportContactsMutation();
  const { toast } = useToast();

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

  const remove = useCallback(
    async (contact: OutboundContact) => {
      if (!window.confirm(`Delete the contact ${formatPhoneNumber(contact.phoneNumber)}?`)) return;
      try {
        await deleteContact(contact).unwrap();
        toast({ title: 'Contact deleted successfully' });
      } catch (error) {
        toast({ title: 'Failed to delete contact', description: failureMessage(error), variant: 'destructive' });
      }
    },
    [deleteContact, toast],
  );

  const exportCsv = async () => {
    try {
      const file = await exportContacts(campaignId).unwrap();
      saveFile(file, `${campaignName.replace(/[^\w-]+/g, '-').toLowerCase() || 'campaign'}-contacts.csv`);
    } catch (error) {
      toast({ title: 'Export failed', description: failureMessage(error), variant: 'destructive' });
    }
  };

  const columns = useMemo<GridColDef<OutboundContact>[]>(
    () => [
      {
        field: 'phoneNumber',
        headerName: 'Phone Number',
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueFormatter: (value: string) => formatPhoneNumber(value),
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 130,
        sortable: false,
        renderCell: ({ row }) => <StatusChip status={row.status} />,
      },
      {
        field: 'metadata',
        headerName: 'Metadata',
        flex: 1.5,
        minWidth: 220,
        sortable: false,
        renderCell: ({ row }) => <MetadataCell metadata={row.metadata} />,
      },
      {
        field: 'attemptsMade',
        headerName: 'Retries',
        width: 90,
        sortable: false,
        valueFormatter: (value: number, row) => `${value} / ${row.maxRetries}`,
      },
      {
        field: 'createdAt',
        headerName: 'Created',
        width: 120,
        sortable: false,
        valueFormatter: (value: string) => formatDate(value),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 140,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="attempts"
            icon={<HistoryIcon />}
            label={`View attempts for ${row.phoneNumber}`}
            onClick={() => setAttemptsOf(row)}
          />,
          ...(canManage
            ? [
                <GridActionsCellItem
                  key="edit"
                  icon={<EditIcon />}
                  label={`Edit ${row.phoneNumber}`}
                  onClick={() => setEditing(row)}
                />,
                <GridActionsCellItem
                  key="delete"
                  icon={<DeleteIcon />}
                  label={`Delete ${row.phoneNumber}`}
                  onClick={() => void remove(row)}
                />,
              ]
            : []),
        ],
      },
    ],
    [canManage, remove],
  );

  if (attemptsOf) return <ContactAttempts contact={attemptsOf} onBack={() => setAttemptsOf(null)} />;

  const totals = page.data?.totals;
  // Selecting every row of the grid selects the rows of the page on screen (the grid knows no others).
  const selectedIds = (page.data?.contacts ?? [])
    .map((contact) => contact.id)
    .filter((id) => (selection.type === 'include' ? selection.ids.has(id) : !selection.ids.has(id)));
  return (
    <Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { md: 'center' } }}
      >
        <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as ContactStatus | '');
              restart();
            }}
            sx={{ minWidth: 180 }}
            fullWidth={false}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">All{totals ? ` (${totals.total})` : ''}</MenuItem>
            {CONTACT_STATUSES.map((option) => (
              <MenuItem key={option} value={option}>
                {statusLabel(option)}
                {totals ? ` (${totals[option]})` : ''}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="search"
            label="Search by number"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              restart();
            }}
            slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 20 } }}
            fullWidth={false}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {canManage && (
            <>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                Add Contact
              </Button>
              <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
                Import CSV
              </Button>
              <Button
                variant="outlined"
                startIcon={<PhoneForwardedIcon />}
                onClick={() => setBatchCalling(true)}
                disabled={selectedIds.length === 0}
              >
                Call Selected{selectedIds.length > 0 ? ` (${selectedIds.length})` : ''}
              </Button>
              <Button
                component={RouterLink}
                to={`/campaigns/${encodeURIComponent(campaignId)}/draft`}
                variant="outlined"
                startIcon={<EditNoteIcon />}
              >
                Edit offline
              </Button>
            </>
          )}
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void exportCsv()} loading={exporting}>
            Export CSV
          </Button>
        </Stack>
      </Stack>

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
        paginationModel={pagination}
        onPaginationModelChange={(next) => {
          if (next.pageSize !== pagination.pageSize) {
            setCursors([undefined]);
            setPagination({ page: 0, pageSize: next.pageSize });
          } else if (next.page < cursors.length) {
            setPagination(next);
          }
        }}
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
          setSelection({ type: 'include', ids: new Set() });
        }}
      />
    </Box>
  );
}
