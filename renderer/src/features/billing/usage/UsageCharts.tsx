import type { CostProjection, UsageRecord } from '@shared/api/usage.types';
import { formatMoney, formatCount } from '@shared/domain/format';
import { minorUnitDigits } from '@shared/domain/money';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { Figure } from '../../../components/Figure';
import { chartMonths, monthLabel } from './usageHistory';

const CHART_HEIGHT = 300;

function NoHistory() {
  return <Typography color="text.secondary">No usage recorded yet.</Typography>;
}

/** Minutes used against minutes included, for the last 6 months. */
export function UsageTrends({ history }: { history: UsageRecord[] }) {
  const months = chartMonths(history);
  if (months.length === 0) return <NoHistory />;
  return (
    <Box data-testid="usage-trends-chart" role="img" aria-label="Minutes used against minutes included, last 6 months">
      <BarChart
        height={CHART_HEIGHT}
        xAxis={[{ scaleType: 'band', data: months.map((record) => monthLabel(record.monthYyyyMm)) }]}
        series={[
          { data: months.map((record) => record.minutesUsed), label: 'Minutes used' },
          { data: months.map((record) => record.minutesIncluded), label: 'Minutes included' },
        ]}
      />
    </Box>
  );
}

/** This month's minutes split into included and overage, with the figures beside the pie. */
export function CurrentBreakdown({ usage }: { usage: UsageRecord }) {
  const included = Math.min(usage.minutesUsed, usage.minutesIncluded);
  const remaining = Math.max(0, usage.minutesIncluded - usage.minutesUsed);
  const slices = [
    { id: 'included', value: included, label: 'Included minutes used' },
    { id: 'overage', value: usage.minutesBillable, label: 'Overage minutes' },
    { id: 'remaining', value: remaining, label: 'Minutes remaining' },
  ].filter((slice) => slice.value > 0);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, gap: 2, alignItems: 'center' }}>
      <Box data-testid="usage-breakdown-chart" role="img" aria-label="This month's minutes by kind">
        {slices.length === 0 ? (
          <NoHistory />
        ) : (
          <PieChart height={CHART_HEIGHT} series={[{ data: slices, innerRadius: 50 }]} />
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Figure label="Minutes used" value={`${formatCount(usage.minutesUsed)} min`} size="small" />
        <Figure label="Included in plan" value={`${formatCount(usage.minutesIncluded)} min`} size="small" />
        <Figure label="Overage" value={`${formatCount(usage.minutesBillable)} min`} size="small" />
        <Figure label="Remaining" value={`${formatCount(remaining)} min`} size="small" />
      </Box>
    </Box>
  );
}

/** Overage cost per month. */
export function CostAnalysis({ history, currency }: { history: UsageRecord[]; currency: string }) {
  const months = chartMonths(history);
  if (months.length === 0) return <NoHistory />;
  const minorUnitsPerUnit = 10 ** minorUnitDigits(currency);
  return (
    <Box data-testid="cost-analysis-chart" role="img" aria-label="Overage cost per month">
      <LineChart
        height={CHART_HEIGHT}
        xAxis={[{ scaleType: 'point', data: months.map((record) => monthLabel(record.monthYyyyMm)) }]}
        series={[
          {
            // The axis counts whole units of the currency; the tooltip shows each amount as money.
            data: months.map((record) => record.billingCost / minorUnitsPerUnit),
            label: `Overage cost (${currency.toUpperCase()})`,
            valueFormatter: (value) =>
              value === null ? '' : formatMoney(Math.round(value * minorUnitsPerUnit), currency),
          },
        ]}
      />
    </Box>
  );
}

/** Where the month is heading (spec 001 §9), or 'Unable to calculate projections'. */
export function CostEstimation({ projection, currency }: { projection: CostProjection | null; currency: string }) {
  if (!projection) return <Alert severity="warning">Unable to calculate projections</Alert>;
  return (
    <Box
      data-testid="cost-estimation"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}
    >
      <Figure label="Daily average" value={`${projection.dailyAverage.toFixed(1)} min`} size="large" />
      <Figure
        label="Projected monthly usage"
        value={`${formatCount(Math.round(projection.projectedMonthlyUsage))} min`}
        size="large"
      />
      <Figure
        label="Projected overage"
        value={`${formatCount(Math.round(projection.projectedOverage))} min`}
        size="large"
      />
      <Figure
        label="Projected overage cost"
        value={formatMoney(projection.projectedOverageCost, currency)}
        size="large"
      />
    </Box>
  );
}
