import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { Agent, AgentStatsResponse } from '@shared/api/agents.types';
import { classifyError } from '@shared/domain/error-classifier';
import { formatClock, formatDate, formatDateTime, formatMinutes, formatMoney } from '@shared/domain/format';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CallIcon from '@mui/icons-material/Call';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import PhoneCallbackIcon from '@mui/icons-material/PhoneCallback';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import SyncIcon from '@mui/icons-material/Sync';
import { useAppSelector } from '../../core/hooks';
import { selectCurrentUser } from '../../core/sessionSlice';
import { useGetAuthStatusQuery } from '../auth';
import { Figure } from '../../components/Figure';
import { PageHeader } from '../../components/PageHeader';
import { useToast } from '../../components/toasts/useToast';
import {
  useGetAgentQuery,
  useGetAgentStatsQuery,
  useSimulateInboundCallMutation,
  useSyncAgentCallsMutation,
} from './agentsApi';

const RECENT_CALLS_SHOWN = 3;

function BackToDashboard({ variant = 'text' }: { variant?: 'text' | 'contained' }) {
  return (
    <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />} variant={variant}>
      Back to Dashboard
    </Button>
  );
}

function ProblemView({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center', maxWidth: 560, mx: 'auto', mt: 4 }}>
      <Box sx={{ color: 'text.secondary', mb: 1 }}>{icon}</Box>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text}
      </Typography>
      <BackToDashboard variant="contained" />
    </Paper>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ py: 1.25 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

function AgentDetails({ agent }: { agent: Agent }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title="Agent Details" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <Divider />
      <CardContent component="dl" sx={{ m: 0 }}>
        <Detail label="Name">{agent.name}</Detail>
        <Detail label="Purpose">{agent.purpose}</Detail>
        <Detail label="Phone Number">
          {agent.phoneNumber ? formatPhoneNumber(agent.phoneNumber) : 'Not assigned'}
        </Detail>
        <Detail label="Created">{formatDate(agent.createdAt)}</Detail>
        <Detail label="Status">
          <Chip
            size="small"
            label={agent.active ? 'Active' : 'Inactive'}
            color={agent.active ? 'success' : 'default'}
            component="span"
          />
        </Detail>
      </CardContent>
    </Card>
  );
}

function QuickStats({ stats, loading }: { stats: AgentStatsResponse | undefined; loading: boolean }) {
  const show = (value: (s: AgentStatsResponse) => string) =>
    loading || !stats ? <Skeleton width={72} /> : value(stats);
  const recent = stats?.recentCalls.slice(0, RECENT_CALLS_SHOWN) ?? [];
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title="Quick Stats" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <Divider />
      <CardContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
          <Figure size="large" label="Total Calls" value={show((s) => String(s.totalCalls))} />
          <Figure size="large" label="Average Duration" value={show((s) => formatMinutes(s.averageDuration))} />
          <Figure size="large" label="Total Cost" value={show((s) => formatMoney(s.totalCostCents, s.currency))} />
          <Figure size="large" label="Average Cost" value={show((s) => formatMoney(s.averageCostCents, s.currency))} />
        </Box>

        <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
          Recent Calls
        </Typography>
        {loading ? (
          <Skeleton height={120} />
        ) : recent.length === 0 ? (
          <Typography color="text.secondary">
            No calls yet. Calls appear here once someone rings this agent&apos;s number.
          </Typography>
        ) : (
          <List disablePadding aria-label="Recent calls">
            {recent.map((call) => (
              <ListItem key={call.id} disablePadding sx={{ mb: 0.5 }}>
                <ListItemButton
                  component={RouterLink}
                  to={`/calls/${call.id}`}
                  sx={{ borderRadius: 1, border: 1, borderColor: 'divider' }}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <CallIcon color="primary" />
                  </ListItemIcon>
                  <ListItemText
                    primary={formatDateTime(call.startedAt)}
                    secondary={`Duration ${formatClock(call.durationSec)} · ${formatMoney(call.costCents, call.currency)}`}
                  />
                  <ChevronRightIcon color="action" />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

/** Agent analytics at /agents/:agentId/analytics (spec 001 §2): details, Quick Stats and the latest calls. */
export function AgentAnalyticsPage() {
  const { agentId = '' } = useParams();
  const agent = useGetAgentQuery(agentId, { skip: !agentId });
  const stats = useGetAgentStatsQuery(agentId, { skip: !agentId || !agent.data });
  const [syncCalls, sync] = useSyncAgentCallsMutation();
  const [simulateCall, simulation] = useSimulateInboundCallMutation();
  const isAdmin = useAppSelector(selectCurrentUser)?.isAdmin ?? false;
  const simulatedCalls = useGetAuthStatusQuery().data?.simulatedCalls ?? false;
  const { toast } = useToast();
  // Total calls when a simulated call was placed; the note about it goes once the call has been counted.
  const [callsWhenPlaced, setCallsWhenPlaced] = useState<number | null>(null);

  if (agent.isLoading) {
    return (
      <Box>
        <Skeleton width={240} height={48} />
        <Skeleton height={320} />
      </Box>
    );
  }
  if (agent.error || !agent.data) {
    return classifyError(agent.error).status === 404 || !agent.error ? (
      <ProblemView
        icon={<SearchOffIcon sx={{ fontSize: 48 }} />}
        title="Agent Not Found"
        text="This agent does not exist or is no longer available to your account."
      />
    ) : (
      <ProblemView
        icon={<ErrorOutlineIcon sx={{ fontSize: 48 }} />}
        title="Unable to Load Analytics"
        text={classifyError(agent.error).message}
      />
    );
  }
  if (stats.error) {
    return (
      <ProblemView
        icon={<ErrorOutlineIcon sx={{ fontSize: 48 }} />}
        title="Unable to Load Analytics"
        text={classifyError(stats.error).message}
      />
    );
  }

  const onSync = async () => {
    try {
      const result = await syncCalls(agentId).unwrap();
      toast({ title: 'Calls synced', description: result.message });
    } catch (error) {
      const classified = classifyError(error);
      if (!classified.requiresPayment) {
        toast({
          title: 'Failed to sync calls',
          description: classified.serverMessage ?? classified.message,
          variant: 'destructive',
        });
      }
    }
  };

  const onSimulate = async () => {
    try {
      await simulateCall(agentId).unwrap();
      setCallsWhenPlaced(stats.data?.totalCalls ?? 0);
    } catch (error) {
      const classified = classifyError(error);
      if (!classified.requiresPayment) {
        toast({
          title: 'Could not place the simulated call',
          description: classified.serverMessage ?? classified.message,
          variant: 'destructive',
        });
      }
    }
  };

  const { data } = agent;
  return (
    <Box>
      <Box sx={{ mb: 1 }}>
        <BackToDashboard />
      </Box>
      <PageHeader
        title={data.name}
        subtitle="Agent analytics"
        actions={
          <>
            {isAdmin && simulatedCalls && data.active && data.phoneNumber && (
              <Button
                variant="outlined"
                startIcon={<PhoneCallbackIcon />}
                onClick={() => void onSimulate()}
                loading={simulation.isLoading}
              >
                Simulate inbound call
              </Button>
            )}
            <Button variant="contained" startIcon={<SyncIcon />} onClick={() => void onSync()} loading={sync.isLoading}>
              Sync calls
            </Button>
          </>
        }
      />
      {callsWhenPlaced !== null && (stats.data?.totalCalls ?? 0) <= callsWhenPlaced && (
        <Alert severity="info" onClose={() => setCallsWhenPlaced(null)} sx={{ mb: 3 }}>
          Simulated inbound call placed to {data.phoneNumber && formatPhoneNumber(data.phoneNumber)}. When it ends, in a
          few seconds, select Sync calls to bring it into these stats.
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <AgentDetails agent={data} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <QuickStats stats={stats.data} loading={stats.isLoading} />
        </Grid>
      </Grid>
    </Box>
  );
}
