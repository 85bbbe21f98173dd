import { CALL_OUTCOMES } from '@shared/domain/call-outcomes';
import { useMemo, useState } from 'react';
import { BarChart } from '@mui/x-charts/BarChart';
import { reachFigures } from '@shared/domain/call-outcomes';
import { ReachRatesChart } from '../../components/charts/ReachRatesChart';
import type { Campaign } from '@shared/api/campaigns.types';
import { analyticsPeriodEndingToday } from '@shared/domain/campaign-days';
import type { AttemptOutcome } from '@shared/domain/dialing-retry';
import { formatCount, formatDate, formatDayOfMonth, formatMinutesSeconds, formatMoney } from '@shared/domain/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import { Figure } from '../../components/Figure';
import { useGetCampaignAnalyticsQuery } from './dialerApi';
import { statusColour, statusLabel } from './statusBadge';
import { failureMessage } from './requestFailure';

/** Outcomes of finished calls, in the chart's stacking order; answered calls are the ones a person picked up. */
const OUTCOMES: readonly AttemptOutcome[] = CALL_OUTCOMES;
const PERIODS = [7, 30, 90] as const;
type PeriodDays = (typeof PERIODS)[number];

/** A status's colour from the theme, the same one its badge reads. */
function colourOf(theme: Theme, status: string): string {
  const colour = statusColour(status);
  return colour === 'grey' ? theme.palette.grey[500] : theme.palette[colour].main;
}

/** A campaign's calendar day (YYYY-MM-DD) as "Jan 5, 2025", read at midday so no viewer's zone moves it. */
const dayLabel = (date: string) => formatDate(`${date}T12:00:00`);

/**
 * Analytics (issue 10 §5): the campaign's calls over time by outcome, per day of its own time zone, with the answer
 * rate, the answered calls' average length and what the calls cost; refreshed by the dialer's live events.
 */
export function CampaignAnalytics({ campaign }: { campaign: Campaign }) {
  const theme = useTheme();
  const outbound = campaign.campaignType === 'outbound';
  const [days, setDays] = useState<PeriodDays>(30);
  const period = useMemo(() => analyticsPeriodEndingToday(new Date(), campaign.timezone, days), [campaign, days]);
  const analytics = useGetCampaignAnalyticsQuery({ campaignId: campaign.id, ...period }, { skip: !outbound });

  if (!outbound) {
    return (
      <Alert severity="info">
        Inbound calls are analysed per agent: open the campaign’s agent from the dashboard for its call analytics.
      </Alert>
    );
  }
  if (analytics.error) {
    return <Alert severity="error">Failed to fetch analytics: {failureMessage(analytics.error)}</Alert>;
  }
  const data = analytics.data;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography color="text.secondary" data-testid="analytics-period">
          {data ? `${dayLabel(data.from)} – ${dayLabel(data.to)} (${data.timezone})` : ' '}
        </Typography>
        <FormControl size="small" sx={{ minWidth: 160 }}>
          <InputLabel id="campaign-analytics-period">Period</InputLabel>
          <Select
            labelId="campaign-analytics-period"
            label="Period"
            value={days}
            onChange={(event) => setDays(Number(event.target.value) as PeriodDays)}
          >
            {PERIODS.map((length) => (
              <MenuItem key={length} value={length}>
                Last {length} days
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Box>
      {!data ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
            <Figure size="large" label="Calls Made" value={formatCount(data.calls)} />
            <Figure
              size="large"
              label="Answer Rate"
              value={data.answerRate === null ? '—' : `${Math.round(data.answerRate * 100)}%`}
            />
            <Figure
              size="large"
              label="Average Duration"
              value={data.averageDurationSec === null ? '—' : formatMinutesSeconds(data.averageDurationSec)}
            />
            <Figure size="large" label="Cost" value={formatMoney(data.costCents, data.currency)} />
          </Box>
          <Box
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}
            data-testid="transfer-figures"
          >
            <Figure label="Transferred" value={formatCount(data.transferred)} />
            <Figure label="Transfers Missed" value={formatCount(data.transferMissed)} />
            <Figure label="Callbacks Due" value={formatCount(data.callbacksDue)} />
          </Box>
          <Box
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}
            data-testid="machine-figures"
          >
            <Figure
              label="Machine Rate"
              value={data.machineRate === null ? '—' : `${Math.round(data.machineRate * 100)}%`}
            />
            <Figure label="Voicemails Left" value={formatCount(data.voicemailLeft)} />
            <Figure
              label="Verdicts Marked Wrong"
              value={data.wrongVerdictShare === null ? '—' : `${Math.round(data.wrongVerdictShare * 100)}%`}
            />
          </Box>
          {data.calls > 0 && (
            <Card>
              <CardHeader
                title="Who Answered, by Day"
                slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
                sx={{ pb: 0 }}
              />
              <CardContent>
                <ReachRatesChart
                  days={data.days.map((day) => ({
                    ...reachFigures(Object.entries(day.outcomes).map(([outcome, calls]) => ({ outcome, calls }))),
                    label: formatDayOfMonth(day.date),
                  }))}
                />
              </CardContent>
            </Card>
          )}
          <Card>
            <CardHeader
              title="Outcomes Over Time"
              slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
              sx={{ pb: 0 }}
            />
            <CardContent>
              {data.calls === 0 ? (
                <Typography color="text.secondary">
                  No calls in this period. Outcomes appear here as the dialer works.
                </Typography>
              ) : (
                <BarChart
                  height={300}
                  xAxis={[{ scaleType: 'band', data: data.days.map((day) => formatDayOfMonth(day.date)) }]}
                  series={OUTCOMES.map((outcome) => ({
                    id: outcome,
                    label: statusLabel(outcome),
                    stack: 'outcomes',
                    color: colourOf(theme, outcome),
                    data: data.days.map((day) => day.outcomes[outcome]),
                  }))}
                />
              )}
            </CardContent>
          </Card>
        </>
      )}
    </Box>
  );
}
