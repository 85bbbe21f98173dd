import { Link as RouterLink } from 'react-router-dom';
import type { ContactTotals } from '@shared/api/contacts.types';
import { CONTACT_STATUSES, type ContactStatus } from '@shared/schemas/contact.schema';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import EditNoteIcon from '@mui/icons-material/EditNote';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import PhoneForwardedIcon from '@mui/icons-material/PhoneForwarded';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { statusLabel } from './statusBadge';

interface ContactsToolbarProps {
  campaignId: string;
  canManage: boolean;
  status: ContactStatus | '';
  search: string;
  totals: ContactTotals | undefined;
  selectedCount: number;
  exporting: boolean;
  onStatus: (status: ContactStatus | '') => void;
  onSearch: (search: string) => void;
  onAdd: () => void;
  onImport: () => void;
  onCallSelected: () => void;
  onExport: () => void;
  onConsentLedger: () => void;
}

/** Above the contacts grid: the status filter with the campaign's totals, search by number, and the list's actions. */
export function ContactsToolbar(props: ContactsToolbarProps) {
  const { campaignId, canManage, status, search, totals, selectedCount, exporting } = props;
  return (
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
          onChange={(event) => props.onStatus(event.target.value as ContactStatus | '')}
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
          onChange={(event) => props.onSearch(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 20 } }}
          fullWidth={false}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {canManage && (
          <>
            <Button variant="contained" startIcon={<AddIcon />} onClick={props.onAdd}>
              Add Contact
            </Button>
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={props.onImport}>
              Import CSV
            </Button>
            <Button
              variant="outlined"
              startIcon={<PhoneForwardedIcon />}
              onClick={props.onCallSelected}
              disabled={selectedCount === 0}
            >
              Call Selected{selectedCount > 0 ? ` (${selectedCount})` : ''}
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
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={props.onExport} loading={exporting}>
          Export CSV
        </Button>
        <Button variant="outlined" startIcon={<FactCheckIcon />} onClick={props.onConsentLedger}>
          Consent Ledger
        </Button>
      </Stack>
    </Stack>
  );
}
