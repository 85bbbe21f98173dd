import { useId } from 'react';
import type { Campaign } from '@shared/api/campaigns.types';
import type { DialingPreview, NeverCallable } from '@shared/api/dialer.types';
import { formatCount, formatDateTime } from '@shared/domain/format';
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

const NEVER_REASONS: Record<Exclude<keyof NeverCallable, 'count'>, string> = {
  invalidNumber: 'invalid number',
  doNotCall: 'on the do-not-call list',
  duplicate: 'duplicate',
  outsideLegalHours: 'their legal hours never meet the calling window',
  noConsent: 'no consent: this marketing campaign calls only contacts with marketing consent',
};

/** The finish range in plain words: when the last call should be placed, and the likely moment in between. */
function finishText(data: DialingPreview): string {
  const finish = data.estimatedFinish;
  if (!finish) {
    return data.callableNow + data.callableLater.length > 0
      ? 'No finish date can be estimated: it would take more than a year.'
      : 'No finish date can be estimated: there is nothing to call.';
  }
  const answered = Math.round(data.outcomeMix.answered * 100);
  const likely = finish.expected ? ` — most likely ${formatDateTime(finish.expected)}, if ${answered}% answer` : '';
  const latest = finish.latest ? formatDateTime(finish.latest) : 'more than a year later, if nobody answers';
  return `The last call should be placed between ${formatDateTime(finish.earliest)} and ${latest}${likely}. This follows the calling window, each contact's legal hours, the daily cap, the interval, the lines and the retries.`;
}

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
  const never = data
    ? (Object.keys(NEVER_REASONS) as Array<keyof typeof NEVER_REASONS>)
        .map((reason) => [reason, data.neverCallable[reason]] as const)
        .filter(([, count]) => count > 0)
    : [];
  const callable = data ? data.callableNow + data.callableLater.reduce((sum, group) => sum + group.count, 0) : 0;

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
              {formatCount(data.callableNow)} of {formatCount(data.total)} contacts can be called now
              {data.callableLater.length > 0 ? `; ${formatCount(callable - data.callableNow)} later` : ''}
              {data.neverCallable.count > 0 ? `; ${formatCount(data.neverCallable.count)} never` : ''}.
            </Typography>
            {data.callableLater.length > 0 && (
              <Box component="ul" sx={{ mt: 0, pl: 3 }} aria-label="Contacts callable later">
                {data.callableLater.map((group) => (
                  <li key={group.firstCallableAt}>
                    {formatCount(group.count)} from {formatDateTime(group.firstCallableAt)}
                  </li>
                ))}
              </Box>
            )}
            {never.length > 0 && (
              <Box component="ul" sx={{ mt: 0, pl: 3 }} aria-label="Contacts never called, by reason">
                {never.map(([reason, count]) => (
                  <li key={reason}>
                    {formatCount(count)} never — {NEVER_REASONS[reason]}
                  </li>
                ))}
              </Box>
            )}
            <Typography color="text.secondary" data-testid="campaign-preview-finish">
              {finishText(data)}
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
            disabled={!data || callable === 0}
            loading={updating.isLoading || resuming.isLoading}
          >
            {campaign.active ? 'Resume Calling' : 'Activate'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
