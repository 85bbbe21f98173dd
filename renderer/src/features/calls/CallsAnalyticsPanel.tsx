import { CALL_OUTCOMES, OUTCOME_RULES } from '@shared/domain/call-outcomes';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { RecentCallRow } from '@shared/api/calls.types';
import { isSuccessfulCall } from '@shared/domain/call-display';
import { classifyError } from '@shared/domain/error-classifier';
import {
  formatCount,
  formatDateTime,
  formatDayOfMonth,
  formatMinutesSeconds,
  formatMoney,
  formatShare,
} from '@shared/domain/format';
import { CALLS_PERIODS, type CallsPeriod } from '@shared/schemas/calls.schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import Grid from '@mui/material/Grid';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import type { Agent } from '@shared/api/agents.types';
import { ReachRatesChart } from '../../components/charts/ReachRatesChart';
import { Figure } from '../../components/Figure';
import { useGetCallsAnalyticsQuery, useGetCallsQuery } from './callsApi';

const PERIOD_LABELS: Record<CallsPeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};
const OUTCOME_LABELS: Record<string, string> = Object.fromEntries(
  CALL_OUTCOMES.map((outcome) => [outcome, OUTCOME_RULES[outcome].label]),
);
const PAGE_SIZES = [10, 25, 50];
const SHOWN_CALLS = [
  { value: 'all', label: 'All calls' },
  { value: 'disclosureMissing', label: 'Missing disclosure' },
];

const ratePercent = (rate: number | null | undefined) => (rate == null ? '' : ` (${Math.round(rate * 100)}%)`);

const COLUMNS: GridColDef<RecentCallRow>[] = [
  {
    field: 'startedAt',
    headerName: 'Date',
    flex: 1.2,
    minWidth: 170,
    sortable: false,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/calls/${row.id}`}>
        {formatDateTime(row.startedAt)}
      </Link>
    ),
  },
  { field: 'agentName', headerName: 'Agent', flex: 1, minWidth: 120, sortable: false },
  {
    field: 'direction',
    headerName: 'Direction',
    width: 110,
    sortable: false,
    valueFormatter: (value: string) => (value === 'outbound' ? 'Outbound' : 'Inbound'),
  },
  {
    field: 'status',
    headerName: 'Outcome',
    width: 120,
    sortable: false,
    valueFormatter: (value: string) => OUTCOME_LABELS[value] ?? value,
  },
  {
    field: 'callSuccessful',
    headerName: 'Result',
    flex: 1,
    sortable: false,
    minWidth: 130,
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
        {isSuccessfulCall(row.callSuccessful) ? (
          <Chip size="small" color="success" label="Successful" />
        ) : (
          <Chip size="small" label="Unsuccessful" />
        )}
        {row.disclosureMissing === true && <Chip size="small" color="warning" label="No disclosure" />}
      </Stack>
    ),
  },
  {
    field: 'durationSec',
    headerName: 'Duration',
    width: 100,
    sortable: false,
    valueFormatter: (value: number) => formatMinutesSeconds(value),
  },
  {
    field: 'costCents',
    headerName: 'Cost',
    width: 110,
    sortable: false,
    valueFormatter: (value: number, row: RecentCallRow) => formatMoney(value, row.currency),
  },
];

function FilterSelect(props: {
  id: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange(value: string): void;
}) {
  return (
    <FormControl size="small" sx={{ minWidth: 150 }}>
      <InputLabel id={`${props.id}-label`}>{props.label}</InputLabel>
      <Select
        labelId={`${props.id}-label`}
        label={props.label}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** The dashboard's calls analytics panel (spec 000 §2): calls over time, outcomes, rates and the recent calls. */
export function CallsAnalyticsPanel({ agents }: { agents: Agent[] }) {
  const [period, setPeriod] = useState<CallsPeriod>('30d');
  const [agentId, setAgentId] = useState('');
  const [shown, setShown] = useState('all');
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZES[0]! });
  const analytics = useGetCallsAnalyticsQuery({ period, agentId: agentId || undefined });
  const calls = useGetCallsQuery({
    ...pagination,
    agentId: agentId || undefined,
    disclosureMissing: shown === 'disclosureMissing' || undefined,
  });
  const totals = analytics.data?.totals;
  const reach = analytics.data?.reach;
  const transfers = analytics.data?.transfers;
  const series = analytics.data?.series ?? [];
  const failure = analytics.error ?? calls.error;

  return (
    <Card component="section" aria-labelledby="calls-analytics-title" sx={{ mt: 4 }}>
      <CardHeader
        title="Calls Analytics"
        slotProps={{ title: { id: 'calls-analytics-title', variant: 'h6', component: 'h2' } }}
        action={
          <Stack direction="row" spacing={1}>
            <FilterSelect
              id="calls-agent"
              label="Agent"
              value={agentId}
              options={[{ value: '', label: 'All agents' }, ...agents.map((a) => ({ value: a.id, label: a.name }))]}
              onChange={(value) => {
                setAgentId(value);
                setPagination((current) => ({ ...current, page: 0 }));
              }}
            />
            <FilterSelect
              id="calls-period"
              label="Period"
              value={period}
              options={CALLS_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }))}
              onChange={(value) => setPeriod(value as CallsPeriod)}
            />
          </Stack>
        }
      />
      <CardContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            Failed to fetch recent calls: {classifyError(failure).message}
          </Alert>
        )}
        <Grid container spacing={2} sx={{ mb: 2 }}>
          <Grid size={{ xs: 6, md: 3 }}>
            <Figure size="large" label="Calls" value={totals ? formatCount(totals.totalCalls) : '—'} />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Figure
              size="large"
              label="Success rate"
              value={totals ? formatShare(totals.successRate * totals.totalCalls, totals.totalCalls) : '—'}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Figure
              size="large"
              label="Average duration"
              value={totals ? formatMinutesSeconds(totals.averageDuration) : '—'}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Figure
              size="large"
              label="Total cost"
              value={analytics.data ? formatMoney(analytics.data.totals.totalCostCents, analytics.data.currency) : '—'}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 4, md: 2 }}>
            <Figure
              label="Reached a person"
              value={reach ? `${formatCount(reach.person)}${ratePercent(reach.personRate)}` : '—'}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 4, md: 2 }}>
            <Figure
              label="Machines"
              value={reach ? `${formatCount(reach.machine)}${ratePercent(reach.machineRate)}` : '—'}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 4, md: 2 }}>
            <Figure label="Voicemail left" value={reach ? formatCount(reach.voicemailLeft) : '—'} />
          </Grid>
          <Grid size={{ xs: 6, sm: 4, md: 2 }}>
            <Figure label="Transferred" value={transfers ? formatCount(transfers.transferred) : '—'} />
          </Grid>
          <Grid size={{ xs: 6, sm: 4, md: 2 }}>
            <Figure label="Transfers missed" value={transfers ? formatCount(transfers.transferMissed) : '—'} />
          </Grid>
          <Grid size={{ xs: 6, sm: 4, md: 2 }}>
            <Figure label="Callbacks due" value={transfers ? formatCount(transfers.callbacksDue) : '—'} />
          </Grid>
        </Grid>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Typography variant="subtitle2" component="h3">
              Calls over time
            </Typography>
            <BarChart
              height={240}
              loading={analytics.isLoading}
              xAxis={[{ scaleType: 'band', data: series.map((point) => formatDayOfMonth(point.day)) }]}
              series={[
                { data: series.map((point) => point.calls), label: 'Calls', id: 'calls' },
                { data: series.map((point) => point.successful), label: 'Successful', id: 'successful' },
              ]}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography variant="subtitle2" component="h3">
              Outcomes
            </Typography>
            {analytics.data && analytics.data.outcomes.length === 0 ? (
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                No calls in this period.
              </Typography>
            ) : (
              <BarChart
                height={240}
                layout="horizontal"
                loading={analytics.isLoading}
                yAxis={[
                  {
                    scaleType: 'band',
                    data: (analytics.data?.outcomes ?? []).map((o) => OUTCOME_LABELS[o.outcome] ?? o.outcome),
                  },
                ]}
                series={[{ data: (analytics.data?.outcomes ?? []).map((o) => o.calls), label: 'Calls' }]}
              />
            )}
          </Grid>
        </Grid>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 3 }}>
          Who answered, by day
        </Typography>
        <ReachRatesChart
          loading={analytics.isLoading}
          days={series.map((point) => ({ ...point, label: formatDayOfMonth(point.day) }))}
        />
        <Stack direction="row" sx={{ mt: 3, mb: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle2" component="h3">
            Recent calls
          </Typography>
          <FilterSelect
            id="calls-shown"
            label="Show"
            value={shown}
            options={SHOWN_CALLS}
            onChange={(value) => {
              setShown(value);
              setPagination((current) => ({ ...current, page: 0 }));
            }}
          />
        </Stack>
        <Box sx={{ width: '100%' }}>
          <DataGrid
            aria-label="Recent calls"
            rows={calls.data?.calls ?? []}
            columns={COLUMNS}
            rowCount={calls.data?.total ?? 0}
            loading={calls.isFetching && !calls.data}
            paginationMode="server"
            paginationModel={pagination}
            onPaginationModelChange={setPagination}
            pageSizeOptions={PAGE_SIZES}
            disableColumnMenu
            disableRowSelectionOnClick
            autoHeight
            localeText={{ noRowsLabel: shown === 'all' ? 'No calls yet' : 'No calls without the disclosure' }}
          />
        </Box>
      </CardContent>
    </Card>
  );
}
