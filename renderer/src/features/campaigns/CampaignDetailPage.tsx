import { Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import type { Campaign } from '@shared/api/campaigns.types';
import { countryName, isPhoneCountry } from '@shared/domain/contact-number';
import { classifyError } from '@shared/domain/error-classifier';
import { formatCount, formatDate, formatQuantity } from '@shared/domain/format';
import { DAYS_OF_WEEK, TIMEZONE_CHOICES } from '@shared/schemas/campaign.schema';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import InsightsIcon from '@mui/icons-material/Insights';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import { useAppSelector } from '../../core/hooks';
import { lazyComponent } from '../../core/lazyComponent';
import { selectCurrentUser } from '../../core/sessionSlice';
import { useGetCampaignAgentsQuery, useGetCampaignQuery } from './campaignsApi';
import { EditCampaignDialog } from './EditCampaignDialog';
import { CampaignOverview } from './CampaignOverview';
import { KnowledgeSourceText } from './KnowledgeSourceText';

// The grid and the charts are the heaviest parts of the app: each loads with its own tab.
const ContactsManager = lazyComponent(() => import('./ContactsManager'), 'ContactsManager');
const CampaignAnalytics = lazyComponent(() => import('./CampaignAnalytics'), 'CampaignAnalytics');
const MachineVerdictsReview = lazyComponent(() => import('./MachineVerdictsReview'), 'MachineVerdictsReview');

type TabName = 'overview' | 'contacts' | 'analytics';

const DAY_NAMES: Record<string, string> = Object.fromEntries(
  DAYS_OF_WEEK.map((day) => [day, day.charAt(0).toUpperCase() + day.slice(1)]),
);

function zoneLabel(zone: string): string {
  return TIMEZONE_CHOICES.find((choice) => choice.value === zone)?.label ?? zone;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={title} slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} sx={{ pb: 0 }} />
      <CardContent component="dl" sx={{ m: 0, pt: 1 }}>
        {children}
      </CardContent>
    </Card>
  );
}

// Two small cards a row on a phone, so that the tabs are not six cards down the page.
const CARD_ITEM = { xs: 6, lg: 3 } as const;
const SETTINGS_ITEM = { xs: 12, md: 6 } as const;

/** Grid items shown as they are, except on a phone, where they fold into one closed section under `summary`. */
function OnPhoneFolded({ summary, children }: { summary: string; children: ReactNode }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!phone) return children;
  return (
    <Grid size={12}>
      <Accordion disableGutters variant="outlined">
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Typography variant="subtitle1" component="h2">
            {summary}
          </Typography>
        </AccordionSummary>
        <AccordionDetails>
          <Grid container spacing={2}>
            {children}
          </Grid>
        </AccordionDetails>
      </Accordion>
    </Grid>
  );
}

function CampaignInfo({ campaign }: { campaign: Campaign }) {
  const outbound = campaign.campaignType === 'outbound';
  const agents = useGetCampaignAgentsQuery(campaign.id, { skip: !campaign.agentId });
  const agentName = campaign.agentId ? (agents.data?.[0]?.name ?? '…') : null;
  const allDays = DAYS_OF_WEEK.every((day) => campaign.daysOfWeek.includes(day));
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      <Grid size={CARD_ITEM}>
        <InfoCard title="Type">
          <Detail label="Campaign type">{outbound ? 'Outbound' : 'Inbound'}</Detail>
        </InfoCard>
      </Grid>
      <Grid size={CARD_ITEM}>
        <InfoCard title="Status">
          <Detail label="Campaign status">{campaign.active ? 'Active' : 'Inactive'}</Detail>
        </InfoCard>
      </Grid>
      <Grid size={CARD_ITEM}>
        <InfoCard title="Agent">
          <Detail label="Voice agent">{campaign.agentId ? 'Assigned' : 'Not assigned'}</Detail>
        </InfoCard>
      </Grid>
      <Grid size={CARD_ITEM}>
        <InfoCard title="Knowledge Source">
          <Detail label="Source">
            <KnowledgeSourceText knowledgeUrl={campaign.knowledgeUrl} />
          </Detail>
        </InfoCard>
      </Grid>
      {outbound ? (
        <OnPhoneFolded summary="Calling settings and limits">
          <Grid size={SETTINGS_ITEM}>
            <InfoCard title="Calling Settings">
              <Detail label="Calling hours">
                {campaign.callingHoursType === 'all_hours'
                  ? '24/7'
                  : `${campaign.callingStartTime} – ${campaign.callingEndTime}`}
              </Detail>
              <Detail label="Timezone">{zoneLabel(campaign.timezone || 'UTC')}</Detail>
              <Detail label="Default country">
                {isPhoneCountry(campaign.defaultCountry)
                  ? countryName(campaign.defaultCountry)
                  : campaign.defaultCountry}
              </Detail>
              <Detail label="Days">
                {allDays ? 'All days' : campaign.daysOfWeek.map((day) => DAY_NAMES[day] ?? day).join(', ')}
              </Detail>
              <Detail label="Purpose">
                {campaign.purpose === 'marketing' ? 'Marketing: contacts with marketing consent only' : 'Informational'}
              </Detail>
            </InfoCard>
          </Grid>
          <Grid size={SETTINGS_ITEM}>
            <InfoCard title="Call Limits">
              <Detail label="Max calls per day">{formatCount(campaign.maxCallsPerDay)}</Detail>
              <Detail label="Call interval">{formatQuantity(campaign.callIntervalMinutes, 'minute')}</Detail>
              <Detail label="Agent">{agentName ?? 'None'}</Detail>
              <Detail label="On a machine">
                {campaign.machineHandling.action === 'leave_message' ? 'Leave a message' : 'Hang up'}
              </Detail>
            </InfoCard>
          </Grid>
        </OnPhoneFolded>
      ) : (
        <Grid size={12}>
          <Alert severity="info" data-testid="inbound-settings">
            <strong>Inbound Settings.</strong> This campaign’s agent answers calls to its phone number at any time;
            calling hours and limits apply to outbound campaigns only.
          </Alert>
        </Grid>
      )}
    </Grid>
  );
}

function NotFound({ text }: { text: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center', maxWidth: 560, mx: 'auto', mt: 4 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {text}
      </Typography>
      <Button component={RouterLink} to="/campaigns" startIcon={<ArrowBackIcon />} variant="contained">
        Back to Campaigns
      </Button>
    </Paper>
  );
}

/**
 * Campaign detail (spec 000 §2) at /campaigns/:id and /campaigns/:id/analytics: badges, the Analytics and Agent links,
 * the info cards, the calling settings or the inbound note, and the Overview, Contacts and Analytics tabs.
 */
export function CampaignDetailPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const campaign = useGetCampaignQuery(id, { skip: !id });
  const canManage = useAppSelector(selectCurrentUser)?.isAdmin ?? false;
  const [chosenTab, setChosenTab] = useState<TabName | null>(null);
  const [editing, setEditing] = useState(false);

  if (campaign.isLoading) {
    return (
      <Box>
        <Skeleton width={260} height={48} />
        <Skeleton height={240} />
      </Box>
    );
  }
  if (campaign.error || !campaign.data) {
    const classified = classifyError(campaign.error);
    if (classified.status === 404 || !campaign.error) return <NotFound text="Campaign not found" />;
    return (
      <Alert severity="error">
        <strong>Error loading campaign.</strong> {classified.serverMessage ?? 'Failed to fetch campaign'}
      </Alert>
    );
  }

  const data = campaign.data;
  const outbound = data.campaignType === 'outbound';
  const wantsAnalytics = pathname.endsWith('/analytics');
  const tab: TabName =
    chosenTab && (chosenTab !== 'contacts' || outbound)
      ? chosenTab
      : wantsAnalytics
        ? 'analytics'
        : outbound
          ? 'contacts'
          : 'overview';
  const basePath = `/campaigns/${encodeURIComponent(data.id)}`;

  return (
    <Box>
      <Box sx={{ mb: 3 }}>
        <Button component={RouterLink} to="/campaigns" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
          Campaigns
        </Button>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
              {data.name}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
              <Chip
                size="small"
                label={data.active ? 'Active' : 'Inactive'}
                color={data.active ? 'success' : 'default'}
              />
              <Chip size="small" variant="outlined" label={outbound ? 'Outbound' : 'Inbound'} />
              <Typography variant="body2" color="text.secondary" component="span" sx={{ alignSelf: 'center' }}>
                Created {formatDate(data.createdAt)}
              </Typography>
            </Box>
            <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
              {data.goal}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {canManage && (
              <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<InsightsIcon />}
              component={RouterLink}
              to={`${basePath}/analytics`}
              onClick={() => setChosenTab('analytics')}
            >
              Analytics
            </Button>
            {(data.agentId || canManage) && (
              <Button
                variant="contained"
                startIcon={<SmartToyIcon />}
                component={RouterLink}
                to={`/?campaignId=${encodeURIComponent(data.id)}`}
              >
                {data.agentId ? 'View Agent' : 'Create Agent'}
              </Button>
            )}
          </Box>
        </Box>
      </Box>

      <CampaignInfo campaign={data} />

      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab} onChange={(_event, next: TabName) => setChosenTab(next)} aria-label="Campaign sections">
          <Tab value="overview" label="Overview" id="campaign-tab-overview" aria-controls="campaign-panel" />
          {outbound && (
            <Tab value="contacts" label="Contacts" id="campaign-tab-contacts" aria-controls="campaign-panel" />
          )}
          <Tab value="analytics" label="Analytics" id="campaign-tab-analytics" aria-controls="campaign-panel" />
        </Tabs>
      </Box>
      <Box role="tabpanel" id="campaign-panel" aria-labelledby={`campaign-tab-${tab}`}>
        <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
          {tab === 'overview' && <CampaignOverview campaign={data} canManage={canManage} />}
          {tab === 'contacts' && (
            <ContactsManager campaignId={data.id} campaignName={data.name} canManage={canManage} />
          )}
          {tab === 'analytics' && <CampaignAnalytics campaign={data} />}
          {tab === 'analytics' && canManage && data.campaignType === 'outbound' && (
            <Box sx={{ mt: 3 }}>
              <MachineVerdictsReview campaignId={data.id} />
            </Box>
          )}
        </Suspense>
      </Box>

      <EditCampaignDialog campaign={editing ? data : null} onClose={() => setEditing(false)} />
    </Box>
  );
}
