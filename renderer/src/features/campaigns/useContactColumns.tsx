import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import type { OutboundContact } from '@shared/api/contacts.types';
import { formatDate } from '@shared/domain/format';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import { consentCell, SKIP_REASON_TEXT } from './consentDisplay';
import { contactZoneText } from './contactMetadata';
import { MetadataCell } from './MetadataCell';
import { StatusChip } from './StatusChip';

interface ContactRowActions {
  canManage: boolean;
  onAttempts: (contact: OutboundContact) => void;
  onEdit: (contact: OutboundContact) => void;
  onDelete: (contact: OutboundContact) => Promise<void>;
}

/**
 * The contacts grid's columns (kept while the handlers are the same): a status says why a contact is not being called,
 * the consent its scope and source; a row's edit and delete actions only for those who manage the campaign.
 */
export function useContactColumns({ canManage, onAttempts, onEdit, onDelete }: ContactRowActions) {
  return useMemo<GridColDef<OutboundContact>[]>(
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
        width: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
            <StatusChip status={row.status} />
            {row.skipReason && (
              <Typography variant="caption" color="text.secondary" component="p" data-testid="skip-reason">
                {SKIP_REASON_TEXT[row.skipReason]}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'consent',
        headerName: 'Consent',
        width: 120,
        sortable: false,
        renderCell: ({ row }) => {
          const { scope, source } = consentCell(row.consent);
          return (
            <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
              <Typography variant="body2">{scope}</Typography>
              <Typography variant="caption" color="text.secondary">
                {source}
              </Typography>
            </Box>
          );
        },
      },
      {
        field: 'metadata',
        headerName: 'Metadata',
        flex: 1.5,
        minWidth: 200,
        sortable: false,
        renderCell: ({ row }) => <MetadataCell metadata={row.metadata} />,
      },
      {
        field: 'timezones',
        headerName: 'Time Zone',
        width: 190,
        sortable: false,
        renderCell: ({ row }) => {
          const { zone, source, title } = contactZoneText(row);
          return (
            <Box title={title} sx={{ lineHeight: 1.3, py: 0.5 }}>
              <Typography variant="body2">{zone}</Typography>
              <Typography variant="caption" color="text.secondary">
                {source}
              </Typography>
            </Box>
          );
        },
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
            onClick={() => onAttempts(row)}
          />,
          ...(canManage
            ? [
                <GridActionsCellItem
                  key="edit"
                  icon={<EditIcon />}
                  label={`Edit ${row.phoneNumber}`}
                  onClick={() => onEdit(row)}
                />,
                <GridActionsCellItem
                  key="delete"
                  icon={<DeleteIcon />}
                  label={`Delete ${row.phoneNumber}`}
                  onClick={() => void onDelete(row)}
                />,
              ]
            : []),
        ],
      },
    ],
    [canManage, onAttempts, onEdit, onDelete],
  );
}
