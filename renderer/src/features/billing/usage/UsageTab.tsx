import { useState, type ReactNode } from 'react';
import { formatMoney } from '@shared/domain/format';
import { USAGE_STATUS_LABELS, type UsageStatus } from '@shared/domain/usage-projection';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Figure } from '../../../components/Figure';
import { useGetCurrentUsageQuery, useGetUsageHistoryQuery, useGetUsageLimitsQuery } from '../billingApi';
import { CostAnalysis, CostEstimation, CurrentBreakdown, UsageTrends } from './UsageCharts';
import { UsageHistoryTable } from './UsageHistoryTable';

const STATUS_COLOR: Record<UsageStatus, 'success' | 'warning' | 'error'> = {
  within_limit: 'success',
  near_limit: 'warning',
  over_limit: 'error',
};

type UsageView = 'trends' | 'breakdown' | 'cost' | 'estimation';

function SummaryCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" role="group" aria-label={title}>
      <CardContent>
        <Typography variant="caption" color="text.secondary" component="p">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The Usage & Analytics tab (spec 001 §2): four summary cards, Plan Limits, four chart views and the history. */
export function UsageTab() {
  const current = useGetCurrentUsageQuery();
  const limits = useGetUsageLimitsQuery();
  const history = useGetUsageHistoryQuery();
  const [view, setView] = useState<UsageView>('trends');

  if (current.error) return <Alert severity="error">Failed to fetch current usage</Alert>;
  if (limits.error) return <Alert severity="error">Failed to fetch plan limits</Alert>;
  if (!current.data || !limits.data) return <Skeleton variant="rounded" height={240} />;

  const { usage, projection, currency, percentUsed: percent, usageStatus: status } = current.data;
  const plan = limits.data.limits;
  const records = history.data?.usageHistory ?? [];

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
        <SummaryCard title="Minutes Used">
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
            {usage.minutesUsed}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, percent)}
            color={STATUS_COLOR[status]}
            aria-label="Minutes used of the plan"
            sx={{ my: 1, height: 6, borderRadius: 3 }}
          />
          <Typography variant="body2" color="text.secondary">
            {percent}% of {usage.minutesIncluded} included
          </Typography>
        </SummaryCard>
        <SummaryCard title="Overage Minutes">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
              {usage.minutesBillable}
            </Typography>
            {usage.minutesBillable > 0 && <Chip size="small" color="error" label="Over Plan" />}
          </Stack>
        </SummaryCard>
        <SummaryCard title="Current Cost">
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
            {formatMoney(usage.billingCost, currency)}
          </Typography>
        </SummaryCard>
        <SummaryCard title="Usage Status">
          <Chip
            label={USAGE_STATUS_LABELS[status]}
            color={STATUS_COLOR[status]}
            sx={{ mt: 0.5 }}
            data-testid="usage-status"
          />
        </SummaryCard>
      </Box>

      <Card variant="outlined" data-testid="plan-limits-card">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Plan Limits
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
            <Figure label="Minutes" value={plan.minutesIncluded} size="small" />
            <Figure label="Agents" value={plan.maxAgents} size="small" />
            <Figure label="Phone numbers" value={plan.maxPhoneNumbers} size="small" />
            <Figure label="Campaigns" value={plan.maxCampaigns} size="small" />
          </Box>
        </CardContent>
      </Card>

      <Card variant="outlined">
        <Tabs
          value={view}
          onChange={(_event, value: UsageView) => setView(value)}
          aria-label="Usage views"
          variant="scrollable"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}
        >
          <Tab value="trends" label="Usage Trends" />
          <Tab value="breakdown" label="Current Breakdown" />
          <Tab value="cost" label="Cost Analysis" />
          <Tab value="estimation" label="Cost Estimation" />
        </Tabs>
        <CardContent role="tabpanel" aria-label={view}>
          {history.error && view !== 'breakdown' && view !== 'estimation' ? (
            <Alert severity="error">Failed to fetch usage history</Alert>
          ) : view === 'trends' ? (
            <UsageTrends history={records} />
          ) : view === 'breakdown' ? (
            <CurrentBreakdown usage={usage} />
          ) : view === 'cost' ? (
            <CostAnalysis history={records} currency={currency} />
          ) : (
            <CostEstimation projection={projection} currency={currency} />
          )}
        </CardContent>
      </Card>

      <UsageHistoryTable history={records} currency={currency} loading={history.isLoading} />
    </Stack>
  );
}
