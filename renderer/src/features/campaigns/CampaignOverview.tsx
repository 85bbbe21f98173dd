import { useState } from 'react';
import type { Campaign } from '@shared/api/campaigns.types';
import { formatCount, formatDateTime } from '@shared/domain/format';
import { CALL_ATTEMPT_STATUSES, CONTACT_STATUSES } from '@shared/schemas/contact.schema';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Figure } from '../../components/Figure';
import { useToast } from '../../components/toasts/useToast';
import { CampaignPreviewDialog } from './CampaignPreviewDialog';
import { usePauseCampaignMutation, useResumeCampaignMutation } from './campaignsApi';
import { useGetCampaignProgressQuery } from './dialerApi';
import { StatusChip } from './StatusChip';
import { statusLabel } from './statusBadge';
import { failureMessage } from './requestFailure';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={title} slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} sx={{ pb: 0 }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Start, pause and resume, with the dialer's pause reason (spec: the reason shown, and a Resume button). */
function CallingControl({ campaign, canManage }: { campaign: Campaign; canManage: boolean }) {
  const [pause, pausing] = usePauseCampaignMutation();
  const [resume, resuming] = useResumeCampaignMutation();
  const [previewing, setPreviewing] = useState(false);
  const { toast } = useToast();

  const act = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      toast({ title: done });
    } catch (error) {
      toast({ title: failed, description: failureMessage(error), variant: 'destructive' });
    }
  };

  const state = !campaign.active ? 'Inactive' : campaign.pausedReason ? 'Paused' : 'Calling';
  return (
    <Box>
      {campaign.pausedReason && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          data-testid="pause-reason"
          action={
            canManage && (
              <Button
                color="inherit"
                size="small"
                startIcon={<PlayArrowIcon />}
                loading={resuming.isLoading}
                onClick={() =>
                  void act(() => resume(campaign.id).unwrap(), 'Campaign resumed', 'Failed to resume campaign')
                }
              >
                Resume
              </Button>
            )
          }
        >
          <AlertTitle>Calling is paused</AlertTitle>
          {campaign.pausedReason}
          {campaign.pausedAt ? ` (since ${formatDateTime(campaign.pausedAt)})` : ''}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography>
          Dialer: <strong data-testid="calling-state">{state}</strong>
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" startIcon={<VisibilityIcon />} onClick={() => setPreviewing(true)}>
          Preview
        </Button>
        {canManage && campaign.active && !campaign.pausedReason && (
          <Button
            variant="outlined"
            startIcon={<PauseIcon />}
            loading={pausing.isLoading}
            onClick={() =>
              void act(() => pause({ id: campaign.id }).unwrap(), 'Campaign paused', 'Failed to pause campaign')
            }
          >
            Pause
          </Button>
        )}
      </Stack>
      <CampaignPreviewDialog
        open={previewing}
        campaign={campaign}
        canManage={canManage}
        onClose={() => setPreviewing(false)}
      />
    </Box>
  );
}

interface CampaignOverviewProps {
  campaign: Campaign;
  canManage: boolean;
}

/**
 * Overview (issue 10 §5): the calling state with its pause reason and Resume, contacts by status, attempts by
 * outcome, calls today against the daily cap and the next call time, refreshed by the dialer's live events.
 */
export function CampaignOverview({ campaign, canManage }: CampaignOverviewProps) {
  const outbound = campaign.campaignType === 'outbound';
  const progress = useGetCampaignProgressQuery(campaign.id, { skip: !outbound });

  if (!outbound) {
    return (
      <Alert severity="info" data-testid="not-outbound">
        This campaign is not configured for outbound calling.
      </Alert>
    );
  }

  const data = progress.data;
  const capShare = data && data.maxCallsPerDay > 0 ? Math.min(100, (data.callsToday / data.maxCallsPerDay) * 100) : 0;

  return (
    <Stack spacing={2}>
      <CallingControl campaign={campaign} canManage={canManage} />
      {progress.error ? (
        <Alert severity="error">Failed to fetch campaign progress: {failureMessage(progress.error)}</Alert>
      ) : !data ? (
        <Skeleton variant="rounded" height={180} />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section title="Contacts by Status">
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1.5 }}>
                {CONTACT_STATUSES.map((status) => (
                  <Figure
                    key={status}
                    size="large"
                    label={statusLabel(status)}
                    value={formatCount(data.contactsByStatus[status] ?? 0)}
                  />
                ))}
              </Box>
            </Section>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section title="Attempts by Outcome">
              <Box component="ul" aria-label="Attempts by outcome" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
                {CALL_ATTEMPT_STATUSES.map((status) => (
                  <Box
                    component="li"
                    key={status}
                    sx={{ listStyle: 'none', display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}
                  >
                    <StatusChip status={status} />
                    <Typography sx={{ fontWeight: 600 }}>{formatCount(data.attemptsByOutcome[status] ?? 0)}</Typography>
                  </Box>
                ))}
              </Box>
            </Section>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section title="Calls Today">
              <Typography id="calls-today" sx={{ mb: 1 }}>
                {formatCount(data.callsToday)} of {formatCount(data.maxCallsPerDay)} calls
              </Typography>
              <LinearProgress variant="determinate" value={capShare} aria-labelledby="calls-today" />
            </Section>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section title="Next Call">
              <Typography data-testid="next-call">
                {data.nextCallAt ? formatDateTime(data.nextCallAt) : 'No call is due'}
              </Typography>
            </Section>
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}
