import { Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { PageHeader } from '../../components/PageHeader';
import { AgentsSection } from '../agents';
import { useGetCampaignAgentsQuery, useGetCampaignQuery } from './campaignsApi';
import { failureMessage } from './requestFailure';

/** The dashboard's failures in the spec's words (000 §8). */
function failureText(what: string, error: unknown): string | null {
  if (!error) return null;
  return `${what}: ${failureMessage(error)}`;
}

/**
 * The dashboard for one campaign (/?campaignId=, spec 000 §2): the title Campaign with the campaign's name badge and
 * goal, Back to Campaigns, and only the campaign's agent, or 'No agent assigned to this campaign' with a create button.
 */
export function CampaignDashboard({ campaignId }: { campaignId: string }) {
  const campaign = useGetCampaignQuery(campaignId);
  const agents = useGetCampaignAgentsQuery(campaignId);
  const failures = [
    failureText('Failed to fetch campaign details', campaign.error),
    failureText('Failed to fetch agents', agents.error),
  ].filter((text): text is string => Boolean(text));

  return (
    <Box>
      <PageHeader
        title={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
            Campaign
            {campaign.data ? (
              <Chip component="span" label={campaign.data.name} color="primary" data-testid="campaign-name-badge" />
            ) : (
              campaign.isLoading && <Skeleton width={120} />
            )}
          </Box>
        }
        subtitle={campaign.data?.goal}
        actions={
          <Button component={RouterLink} to="/campaigns" startIcon={<ArrowBackIcon />} variant="outlined">
            Back to Campaigns
          </Button>
        }
      />

      {failures.length > 0 && (
        <Alert severity="error" sx={{ mb: 3 }}>
          <AlertTitle>Error loading dashboard</AlertTitle>
          {failures.map((text) => (
            <div key={text}>{text}</div>
          ))}
        </Alert>
      )}

      {campaign.data && (
        <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
          <AgentsSection agents={(agents.data ?? []).slice(0, 1)} loading={agents.isLoading} campaignId={campaignId} />
        </Suspense>
      )}
      {campaign.isLoading && (
        <Typography color="text.secondary" role="status">
          Loading campaign…
        </Typography>
      )}
    </Box>
  );
}
