import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminOverview } from '@shared/api/admin.types';
import { classifyError } from '@shared/domain/error-classifier';
import { formatCount } from '@shared/domain/format';
import { BILLING_STATUSES, type BillingStatus } from '@shared/domain/roles';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import ApartmentIcon from '@mui/icons-material/Apartment';
import CallIcon from '@mui/icons-material/Call';
import DialpadIcon from '@mui/icons-material/Dialpad';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import ViewListIcon from '@mui/icons-material/ViewList';
import { Figure } from '../../components/Figure';
import { PageHeader } from '../../components/PageHeader';
import { StatCard, type StatCardProps } from '../../components/StatCard';
import { useGetAdminOverviewQuery, useResetDemoDataMutation } from './adminApi';

/** The tenant billing statuses as spec 001 §4 names them on screen. */
const BILLING_STATUS_LABELS: Record<BillingStatus, string> = {
  active: 'Active',
  trialing: 'Trial',
  inactive: 'Setup Required',
  delinquent: 'Payment Required',
  canceled: 'Canceled',
};

const STAT_ITEM = { xs: 12, sm: 6, md: 4 } as const;

type PlatformCount = Exclude<keyof AdminOverview, 'tenantsByBillingStatus' | 'demoMode'>;

const PLATFORM_FIGURES: Array<{ title: string; of: PlatformCount; icon: ReactNode; link?: StatCardProps['link'] }> = [
  {
    title: 'Tenants',
    of: 'tenants',
    icon: <ApartmentIcon />,
    link: { text: 'Manage tenant billing', to: '/admin/billing' },
  },
  { title: 'Users', of: 'users', icon: <PeopleIcon /> },
  { title: 'Agents', of: 'agents', icon: <SmartToyIcon /> },
  { title: 'Phone Numbers', of: 'phoneNumbers', icon: <DialpadIcon /> },
  { title: 'Calls (last 30 days)', of: 'callsLast30Days', icon: <CallIcon /> },
  { title: 'Minutes (last 30 days)', of: 'minutesLast30Days', icon: <AccessTimeIcon /> },
];

interface AdminLinkProps {
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
}

function AdminLink({ to, icon, title, text }: AdminLinkProps) {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box aria-hidden sx={{ color: 'primary.main', pt: 0.75 }}>
        {icon}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Button component={RouterLink} to={to} variant="outlined" size="small">
          {title}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
          {text}
        </Typography>
      </Box>
    </Box>
  );
}

/** Demo mode only: the demo tenants back to their first-start state, for the next pitch. */
function DemoReset() {
  const [resetDemo, { isLoading, isSuccess, error }] = useResetDemoDataMutation();
  const failure = error ? classifyError(error) : null;
  return (
    <Box>
      <Button variant="outlined" color="warning" size="small" disabled={isLoading} onClick={() => void resetDemo()}>
        {isLoading ? 'Resetting demo data…' : 'Reset demo data'}
      </Button>
      {isSuccess && (
        <Alert severity="success" sx={{ mt: 1 }}>
          The demo data is back to its first-start state.
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          Failed to reset the demo data: {failure.serverMessage ?? failure.message}
        </Alert>
      )}
    </Box>
  );
}

/** The home of a superadmin without a tenant: the platform's totals and the way to the admin screens. */
export function PlatformHome() {
  const overview = useGetAdminOverviewQuery();
  const { data, isLoading } = overview;
  const failure = overview.error ? classifyError(overview.error) : null;
  const count = (value: number | undefined) => (value === undefined ? '—' : formatCount(value));

  return (
    <Box>
      <PageHeader title="Platform Overview" subtitle="Every tenant on Parley at a glance." />

      {failure && (
        <Alert severity="error" sx={{ mb: 3 }}>
          Failed to load the platform totals: {failure.serverMessage ?? failure.message}
        </Alert>
      )}

      <Grid container spacing={2} sx={{ mb: 4 }}>
        {PLATFORM_FIGURES.map(({ title, of, icon, link }) => (
          <Grid key={title} size={STAT_ITEM}>
            <StatCard title={title} value={count(data?.[of])} icon={icon} loading={isLoading} link={link} />
          </Grid>
        ))}
      </Grid>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card variant="outlined" component="section" aria-labelledby="billing-status-heading" sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h6" component="h2" id="billing-status-heading" sx={{ mb: 2 }}>
                Tenants by billing status
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, 1fr)' }, gap: 2 }}>
                {BILLING_STATUSES.map((status) => (
                  <Figure
                    key={status}
                    label={BILLING_STATUS_LABELS[status]}
                    value={isLoading ? <Skeleton width={32} /> : count(data?.tenantsByBillingStatus[status])}
                  />
                ))}
              </Box>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card variant="outlined" component="section" aria-labelledby="administration-heading" sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h6" component="h2" id="administration-heading" sx={{ mb: 2 }}>
                Administration
              </Typography>
              <Stack spacing={2.5}>
                <AdminLink
                  to="/admin/billing"
                  icon={<ReceiptLongIcon />}
                  title="Admin Billing"
                  text="Billing status, plan and usage of every tenant."
                />
                <AdminLink
                  to="/admin/plans"
                  icon={<ViewListIcon />}
                  title="Admin Plans"
                  text="The plan catalogue and its sync with the payment provider."
                />
                {data?.demoMode && <DemoReset />}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
}
