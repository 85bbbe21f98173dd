import { useMemo, useState } from 'react';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@shared/api/webhooks.types';
import { formatCount, formatDateTime } from '@shared/domain/format';
import { CONTACTS_PAGE } from '@shared/schemas/contact.schema';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import { serverMessageOr } from '../../components/forms/useSchemaForm';
import { KeysetDataGrid } from '../../components/grid/KeysetDataGrid';
import { useKeysetPaging, useNextCursor } from '../../components/grid/useKeysetPaging';
import { useToast } from '../../components/toasts/useToast';
import { useGetWebhookDeliveriesQuery, useRedeliverWebhookMutation } from './webhooksApi';

const EVENT_TYPES: readonly WebhookEventType[] = [...WEBHOOK_EVENT_TYPES, 'webhook.test'];

function useDeliveryColumns(onRedeliver: (delivery: WebhookDelivery) => void): GridColDef<WebhookDelivery>[] {
  return useMemo(
    () => [
      { field: 'eventType', headerName: 'Event', flex: 1, minWidth: 150 },
      { field: 'status', headerName: 'Status', width: 100 },
      { field: 'attempts', headerName: 'Attempt', type: 'number', width: 80 },
      {
        field: 'lastAttemptAt',
        headerName: 'Time',
        width: 170,
        valueFormatter: (value: string | null) => (value ? formatDateTime(value) : '—'),
      },
      {
        field: 'responseStatus',
        headerName: 'Answer',
        width: 90,
        valueGetter: (_value, delivery) => delivery.responseStatus ?? (delivery.error ? 'none' : '—'),
      },
      {
        field: 'latencyMs',
        headerName: 'Latency',
        width: 90,
        valueFormatter: (value: number | null) => (value === null ? '—' : `${value} ms`),
      },
      {
        field: 'responseBody',
        headerName: 'Response',
        flex: 1.5,
        minWidth: 180,
        sortable: false,
        valueGetter: (_value, delivery) => delivery.error ?? delivery.responseBody ?? '',
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Redeliver',
        width: 90,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="redeliver"
            icon={<ReplayIcon />}
            label={`Redeliver ${row.eventType} ${row.eventId}`}
            disabled={row.status === 'pending'}
            onClick={() => onRedeliver(row)}
          />,
        ],
      },
    ],
    [onRedeliver],
  );
}

/** One endpoint's delivery log, newest first, server-paged, filtered by status and event type, with Redeliver. */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const paging = useKeysetPaging(CONTACTS_PAGE.defaultLimit);
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const [eventType, setEventType] = useState<WebhookEventType | ''>('');
  const page = useGetWebhookDeliveriesQuery(
    {
      endpointId: endpoint.id,
      limit: paging.pagination.pageSize,
      after: paging.after,
      status: status || undefined,
      eventType: eventType || undefined,
    },
    { pollingInterval: 5000 },
  );
  useNextCursor(paging, page);
  const [redeliver] = useRedeliverWebhookMutation();
  const { toast } = useToast();
  const columns = useDeliveryColumns(
    useMemo(
      () => (delivery: WebhookDelivery) => {
        redeliver({ endpointId: endpoint.id, deliveryId: delivery.id })
          .unwrap()
          .then(() => toast({ title: `${delivery.eventType} queued for redelivery` }))
          .catch((error: unknown) =>
            toast({ title: 'Redelivery failed', description: serverMessageOr(error, ''), variant: 'destructive' }),
          );
      },
      [endpoint.id, redeliver, toast],
    ),
  );
  const total = page.data?.total;

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        Deliveries to {endpoint.url}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as WebhookDeliveryStatus | '');
            paging.restart();
          }}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">Any</MenuItem>
          {WEBHOOK_DELIVERY_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Event"
          value={eventType}
          onChange={(event) => {
            setEventType(event.target.value as WebhookEventType | '');
            paging.restart();
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">Any</MenuItem>
          {EVENT_TYPES.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
          {total === undefined ? '' : `${formatCount(total)} ${total === 1 ? 'delivery' : 'deliveries'}`}
        </Typography>
      </Stack>
      {page.error && (
        <Alert severity="error">
          Failed to load the deliveries: {serverMessageOr(page.error, 'please try again.')}
        </Alert>
      )}
      <KeysetDataGrid
        aria-label="Webhook deliveries"
        rows={page.data?.deliveries ?? []}
        columns={columns}
        paging={paging}
        total={total}
        loading={page.isFetching && !page.data}
        emptyText="No deliveries yet. Send a test event to try the endpoint."
        sx={{ bgcolor: 'background.paper' }}
      />
    </Stack>
  );
}
