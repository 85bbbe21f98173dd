import { useId } from 'react';
import type { Campaign } from '@shared/api/campaigns.types';
import type { PreviewSkips } from '@shared/api/dialer.types';
import { formatCount, formatDate } from '@shared/domain/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useToast } from '../../components/toasts/useToast';
import { useResumeCampaignMutation, useUpdateCampaignMutation } from './campaignsApi';
import { useGetCampaignPreviewQuery } from './dialerApi';
import { failureMessage } from './requestFailure';

const SKIP_REASONS: Record<keyof PreviewSkips, string> = {
  invalidNumber: 'invalid number',
  doNotCall: 'on the do-not-call list',
  duplicate: 'duplicate',
  outsideLegalHours: 'outside legal hours for every day of the window',
};

interface CampaignPreviewDialogProps {
  open: boolean;
  campaign: Campaign;
  canManage: boolean;
  onClose: () => void;
}

/**
 * Before calling starts (issue 10 §3): how many contacts will be called, how many are skipped and why, and when the
 * campaign should finish; an admin starts it from here (activating it, or resuming it when paused).
 */
export function CampaignPreviewDialog({ open, campaign, canManage, onClose }: CampaignPreviewDialogProps) {
  const titleId = useId();
  const preview = useGetCampaignPreviewQuery(campaign.id, { skip: !open, refetchOnMountOrArgChange: true });
  const [update, updating] = useUpdateCampaignMutation();
  const [resume, resuming] = useResumeCampaignMutation();
  const { toast } = useToast();
  const startable = canManage && (!campaign.active || Boolean(campaign.pausedReason));

  const start = async () => {
    try {
      if (!campaign.active) await update({ id: campaign.id, changes: { active: true } }).unwrap();
      if (campaign.pausedReason) await resume(campaign.id).unwrap();
      toast({ title: 'Campaign started', description: `${campaign.name} is calling its contacts.` });
      onClose();
    } catch (error) {
      toast({ title: 'Failed to start campaign', description: failureMessage(error), variant: 'destructive' });
    }
  };

  const data = preview.data;
  const skipped = data
    ? (Object.keys(SKIP_REASONS) as Array<keyof PreviewSkips>)
        .map((reason) => [reason, data.skipped[reason]] as const)
        .filter(([, count]) => count > 0)
    : [];
  const skippedTotal = skipped.reduce((sum, [, count]) => sum + count, 0);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Campaign Preview</DialogTitle>
      <DialogContent dividers>
        {preview.error ? (
          <Alert severity="error">{failureMessage(preview.error)}</Alert>
        ) : !data ? (
          <Skeleton variant="rounded" height={96} />
        ) : (
          <Box data-testid="campaign-preview">
            <Typography variant="h6" component="p" sx={{ mb: 1 }}>
              {formatCount(data.willCall)} of {formatCount(data.total)} contacts will be called
              {skippedTotal > 0 ? `; ${formatCount(skippedTotal)} skipped` : ''}.
            </Typography>
            {skipped.length > 0 && (
              <Box component="ul" sx={{ mt: 0, pl: 3 }} aria-label="Skipped contacts by reason">
                {skipped.map(([reason, count]) => (
                  <li key={reason}>
                    {formatCount(count)} — {SKIP_REASONS[reason]}
                  </li>
                ))}
              </Box>
            )}
            <Typography color="text.secondary">
              {data.estimatedFinishAt
                ? `Estimated to finish by ${formatDate(data.estimatedFinishAt)}, within the calling window, the daily cap and the interval.`
                : 'No finish date can be estimated: there is nothing to call.'}
            </Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>Close</Button>
        {startable && (
          <Button
            variant="contained"
            onClick={() => void start()}
            disabled={!data || data.willCall === 0}
            loading={updating.isLoading || resuming.isLoading}
          >
            {campaign.active ? 'Resume Calling' : 'Activate'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
