import type { ReachFigures } from '@shared/domain/call-outcomes';
import Box from '@mui/material/Box';
import { LineChart } from '@mui/x-charts/LineChart';

export interface ReachDay extends Pick<ReachFigures, 'calls' | 'person' | 'machine' | 'transferred'> {
  /** The day as the axis shows it. */
  label: string;
}

/** A share of a day's calls in whole percent, or a gap in the line on a day without calls. */
const dailyPercent = (part: number, calls: number) => (calls > 0 ? Math.round((part / calls) * 100) : null);
const asPercent = (value: number | null) => (value === null ? '' : `${value}%`);

const LINES = [
  { id: 'person', label: 'Person' },
  { id: 'machine', label: 'Machine' },
  { id: 'transferred', label: 'Transferred' },
] as const;

/** Who answered each day's calls, as shares of the day's calls: a person, a machine, and the calls handed over. */
export function ReachRatesChart({ days, loading = false }: { days: readonly ReachDay[]; loading?: boolean }) {
  return (
    <Box role="img" aria-label="Share of each day's calls answered by a person, by a machine, and handed over">
      <LineChart
        height={220}
        loading={loading}
        xAxis={[{ scaleType: 'point', data: days.map((day) => day.label) }]}
        yAxis={[{ min: 0, max: 100, valueFormatter: (value: number) => `${value}%` }]}
        series={LINES.map(({ id, label }) => ({
          id,
          label,
          connectNulls: true,
          valueFormatter: asPercent,
          data: days.map((day) => dailyPercent(day[id], day.calls)),
        }))}
      />
    </Box>
  );
}
