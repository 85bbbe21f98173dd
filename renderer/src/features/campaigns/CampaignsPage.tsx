import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CampaignIcon from '@mui/icons-material/Campaign';
import PhoneDisabledIcon from '@mui/icons-material/PhoneDisabled';
import { useAppSelector } from '../../core/hooks';
import { selectCurrentUser } from '../../core/sessionSlice';
import { PageHeader } from '../../components/PageHeader';
import { CampaignCard } from './CampaignCard';
import { useGetCampaignsQuery } from './campaignsApi';
import { CreateCampaignDialog } from './CreateCampaignDialog';
import { EditCampaignDialog } from './EditCampaignDialog';
import type { Campaign } from '@shared/api/campaigns.types';
import { failureMessage } from './requestFailure';

const GRID_ITEM = { xs: 12, sm: 6, lg: 4 } as const;

/** Campaigns (spec 000 §2): a card per campaign, New Campaign, and the create and edit dialogs. */
export function CampaignsPage() {
  const campaigns = useGetCampaignsQuery();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Campaign | null>(null);
  const canManage = useAppSelector(selectCurrentUser)?.isAdmin ?? false;

  const newCampaign = canManage && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      New Campaign
    </Button>
  );
  const doNotCall = (
    <Button component={RouterLink} to="/campaigns/do-not-call" variant="outlined" startIcon={<PhoneDisabledIcon />}>
      Do-not-call List
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Campaigns"
        subtitle="Run inbound and outbound calling campaigns. Each campaign can have one voice agent."
        actions={
          <>
            {doNotCall}
            {newCampaign}
          </>
        }
      />

      {campaigns.error ? (
        <Alert severity="error">
          <AlertTitle>Error loading campaigns</AlertTitle>
          {failureMessage(campaigns.error)}
        </Alert>
      ) : campaigns.isLoading ? (
        <Grid container spacing={2}>
          {[0, 1, 2].map((key) => (
            <Grid key={key} size={GRID_ITEM}>
              <Card>
                <CardContent>
                  <Skeleton width="60%" />
                  <Skeleton />
                  <Skeleton height={56} />
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      ) : (campaigns.data ?? []).length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <CampaignIcon color="primary" sx={{ fontSize: 48, mb: 1 }} />
          <Typography variant="h6" component="p">
            No campaigns yet
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2.5, maxWidth: 440, mx: 'auto' }}>
            {canManage
              ? 'Create a campaign to give a voice agent a goal: answer inbound calls or work through a list of contacts.'
              : 'Your account admin can create campaigns.'}
          </Typography>
          {newCampaign}
        </Paper>
      ) : (
        <Grid container spacing={2}>
          {(campaigns.data ?? []).map((campaign) => (
            <Grid key={campaign.id} size={GRID_ITEM}>
              <CampaignCard campaign={campaign} canManage={canManage} onEdit={setEditing} />
            </Grid>
          ))}
        </Grid>
      )}

      <CreateCampaignDialog open={creating} onClose={() => setCreating(false)} />
      <EditCampaignDialog campaign={editing} onClose={() => setEditing(null)} />
    </>
  );
}
