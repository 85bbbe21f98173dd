import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AdminTenantBillingRow, MoneyTotal } from '@shared/api/admin-billing.types';
import { billingStatusBadge } from '@shared/domain/billing-badge';
import { formatCount, formatMoney } from '@shared/domain/format';
import { ADMIN_TENANT_SORT_FIELDS, type AdminTenantSortField } from '@shared/schemas/billing.schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import SyncIcon from '@mui/icons-material/Sync';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { Figure } from '../../components/Figure';
import { PageHeader } from '../../components/PageHeader';
import { serverMessageOr } from '../../components/forms/useSchemaForm';
import { useToast } from '../../components/toasts/useToast';
import { StatusBadge } from '../../components/billing/StatusBadge';
import { useGetAdminPlansQuery, useGetTenantsBillingQuery, useSyncTenantUsageMutation } from './adminBillingApi';
import { TenantBillingDialog } from './TenantBillingDialog';

const PAGE_SIZES = [25, 50, 100];
const SEARCH_DELAY_MS = 300;

const isSortField = (field: string): field is AdminTenantSortField =>
  (ADMIN_TENANT_SORT_FIELDS as readonly string[]).includes(field);

/** Revenue in each currency the plans are priced in, e.g. "NZD 490.00 + USD 49.00"; "0" without any tenant. */
const revenueText = (totals: MoneyTotal[]) =>
  totals.length === 0 ? formatCount(0) : totals.map((total) => formatMoney(total.amount, total.currency)).join(' + ');

/** The search as typed, and the one the table asks for once typing pauses. */
function useDebouncedSearch() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, search };
}

/**
 * In place of an empty table (whose empty grid and scrolling region nobody could reach by keyboard): 'No tenants
 * found' (spec 001 §2), with the way out of a search that matched nothing.
 */
function NoTenants({ onClearSearch }: { onClearSearch: (() => void) | null }) {
  return (
    <Stack
      spacing={1.5}
      sx={{ py: 8, alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 1 }}
      data-testid="no-tenants"
    >
      <Typography color="text.secondary">No tenants found</Typography>
      {onClearSearch && (
        <Button size="small" onClick={onClearSearch}>
          Clear search
        </Button>
      )}
    </Stack>
  );
}

/** Admin billing management (/admin/billing, spec 001 §2): totals and every tenant, paged on the server. */
export function AdminBillingPage() {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZES[0] ?? 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const { typed, setTyped, search } = useDebouncedSearch();
  const [editing, setEditing] = useState<AdminTenantBillingRow | null>(null);
  const sort = sortModel[0];
  const tenants = useGetTenantsBillingQuery({
    page: pagination.page,
    pageSize: pagination.pageSize,
    sortField: sort && isSortField(sort.field) ? sort.field : undefined,
    sortOrder: sort?.sort ?? undefined,
    search: search || undefined,
  });
  const plans = useGetAdminPlansQuery();
  const [syncUsage] = useSyncTenantUsageMutation();
  const { toast } = useToast();

  // A new search starts from the first page.
  useEffect(() => setPagination((current) => ({ ...current, page: 0 })), [search]);

  const onSyncUsage = useCallback(
    async (tenant: AdminTenantBillingRow) => {
      try {
        const result = await syncUsage(tenant.id).unwrap();
        toast({ title: 'Usage synced to the payment provider successfully', description: result.message });
      } catch (error) {
        toast({ title: 'Error', description: serverMessageOr(error, 'Failed to sync usage'), variant: 'destructive' });
      }
    },
    [syncUsage, toast],
  );

  const columns = useMemo<GridColDef<AdminTenantBillingRow>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
      { field: 'ownerEmail', headerName: 'Owner Email', flex: 1, minWidth: 180 },
      { field: 'id', headerName: 'ID', width: 120, sortable: false },
      { field: 'planName', headerName: 'Plan', width: 110 },
      {
        field: 'billingStatus',
        headerName: 'Status',
        width: 160,
        renderCell: ({ row }) => <StatusBadge badge={billingStatusBadge(row.billingStatus)} />,
      },
      {
        field: 'hasPaymentMethod',
        headerName: 'Payment Method',
        width: 140,
        sortable: false,
        renderCell: ({ row }) =>
          row.hasPaymentMethod ? (
            <Chip size="small" color="success" label="Active" />
          ) : (
            <Chip size="small" color="warning" label="Missing" />
          ),
      },
      {
        field: 'minutesUsed',
        headerName: 'Usage This Month',
        width: 150,
        valueGetter: (_value, row) => row.currentUsage.minutesUsed,
        renderCell: ({ row }) =>
          `${formatCount(row.currentUsage.minutesUsed)} / ${formatCount(row.currentUsage.minutesIncluded)} min`,
      },
      {
        field: 'billingCost',
        headerName: 'Overage Cost',
        width: 130,
        valueGetter: (_value, row) => row.currentUsage.billingCost,
        renderCell: ({ row }) => formatMoney(row.currentUsage.billingCost, row.currency),
      },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <>
            <Tooltip title="Change status or plan">
              <IconButton aria-label={`Change billing of ${row.name}`} onClick={() => setEditing(row)} size="small">
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Sync usage to the payment provider">
              <IconButton aria-label={`Sync usage of ${row.name}`} onClick={() => void onSyncUsage(row)} size="small">
                <SyncIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        ),
      },
    ],
    [onSyncUsage],
  );

  const totals = tenants.data?.totals;
  return (
    <>
      <PageHeader
        title="Admin Billing"
        subtitle="Billing of every tenant on the platform."
        actions={
          <Button
            variant="outlined"
            startIcon={<RefreshIcon />}
            onClick={() => void tenants.refetch()}
            loading={tenants.isFetching}
          >
            Refresh
          </Button>
        }
      />
      {tenants.error && (
        <Alert severity="error" sx={{ mb: 3 }}>
          Failed to load tenant billing data
        </Alert>
      )}
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, mb: 3 }}
        data-testid="admin-billing-totals"
      >
        <Figure label="Tenants" value={totals ? formatCount(totals.tenants) : '—'} size="large" />
        <Figure label="Active tenants" value={totals ? formatCount(totals.activeTenants) : '—'} size="large" />
        <Figure label="Monthly revenue" value={totals ? revenueText(totals.monthlyRevenue) : '—'} size="large" />
        <Figure label="Total minutes" value={totals ? formatCount(totals.totalMinutes) : '—'} size="large" />
      </Box>
      <TextField
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        label="Search tenants"
        placeholder="Name or owner email"
        size="small"
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {!tenants.data ? (
        <Skeleton variant="rounded" height={640} />
      ) : tenants.data.tenants.length === 0 ? (
        <NoTenants onClearSearch={typed ? () => setTyped('') : null} />
      ) : (
        <Box sx={{ height: 640 }}>
          <DataGrid
            aria-label="Tenants"
            rows={tenants.data.tenants}
            columns={columns}
            rowCount={tenants.data.total}
            paginationMode="server"
            sortingMode="server"
            paginationModel={pagination}
            onPaginationModelChange={setPagination}
            pageSizeOptions={PAGE_SIZES}
            sortModel={sortModel}
            onSortModelChange={setSortModel}
            disableColumnFilter
            disableRowSelectionOnClick
          />
        </Box>
      )}
      <TenantBillingDialog tenant={editing} plans={plans.data ?? []} onClose={() => setEditing(null)} />
    </>
  );
}
