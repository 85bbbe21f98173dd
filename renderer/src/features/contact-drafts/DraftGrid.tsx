import { useMemo } from 'react';
import type { ContactDraft, ContactDraftRow } from '@shared/api/contact-drafts.types';
import {
  DataGrid,
  GridActionsCellItem,
  GridEditInputCell,
  type GridColDef,
  type GridRenderEditCellParams,
} from '@mui/x-data-grid';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/Delete';
import { metadataText, type RowEdit } from './draftRows';

interface GridRow {
  key: string;
  phoneNumber: string;
  metadata: string;
  change: ContactDraftRow['change'];
  problem: ContactDraftRow['problem'];
}

const CHANGE_LABELS: Record<ContactDraftRow['change'], string | null> = {
  none: null,
  create: 'New',
  update: 'Edited',
  delete: 'Deleted',
};

function ChangeCell({ row }: { row: GridRow }) {
  if (row.problem) {
    const conflict = row.problem.kind === 'conflict';
    return (
      <Tooltip title={row.problem.message}>
        <Chip size="small" color={conflict ? 'warning' : 'error'} label={conflict ? 'Conflict' : 'Invalid'} />
      </Tooltip>
    );
  }
  const label = CHANGE_LABELS[row.change];
  return label ? <Chip size="small" variant="outlined" label={label} /> : null;
}

interface DraftGridProps {
  draft: ContactDraft;
  /** False while a sync waits for its answer: the rows it sent must stay as they were sent. */
  editable: boolean;
  onEdit: (key: string, edit: RowEdit) => Promise<void>;
  onDelete: (key: string) => void;
  /** Turns the metadata cell's text into metadata, or throws with the reason. */
  readMetadata: (text: string) => RowEdit['metadata'];
  onEditRefused: (error: unknown) => void;
}

/** The grid's own edit input, named for assistive technology after the row it edits. */
function labelledEditCell(label: string) {
  return function LabelledEditCell(params: GridRenderEditCellParams<GridRow, string>) {
    return <GridEditInputCell {...params} inputProps={{ 'aria-label': `${label} of row ${params.row.phoneNumber}` }} />;
  };
}

/** The draft's rows on a grid: number and metadata edited in place, each change written before the grid moves on. */
export function DraftGrid({ draft, editable, onEdit, onDelete, readMetadata, onEditRefused }: DraftGridProps) {
  const rows = useMemo<GridRow[]>(
    () =>
      draft.rows.map((row) => ({
        key: row.key,
        phoneNumber: row.phoneNumber,
        metadata: metadataText(row.metadata),
        change: row.change,
        problem: row.problem,
      })),
    [draft.rows],
  );

  const columns = useMemo<GridColDef<GridRow>[]>(
    () => [
      {
        field: 'phoneNumber',
        headerName: 'Phone Number',
        width: 200,
        editable: true,
        sortable: false,
        renderEditCell: labelledEditCell('Phone Number'),
      },
      {
        field: 'metadata',
        headerName: 'Metadata (key=value; …)',
        flex: 1,
        minWidth: 240,
        editable: true,
        sortable: false,
        renderEditCell: labelledEditCell('Metadata'),
      },
      {
        field: 'change',
        headerName: 'Change',
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <ChangeCell row={row} />,
      },
      {
        field: 'problem',
        headerName: 'Sync result',
        flex: 1,
        minWidth: 200,
        sortable: false,
        valueGetter: (_value, row) => row.problem?.message ?? '',
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 80,
        getActions: ({ row }) =>
          editable && row.change !== 'delete'
            ? [
                <GridActionsCellItem
                  key="delete"
                  icon={<DeleteIcon />}
                  label={`Delete row ${row.phoneNumber || 'without a number'}`}
                  onClick={() => onDelete(row.key)}
                />,
              ]
            : [],
      },
    ],
    [editable, onDelete],
  );

  return (
    <DataGrid
      rows={rows}
      columns={columns}
      getRowId={(row) => row.key}
      autoHeight
      disableRowSelectionOnClick
      pageSizeOptions={[25, 50, 100]}
      initialState={{ pagination: { paginationModel: { pageSize: 50, page: 0 } } }}
      isCellEditable={({ row }) => editable && row.change !== 'delete'}
      getRowClassName={({ row }) => (row.change === 'delete' ? 'draft-row-deleted' : '')}
      sx={{ '& .draft-row-deleted': { textDecoration: 'line-through', color: 'text.secondary' } }}
      processRowUpdate={async (next, previous) => {
        const edit: RowEdit = {};
        if (next.phoneNumber !== previous.phoneNumber) edit.phoneNumber = next.phoneNumber;
        if (next.metadata !== previous.metadata) edit.metadata = readMetadata(next.metadata);
        if (edit.phoneNumber === undefined && edit.metadata === undefined) return previous;
        await onEdit(next.key, edit);
        return next;
      }}
      onProcessRowUpdateError={onEditRefused}
    />
  );
}
