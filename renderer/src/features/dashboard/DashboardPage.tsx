import { useSearchParams } from 'react-router-dom';
import { classifyError } from '@shared/domain/error-classifier';
import { formatCount } from '@shared/domain/format';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import CallIcon from '@mui/icons-material/Call';
import DialpadIcon from '@mui/icons-material/Dialpad';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import { Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';
import { isPlatformAccount } from '../../core/access';
import { useAppSelector } from '../../core/hooks';
import { selectCurrentUser } from '../../core/sessionSlice';
import { PageHeader } from '../../components/PageHeader';
import { PlatformHome } from '../admin';
import { AgentsSection, useGetAgentsQuery } from '../agents';
import { CampaignDashboard } from '../campaigns';
import { useGetDashboardStatsQuery } from './dashboardApi';
import { StatCard } from '../../components/StatCard';
import { lazyComponent } from '../../core/lazyComponent';

// Charts and the data grid are the dashboard's heaviest parts: their chunk loads after the first screen (R1).
const CallsAnalyticsPanel = lazyComponent(() => import('../calls'), 'CallsAnalyticsPanel');

/** The dashboard's failures in the spec's words (000 §8); a not-found answer just means there is nothing yet. */
function failureText(what: string, error: unknown): string | null {
  if (!error) return null;
  const classified = classifyError(error);
  if (classified.status === 404) return null;
  return `${what}: ${classified.serverMessage ?? classified.message}`;
}

const STAT_ITEM = { xs: 12, sm: 6, md: 3 } as const;

/**
 * The home at /: a tenant's dashboard, or one campaign's with ?campaignId=, or the platform's for a superadmin who
 * belongs to no tenant.
 */
export function DashboardPage() {
  const campaignId = useSearchParams()[0].get('campaignId');
  if (isPlatformAccount(useAppSelector(selectCurrentUser))) return <PlatformHome />;
  if (!campaignId) return <TenantDashboard />;
  return (
    <Suspense fallback={null}>
      <CampaignDashboard key={campaignId} campaignId={campaignId} />
    </Suspense>
  );
}

/** The dashboard of spec 000 §2: the tenant's figures and its voice agents. */
function TenantDashboard() {
  const stats = useGetDashboardStatsQuery();
  const agents = useGetAgentsQuery();
  const failures = [
    failureText('Failed to fetch stats', stats.error),
    failureText('Failed to fetch agents', agents.error),
  ].filter((text): text is string => Boolean(text));
  const figure = (value: number | undefined) => (value === undefined ? '—' : formatCount(value));

  return (
    <Box>
      <PageHeader title="Dashboard" subtitle="Your AI voice agents, numbers and calls at a glance." />

      {failures.length > 0 && (
        <Alert severity="error" sx={{ mb: 3 }}>
          <AlertTitle>Error loading dashboard</AlertTitle>
          {failures.map((text) => (
            <div key={text}>{text}</div>
          ))}
        </Alert>
      )}

      <Grid container spacing={2} sx={{ mb: 4 }}>
        <Grid size={STAT_ITEM}>
          <StatCard
            title="Active Agents"
            value={figure(stats.data?.activeAgents)}
            icon={<SmartToyIcon />}
            loading={stats.isLoading}
          />
        </Grid>
        <Grid size={STAT_ITEM}>
          <StatCard
            title="Active Numbers"
            value={figure(stats.data?.activePhoneNumbers)}
            icon={<DialpadIcon />}
            loading={stats.isLoading}
            link={{ text: 'Manage phone numbers', to: '/phone-numbers' }}
          />
        </Grid>
        <Grid size={STAT_ITEM}>
          <StatCard
            title="Minutes Used"
            value={figure(stats.data?.minutesUsed)}
            icon={<AccessTimeIcon />}
            loading={stats.isLoading}
            link={{ text: 'View billing', to: '/billing' }}
          />
        </Grid>
        <Grid size={STAT_ITEM}>
          <StatCard
            title="Total Calls"
            value={figure(stats.data?.totalCalls)}
            icon={<CallIcon />}
            loading={stats.isLoading}
            link={{ text: 'View campaigns', to: '/campaigns' }}
          />
        </Grid>
      </Grid>

      <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
        <AgentsSection agents={agents.data ?? []} loading={agents.isLoading} />
      </Suspense>

      <Suspense fallback={<Skeleton variant="rounded" height={480} sx={{ mt: 4 }} />}>
        <CallsAnalyticsPanel agents={agents.data ?? []} />
      </Suspense>
    </Box>
  );
}
