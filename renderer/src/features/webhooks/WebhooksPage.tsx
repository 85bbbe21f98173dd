import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { WebhookEndpoint } from '@shared/api/webhooks.types';
import { formatDateTime } from '@shared/domain/format';
import { DataGrid, GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import ListAltIcon from '@mui/icons-material/ListAlt';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SendIcon from '@mui/icons-material/Send';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormDialog } from '../../components/forms/FormDialog';
import { serverMessageOr } from '../../components/forms/useSchemaForm';
import { PageHeader } from '../../components/PageHeader';
import { useToast } from '../../components/toasts/useToast';
import { NewKeySecret } from '../api-keys';
import { DeliveryLog } from './DeliveryLog';
import { EndpointForm } from './EndpointForm';
import { endpointStatus, successRate } from './webhookDisplay';
import {
  useDeleteWebhookEndpointMutation,
  useGetWebhookEndpointsQuery,
  useRotateWebhookSecretMutation,
  useSendWebhookTestMutation,
  useUpdateWebhookEndpointMutation,
} from './webhooksApi';

interface EndpointActions {
  showLog: (endpoint: WebhookEndpoint) => void;
  edit: (endpoint: WebhookEndpoint) => void;
  toggle: (endpoint: WebhookEndpoint) => void;
  rotate: (endpoint: WebhookEndpoint) => void;
  test: (endpoint: WebhookEndpoint) => void;
  remove: (endpoint: WebhookEndpoint) => void;
}

function useEndpointColumns(actions: EndpointActions): GridColDef<WebhookEndpoint>[] {
  return useMemo(
    () => [
      { field: 'url', headerName: 'Endpoint', flex: 2, minWidth: 220 },
      {
        field: 'description',
        headerName: 'Description',
        flex: 1,
        minWidth: 120,
        valueFormatter: (value: string | null) => value ?? '',
      },
      {
        field: 'eventTypes',
        headerName: 'Events',
        flex: 1.5,
        minWidth: 160,
        valueFormatter: (value: string[]) => value.join(', '),
      },
      { field: 'status', headerName: 'Status', width: 190, valueGetter: (_value, row) => endpointStatus(row) },
      {
        field: 'last24h',
        headerName: 'Success (24 h)',
        width: 130,
        valueGetter: (_value, row) => successRate(row.last24h),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 140,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="log"
            icon={<ListAltIcon />}
            label={`Deliveries to ${row.url}`}
            onClick={() => actions.showLog(row)}
          />,
          <GridActionsCellItem
            key="test"
            icon={<SendIcon />}
            label={`Send a test event to ${row.url}`}
            disabled={!row.enabled}
            onClick={() => actions.test(row)}
          />,
          <GridActionsCellItem
            key="edit"
            icon={<EditIcon />}
            label="Edit"
            showInMenu
            onClick={() => actions.edit(row)}
          />,
          <GridActionsCellItem
            key="toggle"
            icon={row.enabled ? <PauseIcon /> : <PlayArrowIcon />}
            label={row.enabled ? 'Disable' : 'Enable'}
            showInMenu
            onClick={() => actions.toggle(row)}
          />,
          <GridActionsCellItem
            key="rotate"
            icon={<KeyIcon />}
            label="Rotate secret"
            showInMenu
            onClick={() => actions.rotate(row)}
          />,
          <GridActionsCellItem
            key="delete"
            icon={<DeleteIcon />}
            label="Delete"
            showInMenu
            onClick={() => actions.remove(row)}
          />,
        ],
      },
    ],
    [actions],
  );
}

/**
 * Account → Webhooks: the tenant's endpoints with their state and 24-hour success rate; add, edit, disable, rotate
 * the secret (shown once), send a test event; and a chosen endpoint's delivery log with Redeliver.
 */
export function WebhooksPage() {
  const endpoints = useGetWebhookEndpointsQuery(undefined, { pollingInterval: 10_000 });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const [update] = useUpdateWebhookEndpointMutation();
  const [rotate, { isLoading: rotateBusy }] = useRotateWebhookSecretMutation();
  const [remove, { isLoading: removeBusy }] = useDeleteWebhookEndpointMutation();
  const [sendTest] = useSendWebhookTestMutation();
  const { toast } = useToast();

  const failed = useCallback(
    (title: string) => (error: unknown) =>
      toast({ title, description: serverMessageOr(error, ''), variant: 'destructive' }),
    [toast],
  );

  const actions = useMemo<EndpointActions>(
    () => ({
      showLog: (endpoint) => setLogOf(endpoint.id),
      edit: setEditing,
      toggle: (endpoint) =>
        void update({ id: endpoint.id, changes: { enabled: !endpoint.enabled } })
          .unwrap()
          .then(() => toast({ title: endpoint.enabled ? 'Endpoint disabled' : 'Endpoint enabled' }))
          .catch(failed('Failed to change the endpoint')),
      rotate: setRotating,
      test: (endpoint) =>
        void sendTest(endpoint.id)
          .unwrap()
          .then(() => {
            setLogOf(endpoint.id);
            toast({ title: 'Test event sent', description: 'Its delivery shows in the log below.' });
          })
          .catch(failed('Failed to send the test event')),
      remove: setDeleting,
    }),
    [update, sendTest, toast, failed],
  );
  const columns = useEndpointColumns(actions);
  const list = endpoints.data ?? [];
  const autoDisabled = list.filter((endpoint) => !endpoint.enabled && endpoint.disabledReason !== 'manual');
  const shownLog = list.find((endpoint) => endpoint.id === logOf);

  const confirmRotate = async (endpoint: WebhookEndpoint) => {
    try {
      setSecret((await rotate(endpoint.id).unwrap()).secret);
    } catch (error) {
      failed('Failed to rotate the secret')(error);
    }
    setRotating(null);
  };

  const confirmDelete = async (endpoint: WebhookEndpoint) => {
    try {
      await remove(endpoint.id).unwrap();
      if (logOf === endpoint.id) setLogOf(null);
      toast({ title: 'Endpoint deleted' });
    } catch (error) {
      failed('Failed to delete the endpoint')(error);
    }
    setDeleting(null);
  };

  return (
    <>
      <Button component={RouterLink} to="/account" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        Account
      </Button>
      <PageHeader
        title="Webhooks"
        subtitle="Send call outcomes and account events to your own systems, signed per Standard Webhooks and retried for about 27 hours."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Add Endpoint
          </Button>
        }
      />
      <Stack spacing={3}>
        {autoDisabled.map((endpoint) => (
          <Alert key={endpoint.id} severity="warning">
            {endpoint.url} was disabled on {formatDateTime(endpoint.updatedAt)}:{' '}
            {endpoint.disabledReason === 'gone'
              ? 'it answered 410 Gone.'
              : 'every delivery to it failed for five days.'}{' '}
            Fix the receiver, enable the endpoint again, and redeliver what it missed from its log.
          </Alert>
        ))}
        {endpoints.error && (
          <Alert severity="error">
            Failed to load the endpoints: {serverMessageOr(endpoints.error, 'please try again.')}
          </Alert>
        )}
        <DataGrid
          aria-label="Webhook endpoints"
          rows={list}
          columns={columns}
          loading={endpoints.isLoading}
          hideFooter
          disableRowSelectionOnClick
          disableColumnMenu
          autoHeight
          localeText={{ noRowsLabel: 'No endpoints yet. Add one to receive events.' }}
          sx={{ bgcolor: 'background.paper' }}
        />
        {shownLog && <DeliveryLog key={shownLog.id} endpoint={shownLog} />}
      </Stack>

      <FormDialog open={creating} onClose={() => setCreating(false)}>
        <EndpointForm
          onDone={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setSecret(created.secret);
            setLogOf(created.endpoint.id);
          }}
        />
      </FormDialog>
      <FormDialog open={Boolean(editing)} onClose={() => setEditing(null)}>
        {editing && <EndpointForm endpoint={editing} onCreated={() => undefined} onDone={() => setEditing(null)} />}
      </FormDialog>
      <NewKeySecret secret={secret} onClose={() => setSecret(null)} noun="signing secret" title="Signing secret" />
      <ConfirmDialog
        open={Boolean(rotating)}
        title="Rotate the signing secret?"
        message="A new secret is shown once. For 24 hours deliveries carry signatures by both the old and the new secret, so your receiver can switch over."
        confirmLabel="Rotate"
        busy={rotateBusy}
        onConfirm={() => rotating && void confirmRotate(rotating)}
        onCancel={() => setRotating(null)}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete this endpoint?"
        message={deleting ? `${deleting.url} receives no more events, and its delivery log is deleted.` : ''}
        confirmLabel="Delete"
        busy={removeBusy}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
