import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import type { DoNotCallEntry } from '@shared/api/contacts.types';
import { formatDate } from '@shared/domain/format';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import { SOURCE_LABELS } from './doNotCallDisplay';

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * How the entry came onto the list and what backs it: who added it, its reason, and for an opt-out the call it was
 * heard in.
 */
function EvidenceCell({ entry, showDate }: { entry: DoNotCallEntry; showDate: boolean }) {
  return (
    <Box sx={{ minWidth: 0, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {SOURCE_LABELS[entry.source]}
        {showDate ? ` · ${formatDate(entry.createdAt)}` : ''}
      </Typography>
      {entry.addedBy && (
        <Typography variant="body2" color="text.secondary">
          by {entry.addedBy}
        </Typography>
      )}
      {entry.reason && (
        <Typography variant="body2" color="text.secondary">
          {entry.reason}
        </Typography>
      )}
      {entry.source === 'call' &&
        (entry.callId ? (
          <Link component={RouterLink} to={`/calls/${encodeURIComponent(entry.callId)}`} variant="body2">
            View the call
          </Link>
        ) : (
          <Typography variant="body2" color="text.secondary">
            The call was not recorded.
          </Typography>
        ))}
    </Box>
  );
}

interface DoNotCallColumnsOptions {
  canManage: boolean;
  /** A phone-sized screen: the date moves into the evidence column, so that nothing scrolls sideways. */
  compact: boolean;
  onRemove: (entry: DoNotCallEntry) => void;
}

/** The do-not-call grid's columns; the remove action only for those who may change the list. */
export function useDoNotCallColumns({ canManage, compact, onRemove }: DoNotCallColumnsOptions) {
  return useMemo<GridColDef<DoNotCallEntry>[]>(
    () => [
      {
        field: 'phoneNumber',
        headerName: 'Phone Number',
        flex: 1,
        minWidth: compact ? 130 : 170,
        sortable: false,
        valueFormatter: (value: string) => formatPhoneNumber(value),
      },
      {
        field: 'source',
        headerName: 'Source and evidence',
        flex: 2,
        minWidth: compact ? 140 : 220,
        sortable: false,
        renderCell: ({ row }) => <EvidenceCell entry={row} showDate={compact} />,
      },
      ...(compact
        ? []
        : [
            {
              field: 'createdAt',
              headerName: 'Added',
              width: 130,
              sortable: false,
              valueFormatter: (value: string) => formatDate(value),
            } satisfies GridColDef<DoNotCallEntry>,
          ]),
      ...(canManage
        ? [
            {
              field: 'actions',
              type: 'actions',
              headerName: 'Remove',
              width: compact ? 56 : 80,
              // On a phone the column is as wide as its button; the header's name is left to screen readers.
              ...(compact && {
                renderHeader: () => (
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    Remove
                  </Box>
                ),
              }),
              getActions: ({ row }) => [
                <GridActionsCellItem
                  key="remove"
                  icon={<DeleteIcon />}
                  label={`Remove ${formatPhoneNumber(row.phoneNumber)}`}
                  onClick={() => onRemove(row)}
                />,
              ],
            } satisfies GridColDef<DoNotCallEntry>,
          ]
        : []),
    ],
    [canManage, compact, onRemove],
  );
}
