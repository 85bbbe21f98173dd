import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { DoNotCallEntry } from '@shared/api/contacts.types';
import { formatCount } from '@shared/domain/format';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import { CONTACTS_PAGE } from '@shared/schemas/contact.schema';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { serverMessageOr } from '../../components/forms/useSchemaForm';
import { KeysetDataGrid } from '../../components/grid/KeysetDataGrid';
import { useKeysetPaging, useNextCursor } from '../../components/grid/useKeysetPaging';
import { useToast } from '../../components/toasts/useToast';
import { useAppSelector } from '../../core/hooks';
import { saveFile } from '../../core/saveFile';
import { selectCurrentUser } from '../../core/sessionSlice';
import { AddDoNotCallDialog } from './AddDoNotCallDialog';
import { useExportDoNotCallMutation, useGetDoNotCallEntriesQuery, useRemoveDoNotCallEntryMutation } from './api';
import { searchDigits } from './doNotCallDisplay';
import { ImportDoNotCallDialog } from './ImportDoNotCallDialog';
import { useDoNotCallColumns } from './useDoNotCallColumns';

/**
 * Campaigns → Do-not-call: the tenant's list of numbers no campaign may call, on a server-paged grid (keyset pages)
 * with search by number, each entry's source and evidence, CSV export for everyone, and for admins add, CSV import
 * and remove.
 */
export function DoNotCallPage() {
  const canManage = useAppSelector(selectCurrentUser)?.isAdmin ?? false;
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const paging = useKeysetPaging(CONTACTS_PAGE.defaultLimit);
  const [search, setSearch] = useState('');
  const digits = searchDigits(search);
  const page = useGetDoNotCallEntriesQuery({
    limit: paging.pagination.pageSize,
    after: paging.after,
    search: digits || undefined,
  });
  useNextCursor(paging, page);

  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [removing, setRemoving] = useState<DoNotCallEntry | null>(null);
  const [removeEntry, { isLoading: removeBusy }] = useRemoveDoNotCallEntryMutation();
  const [exportList, { isLoading: exporting }] = useExportDoNotCallMutation();
  const { toast } = useToast();
  const columns = useDoNotCallColumns({ canManage, compact, onRemove: useCallback(setRemoving, []) });

  const remove = async (entry: DoNotCallEntry) => {
    try {
      await removeEntry(entry.id).unwrap();
      toast({ title: `${formatPhoneNumber(entry.phoneNumber)} removed from the do-not-call list` });
    } catch (error) {
      toast({ title: 'Failed to remove the number', description: serverMessageOr(error, ''), variant: 'destructive' });
    }
    setRemoving(null);
  };

  const exportCsv = async () => {
    try {
      saveFile(await exportList().unwrap(), 'do-not-call.csv');
    } catch (error) {
      toast({ title: 'Export failed', description: serverMessageOr(error, ''), variant: 'destructive' });
    }
  };

  const actions = (
    <>
      {canManage && (
        <>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            Add Number
          </Button>
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
            Import CSV
          </Button>
        </>
      )}
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void exportCsv()} loading={exporting}>
        Export CSV
      </Button>
    </>
  );

  const total = page.data?.total;
  return (
    <>
      <Button component={RouterLink} to="/campaigns" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        Campaigns
      </Button>
      <PageHeader
        title="Do-not-call List"
        subtitle="Numbers nobody in your account may call from any campaign. Imports skip them and the dialer never dials them."
        actions={actions}
      />
      {!canManage && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Only account admins can add, import or remove numbers. You can search and export the list.
        </Alert>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <TextField
          size="small"
          type="search"
          label="Search by number"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            paging.restart();
          }}
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 20 } }}
          sx={{ width: { sm: 320 } }}
        />
        <Typography
          variant="body2"
          color="text.secondary"
          role="status"
          aria-live="polite"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {total === undefined
            ? ''
            : `${formatCount(total)} ${total === 1 ? 'number' : 'numbers'}${digits ? ' found' : ' listed'}`}
        </Typography>
      </Stack>

      {page.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Failed to load the do-not-call list: {serverMessageOr(page.error, 'please try again.')}
        </Alert>
      )}

      <KeysetDataGrid
        aria-label="Do-not-call numbers"
        rows={page.data?.entries ?? []}
        columns={columns}
        paging={paging}
        total={total}
        loading={page.isFetching && !page.data}
        getRowHeight={() => 'auto'}
        emptyText={digits ? 'No listed number matches the search.' : 'No numbers on the do-not-call list yet.'}
        sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-cell': { py: 1 } }}
      />

      <AddDoNotCallDialog open={adding} onClose={() => setAdding(false)} />
      <ImportDoNotCallDialog open={importing} onClose={() => setImporting(false)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the do-not-call list?"
        message={
          removing
            ? `Campaigns will be able to call ${formatPhoneNumber(removing.phoneNumber)} again. Remove it only when the person has agreed to be called.`
            : ''
        }
        confirmLabel="Remove"
        busy={removeBusy}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
