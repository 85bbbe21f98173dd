import { useMemo, useState } from 'react';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { CALLBACK_STATUSES, type Callback, type CallbackStatus } from '@shared/api/callbacks.types';
import { formatCount, formatDateTime } from '@shared/domain/format';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import { CONTACTS_PAGE } from '@shared/schemas/contact.schema';
import type { CallbackAction } from '@shared/schemas/callback.schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import BlockIcon from '@mui/icons-material/Block';
import PhoneForwardedIcon from '@mui/icons-material/PhoneForwarded';
import GroupIcon from '@mui/icons-material/Group';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { PageHeader } from '../../components/PageHeader';
import { serverMessageOr } from '../../components/forms/useSchemaForm';
import { KeysetDataGrid } from '../../components/grid/KeysetDataGrid';
import { useKeysetPaging, useNextCursor } from '../../components/grid/useKeysetPaging';
import { useToast } from '../../components/toasts/useToast';
import { useAppSelector } from '../../core/hooks';
import { selectCurrentUser } from '../../core/sessionSlice';
import { AssignCallbackDialog } from './AssignCallbackDialog';
import { useGetCallbacksQuery, useUpdateCallbackMutation } from './callbacksApi';

const STATUS_LABELS: Record<CallbackStatus, string> = {
  open: 'Open',
  assigned: 'Assigned',
  done: 'Done',
  dialled: 'Dialled',
  cancelled: 'Cancelled',
};

/** The campaign badges' readable pairs: filled primary for work in hand, grey for waiting, outlined when over. */
const STATUS_CHIPS: Record<CallbackStatus, { color: 'primary' | 'default' | 'error'; variant: 'filled' | 'outlined' }> =
  {
    open: { color: 'default', variant: 'filled' },
    assigned: { color: 'primary', variant: 'filled' },
    dialled: { color: 'primary', variant: 'outlined' },
    done: { color: 'default', variant: 'outlined' },
    cancelled: { color: 'default', variant: 'outlined' },
  };

const ACTION_WORDS: Record<CallbackAction, string> = {
  assign: 'taken',
  done: 'marked done',
  cancel: 'cancelled',
  dial: 'sent to its campaign to dial now',
};

/** Who to call: the contact's name from its metadata, and the number. */
function ContactCell({ callback }: { callback: Callback }) {
  return (
    <Box sx={{ minWidth: 0, whiteSpace: 'normal' }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {callback.contactName ?? formatPhoneNumber(callback.phoneNumber)}
      </Typography>
      {callback.contactName && (
        <Typography variant="body2" color="text.secondary">
          {formatPhoneNumber(callback.phoneNumber)}
        </Typography>
      )}
      {!callback.contactId && (
        <Typography variant="caption" color="text.secondary">
          Inbound caller: a colleague calls back
        </Typography>
      )}
    </Box>
  );
}

/** Why: whom the caller was to reach, why it failed, and the call's summary. */
function ReasonCell({ callback }: { callback: Callback }) {
  return (
    <Box sx={{ minWidth: 0, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {callback.reason === 'outside_hours' ? 'Outside the hours of' : 'No answer from'}{' '}
        {callback.targetName ?? formatPhoneNumber(callback.targetNumber ?? '')}
      </Typography>
      {callback.summary && (
        <Typography variant="body2" color="text.secondary">
          {callback.summary}
        </Typography>
      )}
    </Box>
  );
}

/** What the signed-in member may do with a callback row: take it, mark it done, and (admins) dial, assign, cancel. */
function callbackActions(
  row: Callback,
  can: {
    meId: string | undefined;
    isAdmin: boolean;
    act: (callback: Callback, action: CallbackAction) => Promise<void>;
    assign: (callback: Callback) => void;
  },
) {
  const { isAdmin, act } = can;
  const who = row.contactName ?? formatPhoneNumber(row.phoneNumber);
  const mine = row.assignee?.id === can.meId;
  const actions = [];
  if (row.status === 'open') {
    actions.push(
      <GridActionsCellItem
        key="assign"
        icon={<AssignmentIndIcon />}
        label={`Take the callback to ${who}`}
        onClick={() => void act(row, 'assign')}
      />,
    );
  }
  if ((row.status === 'open' || row.status === 'assigned' || row.status === 'dialled') && (mine || isAdmin)) {
    actions.push(
      <GridActionsCellItem
        key="done"
        icon={<CheckCircleIcon />}
        label={`Mark the callback to ${who} done`}
        onClick={() => void act(row, 'done')}
      />,
    );
  }
  if ((row.status === 'open' || row.status === 'assigned') && isAdmin && row.contactId) {
    actions.push(
      <GridActionsCellItem
        key="dial"
        icon={<PhoneForwardedIcon />}
        label={`Have the campaign call ${who} now`}
        onClick={() => void act(row, 'dial')}
        showInMenu
      />,
    );
  }
  if ((row.status === 'open' || row.status === 'assigned') && isAdmin) {
    actions.push(
      <GridActionsCellItem
        key="give"
        icon={<GroupIcon />}
        label={`Assign the callback to ${who} to a member`}
        onClick={() => can.assign(row)}
        showInMenu
      />,
    );
    actions.push(
      <GridActionsCellItem
        key="cancel"
        icon={<BlockIcon />}
        label={`Cancel the callback to ${who}`}
        onClick={() => void act(row, 'cancel')}
        showInMenu
      />,
    );
  }
  return actions;
}

/**
 * Callbacks (issue 23): what missed warm transfers left, on a server-paged grid filtered by status. Any member takes
 * an open one and marks their own done; admins also cancel. One nobody takes is dialled by its campaign at its time.
 */
export function CallbacksPage() {
  const me = useAppSelector(selectCurrentUser);
  const isAdmin = me?.isAdmin ?? false;
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const paging = useKeysetPaging(CONTACTS_PAGE.defaultLimit);
  const [status, setStatus] = useState<CallbackStatus | ''>('');
  const page = useGetCallbacksQuery({
    limit: paging.pagination.pageSize,
    after: paging.after,
    status: status || undefined,
  });
  useNextCursor(paging, page);
  const [updateCallback, { isLoading: updating }] = useUpdateCallbackMutation();
  const [assigning, setAssigning] = useState<Callback | null>(null);
  const { toast } = useToast();

  const act = async (callback: Callback, action: CallbackAction, assigneeId?: string) => {
    try {
      await updateCallback({ id: callback.id, changes: { action, ...(assigneeId ? { assigneeId } : {}) } }).unwrap();
      toast({ title: `Callback ${assigneeId ? 'assigned' : ACTION_WORDS[action]}` });
    } catch (error) {
      toast({ title: 'The callback was not changed', description: serverMessageOr(error, ''), variant: 'destructive' });
    }
  };

  const columns = useMemo<GridColDef<Callback>[]>(
    () => [
      {
        field: 'phoneNumber',
        headerName: 'Contact',
        flex: 1,
        minWidth: compact ? 120 : 170,
        sortable: false,
        renderCell: ({ row }) => <ContactCell callback={row} />,
      },
      {
        field: 'requestedAt',
        headerName: 'Call back at',
        width: compact ? 110 : 170,
        sortable: false,
        valueFormatter: (value: string) => formatDateTime(value),
      },
      ...(compact
        ? []
        : [
            {
              field: 'summary',
              headerName: 'Why',
              flex: 2,
              minWidth: 220,
              sortable: false,
              renderCell: ({ row }) => <ReasonCell callback={row} />,
            } satisfies GridColDef<Callback>,
          ]),
      {
        field: 'status',
        headerName: 'Status',
        width: compact ? 100 : 150,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack spacing={0.5} sx={{ py: 0.5 }}>
            <Chip size="small" label={STATUS_LABELS[row.status]} {...STATUS_CHIPS[row.status]} />
            {row.assignee && !compact && (
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {row.assignee.email}
              </Typography>
            )}
          </Stack>
        ),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: compact ? 90 : 130,
        getActions: ({ row }) => callbackActions(row, { meId: me?.id, isAdmin, act, assign: setAssigning }),
      },
    ],
    // `act` changes with every render; what it does does not.
    [compact, isAdmin, me?.id],
  );

  const total = page.data?.total;
  return (
    <>
      <PageHeader
        title="Callbacks"
        subtitle="People the agent could not hand over to a colleague. Take one to call them yourself; a campaign’s contact nobody takes is dialled by its campaign at the time shown, an inbound caller waits for a colleague."
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id="callbacks-status">Status</InputLabel>
          <Select
            labelId="callbacks-status"
            label="Status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as CallbackStatus | '');
              paging.restart();
            }}
          >
            <MenuItem value="">All</MenuItem>
            {CALLBACK_STATUSES.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {STATUS_LABELS[choice]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
          {total === undefined ? '' : `${formatCount(total)} ${total === 1 ? 'callback' : 'callbacks'}`}
        </Typography>
      </Stack>
      {page.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Failed to load the callbacks: {serverMessageOr(page.error, 'please try again.')}
        </Alert>
      )}
      <KeysetDataGrid
        aria-label="Callbacks"
        rows={page.data?.callbacks ?? []}
        columns={columns}
        paging={paging}
        total={total}
        loading={page.isFetching && !page.data}
        getRowHeight={() => 'auto'}
        emptyText="No callbacks. Missed transfers appear here."
        sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-cell': { py: 1 } }}
      />
      {me?.tenantId && isAdmin && (
        <AssignCallbackDialog
          key={assigning?.id ?? 'none'}
          callback={assigning}
          tenantId={me.tenantId}
          busy={updating}
          onAssign={(callback, assigneeId) => {
            void act(callback, 'assign', assigneeId).then(() => setAssigning(null));
          }}
          onClose={() => setAssigning(null)}
        />
      )}
    </>
  );
}
