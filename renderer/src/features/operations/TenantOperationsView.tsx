import type { TenantOperations } from '@shared/api/operations.types';
import { formatClock, formatCount, formatDateTime } from '@shared/domain/format';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { waitingText } from './waitingText';

const dateOrDash = (value: string | null) => (value ? formatDateTime(value) : '—');

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 200 }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** One tenant's dialer now: lines and pace, the calls under way, and each running campaign with why it waits. */
export function TenantOperationsView({ operations }: { operations: TenantOperations }) {
  const { lines, callsPerSecond, calls, campaigns } = operations;
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Figure
          label="Lines in use"
          value={`${formatCount(lines.inUse)} of ${formatCount(lines.limit)}`}
          detail={`${formatCount(lines.inboundReserve)} kept free for inbound calls`}
        />
        <Figure
          label="Calls per second"
          value={callsPerSecond.current.toFixed(2)}
          detail={`Limit ${callsPerSecond.setting}, over the last minute`}
        />
      </Stack>
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Calls in progress
        </Typography>
        {calls.length === 0 ? (
          <Typography color="text.secondary">No calls in progress.</Typography>
        ) : (
          <TableContainer component={Card} variant="outlined">
            <Table size="small" aria-label="Calls in progress">
              <TableHead>
                <TableRow>
                  <TableCell>Campaign</TableCell>
                  <TableCell>Started</TableCell>
                  <TableCell align="right">Duration</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {calls.map((call) => (
                  <TableRow key={call.attemptId}>
                    <TableCell>{call.campaignName ?? '—'}</TableCell>
                    <TableCell>{dateOrDash(call.startedAt)}</TableCell>
                    <TableCell align="right">{formatClock(call.durationSec)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Campaigns
        </Typography>
        {campaigns.length === 0 ? (
          <Typography color="text.secondary">No active outbound campaigns.</Typography>
        ) : (
          <TableContainer component={Card} variant="outlined">
            <Table size="small" aria-label="Campaigns">
              <TableHead>
                <TableRow>
                  <TableCell>Campaign</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Queue</TableCell>
                  <TableCell align="right">Due now</TableCell>
                  <TableCell align="right">Today</TableCell>
                  <TableCell>Next due</TableCell>
                  <TableCell>Forecast finish</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {campaigns.map((campaign) => (
                  <TableRow key={campaign.campaignId} data-testid={`operations-campaign-${campaign.campaignId}`}>
                    <TableCell>{campaign.name}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={campaign.waitingFor ? 'default' : 'success'}
                        label={waitingText(campaign.waitingFor)}
                        title={campaign.pausedReason ?? undefined}
                      />
                    </TableCell>
                    <TableCell align="right">{formatCount(campaign.queueDepth)}</TableCell>
                    <TableCell align="right">{formatCount(campaign.dueNow)}</TableCell>
                    <TableCell align="right">
                      {formatCount(campaign.callsToday)} / {formatCount(campaign.maxCallsPerDay)}
                    </TableCell>
                    <TableCell>{dateOrDash(campaign.nextDueAt)}</TableCell>
                    <TableCell>{dateOrDash(campaign.forecastFinish)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>
    </Stack>
  );
}
