import type { MachineVerdict } from '@shared/api/machine-verdicts.types';
import { formatDateTime } from '@shared/domain/format';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useToast } from '../../components/toasts/useToast';
import { useGetMachineVerdictsQuery, useReviewMachineVerdictMutation } from './dialerApi';
import { StatusChip } from './StatusChip';

/**
 * The newest machine verdicts of a campaign with their evidence (what was detected, the first seconds of the call),
 * for an admin to mark the wrong ones (issue 23); the analytics show the share marked wrong.
 */
export function MachineVerdictsReview({ campaignId }: { campaignId: string }) {
  const { data } = useGetMachineVerdictsQuery(campaignId);
  const [review, { isLoading: saving }] = useReviewMachineVerdictMutation();
  const { toast } = useToast();

  const mark = async (verdict: MachineVerdict, wrong: boolean) => {
    try {
      await review({ campaignId, callId: verdict.callId, wrong }).unwrap();
    } catch {
      toast({ title: 'Review not saved', description: 'The verdict could not be updated. Please try again.' });
    }
  };

  return (
    <Card data-testid="machine-verdicts">
      <CardHeader
        title="Machine Verdicts"
        subheader={
          data
            ? `${data.total} in all, ${data.markedWrong} marked wrong. Mark a verdict wrong when a person was taken for a machine.`
            : undefined
        }
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
      />
      <CardContent>
        {!data ? (
          <Skeleton variant="rounded" height={120} />
        ) : data.verdicts.length === 0 ? (
          <Typography color="text.secondary">No call of this campaign has reached a machine yet.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Machine verdicts">
              <TableHead>
                <TableRow>
                  <TableCell>Call</TableCell>
                  <TableCell>Verdict</TableCell>
                  <TableCell>Evidence</TableCell>
                  <TableCell align="right">Review</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.verdicts.map((verdict) => (
                  <TableRow key={verdict.callId}>
                    <TableCell>
                      <Typography variant="body2">{verdict.customerPhoneNumber ?? '—'}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {formatDateTime(verdict.startedAt)}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <StatusChip status={verdict.outcome} />
                    </TableCell>
                    <TableCell sx={{ maxWidth: 360 }}>
                      <Typography variant="body2">Detected: {verdict.evidence.detection ?? 'unknown'}</Typography>
                      {verdict.evidence.voicemailMessage && (
                        <Typography variant="body2">Left: “{verdict.evidence.voicemailMessage}”</Typography>
                      )}
                      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                        {verdict.evidence.transcriptStart || 'Nothing was said.'}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        variant={verdict.markedWrongAt ? 'contained' : 'outlined'}
                        color={verdict.markedWrongAt ? 'warning' : 'primary'}
                        disabled={saving}
                        aria-pressed={Boolean(verdict.markedWrongAt)}
                        onClick={() => void mark(verdict, !verdict.markedWrongAt)}
                      >
                        {verdict.markedWrongAt ? 'Marked wrong' : 'Mark wrong'}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
