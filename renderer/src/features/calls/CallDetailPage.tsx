import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  NO_SPEECH_NOTICE,
  TRANSCRIPT_UNAVAILABLE_NOTICE,
  type CallDetailResponse,
  type CallTransfer,
  type SentimentAnalysis,
  type TranscriptTurn,
} from '@shared/api/calls.types';
import { answerQualityTone, isSuccessfulCall, sentimentTone } from '@shared/domain/call-display';
import { outcomeLabel } from '@shared/domain/call-outcomes';
import { classifyError } from '@shared/domain/error-classifier';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import { formatClock, formatMinutesSeconds, formatNzDateTime, formatMoney } from '@shared/domain/format';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useAppSelector } from '../../core/hooks';
import { selectCurrentUser } from '../../core/sessionSlice';
import { Figure } from '../../components/Figure';
import { PageHeader } from '../../components/PageHeader';
import { useToast } from '../../components/toasts/useToast';
import {
  useFetchCallRecordingMutation,
  useGetAnalysisRunQuery,
  useGetCallQuery,
  useStartAnalysisRunMutation,
} from './callsApi';

type TabName = 'transcript' | 'summary' | 'analytics';

/** The warm transfer the agent attempted: to whom, how long it rang, answered or not. */
function TransferFigures({ transfer }: { transfer: CallTransfer }) {
  const target = transfer.targetName
    ? `${transfer.targetName} (${formatPhoneNumber(transfer.targetNumber)})`
    : formatPhoneNumber(transfer.targetNumber);
  return (
    <>
      <Figure label="Transferred to" value={target} />
      <Figure
        label="Transfer"
        value={
          transfer.answered
            ? `Answered after ${transfer.ringSecs} s`
            : transfer.ringSecs === 0
              ? 'Not rung: outside its hours'
              : `Not answered after ${transfer.ringSecs} s`
        }
      />
    </>
  );
}

function BackToDashboard() {
  return (
    <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />}>
      Back to Dashboard
    </Button>
  );
}

/**
 * The call's recording, where the voice provider has one: fetched through our API as a blob and played from an object
 * URL, released when the page closes. Nothing is shown for a call without one.
 */
function RecordingPlayer({ callId }: { callId: string }) {
  const [fetchRecording] = useFetchCallRecordingMutation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    fetchRecording(callId)
      .unwrap()
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      // No recording (404) or the voice service is away: the page works without the player.
      .catch(() => {
        if (!cancelled) setUrl(null);
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [callId, fetchRecording]);
  if (!url) return null;
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p" id="call-recording-label">
        Recording
      </Typography>
      <audio controls preload="metadata" src={url} aria-labelledby="call-recording-label" style={{ width: '100%' }}>
        <track kind="captions" />
      </audio>
    </Box>
  );
}

/** The transcript as a chat: the agent on the left, the caller on the right, each with its time in the call. */
function Transcript({ turns, unavailable }: { turns: TranscriptTurn[]; unavailable: boolean }) {
  if (unavailable) return <Alert severity="info">{TRANSCRIPT_UNAVAILABLE_NOTICE}</Alert>;
  if (turns.length === 0) return <Alert severity="info">{NO_SPEECH_NOTICE}</Alert>;
  return (
    <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Transcript">
      {turns.map((turn, index) => {
        const agent = turn.role === 'agent';
        return (
          <Box
            component="li"
            key={index}
            sx={{ display: 'flex', justifyContent: agent ? 'flex-start' : 'flex-end' }}
            data-role={turn.role}
          >
            <Paper
              variant="outlined"
              sx={{
                p: 1.5,
                maxWidth: '80%',
                bgcolor: agent ? 'background.paper' : 'action.selected',
                borderColor: agent ? 'divider' : 'primary.light',
              }}
            >
              <Typography variant="caption" color="text.secondary" component="p">
                {agent ? 'Agent' : 'Caller'} · {formatClock(turn.time_in_call_secs)}
              </Typography>
              <Typography variant="body2">{turn.message}</Typography>
            </Paper>
          </Box>
        );
      })}
    </Stack>
  );
}

function Summary({ detail }: { detail: CallDetailResponse }) {
  const summary = detail.conversation?.analysis?.transcript_summary;
  return summary ? (
    <Typography sx={{ whiteSpace: 'pre-wrap' }}>{summary}</Typography>
  ) : (
    <Alert severity="info">No summary is available for this call.</Alert>
  );
}

function Analytics({ analysis }: { analysis: SentimentAnalysis | null }) {
  if (!analysis) return <Alert severity="info">The analysis of this call is not ready yet.</Alert>;
  const { customerSentiment, questionAnswering, improvementSuggestions } = analysis;
  const quality = questionAnswering.answerQuality;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardHeader title="Customer Sentiment" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Chip
                label={customerSentiment.overall}
                color={sentimentTone(customerSentiment.overall)}
                sx={{ textTransform: 'capitalize' }}
                data-testid="sentiment"
              />
              <Typography variant="body2" color="text.secondary">
                Confidence {Math.round(customerSentiment.confidence * 100)}%
              </Typography>
            </Stack>
            <Typography variant="body2">{customerSentiment.description}</Typography>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardHeader title="Question Handling" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Chip
                label={`Answer quality ${quality}/10`}
                color={answerQualityTone(quality)}
                data-testid="answer-quality"
                data-tone={answerQualityTone(quality)}
              />
              <Typography variant="body2">
                {questionAnswering.allQuestionsAnswered ? 'All questions answered' : 'Some questions unanswered'}
              </Typography>
            </Stack>
            {questionAnswering.unansweredQuestions.length > 0 && (
              <>
                <Typography variant="subtitle2" component="h3">
                  Unanswered questions
                </Typography>
                <Box component="ul" sx={{ mt: 0.5, pl: 3 }}>
                  {questionAnswering.unansweredQuestions.map((question) => (
                    <li key={question}>
                      <Typography variant="body2">{question}</Typography>
                    </li>
                  ))}
                </Box>
              </>
            )}
          </CardContent>
        </Card>
      </Grid>
      <Grid size={12}>
        <Card variant="outlined">
          <CardHeader title="Improvement Suggestions" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
          <CardContent>
            {improvementSuggestions.length ? (
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {improvementSuggestions.map((suggestion) => (
                  <li key={suggestion}>
                    <Typography variant="body2">{suggestion}</Typography>
                  </li>
                ))}
              </Box>
            ) : (
              <Typography variant="body2">No suggestions: the agent handled this call well.</Typography>
            )}
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}

/** An admin re-runs the call's analysis; the new result replaces the old one only when it succeeds. */
function ReanalyseButton({ callId }: { callId: string }) {
  const { toast, toastError } = useToast();
  const [start, { isLoading }] = useStartAnalysisRunMutation();
  const [runId, setRunId] = useState<string | null>(null);
  const run = useGetAnalysisRunQuery(runId ?? '', { skip: !runId, pollingInterval: 0 }).data?.run;
  const running = isLoading || (runId !== null && run?.status !== 'finished');
  return (
    <Stack spacing={0.5} sx={{ minWidth: 180 }}>
      <Button
        variant="outlined"
        startIcon={<RefreshIcon />}
        disabled={running}
        onClick={async () => {
          try {
            const result = await start({ scope: 'call', id: callId }).unwrap();
            setRunId(result.run.id);
            toast({
              title: 'Re-analysis started',
              description: 'The new analysis replaces the old one when it is done.',
            });
          } catch (error) {
            toastError(error, 'Re-analysis failed');
          }
        }}
      >
        Re-run analysis
      </Button>
      {running && <LinearProgress aria-label="Re-analysis in progress" />}
    </Stack>
  );
}

/** Call detail (spec 001 §2): transcript, summary and analysis tabs beside the call's card. */
export function CallDetailPage() {
  const callId = useParams().callId ?? '';
  const isAdmin = useAppSelector(selectCurrentUser)?.isAdmin ?? false;
  const [tab, setTab] = useState<TabName>('transcript');
  const { data, error, isLoading } = useGetCallQuery(callId, { skip: !callId });

  if (isLoading) {
    return (
      <Box>
        <Skeleton variant="text" width={240} height={48} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }
  if (error || !data) {
    const classified = error ? classifyError(error) : null;
    return (
      <Box>
        <PageHeader title="Call Details" />
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>Failed to load call details</AlertTitle>
          {classified?.status === 404 ? 'This call could not be found.' : classified?.message}
        </Alert>
        <BackToDashboard />
      </Box>
    );
  }

  const successful = isSuccessfulCall(data.conversation?.analysis?.call_successful);
  return (
    <Box>
      <PageHeader
        title="Call Details"
        subtitle={`${data.call.agentName} · ${formatNzDateTime(data.call.startedAt)}`}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              label={successful ? 'Successful Call' : 'Unsuccessful Call'}
              color={successful ? 'success' : 'error'}
              data-testid="call-outcome"
            />
            {isAdmin && <ReanalyseButton callId={callId} />}
            <BackToDashboard />
          </Stack>
        }
      />
      {data.message && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {data.message}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card>
            <Tabs value={tab} onChange={(_event, value: TabName) => setTab(value)} aria-label="Call details">
              <Tab value="transcript" label="Transcript" id="call-tab-transcript" aria-controls="call-panel" />
              <Tab value="summary" label="Summary" id="call-tab-summary" aria-controls="call-panel" />
              <Tab value="analytics" label="Analytics" id="call-tab-analytics" aria-controls="call-panel" />
            </Tabs>
            <CardContent role="tabpanel" id="call-panel" aria-labelledby={`call-tab-${tab}`}>
              {tab === 'transcript' && (
                <Transcript turns={data.conversation?.transcript ?? []} unavailable={data.transcriptUnavailable} />
              )}
              {tab === 'summary' && <Summary detail={data} />}
              {tab === 'analytics' && <Analytics analysis={data.conversation?.sentimentAnalysis ?? null} />}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card>
            <CardHeader title="Call" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
            <CardContent>
              <Stack spacing={2}>
                {data.call.disclosureMissing === true && (
                  <Alert severity="warning">
                    <AlertTitle>Disclosure missing</AlertTitle>
                    The agent&apos;s first words did not say who is calling and that it is an automated assistant.
                  </Alert>
                )}
                <Figure label="Agent" value={data.call.agentName} />
                <Figure label="Date and time (New Zealand)" value={formatNzDateTime(data.call.startedAt)} />
                <Figure label="Duration" value={formatMinutesSeconds(data.call.durationSec)} />
                <Figure label="Cost" value={formatMoney(data.call.costCents, data.call.currency)} />
                {data.call.outcome && <Figure label="Outcome" value={outcomeLabel(data.call.outcome)} />}
                {data.call.transfer && <TransferFigures transfer={data.call.transfer} />}
                <Figure
                  label="Conversation ID"
                  value={
                    <Typography component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                      {data.call.conversationId}
                    </Typography>
                  }
                />
                {data.hasRecording && <RecordingPlayer callId={callId} />}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
}
