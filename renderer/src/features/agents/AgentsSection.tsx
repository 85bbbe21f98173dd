import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Agent, CreateAgentResponse } from '@shared/api/agents.types';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import { useAppSelector } from '../../core/hooks';
import { lazyComponent } from '../../core/lazyComponent';
import { selectCurrentUser } from '../../core/sessionSlice';
import { DeferredMount } from '../../components/DeferredMount';
import { AgentCard } from './AgentCard';
import { useAgentRemoval } from './useAgentRemoval';

// The dialogs (with the form library and the agent schemas) load when first opened, not with the dashboard.
const CreateAgentDialog = lazyComponent(() => import('./CreateAgentDialog'), 'CreateAgentDialog');
const AgentCreatedDialog = lazyComponent(() => import('./AgentCreatedDialog'), 'AgentCreatedDialog');
const EditAgentDialog = lazyComponent(() => import('./EditAgentDialog'), 'EditAgentDialog');

interface AgentsSectionProps {
  agents: Agent[];
  loading: boolean;
  /** The campaign whose one agent this shows (the dashboard's ?campaignId): a new agent is created for it. */
  campaignId?: string;
}

const GRID_ITEM = { xs: 12, sm: 6, lg: 4 } as const;

/**
 * 'Your AI Voice Agents' (spec 000 §2): the cards, the create button and the agent dialogs (for admins); for a
 * campaign, its single agent, or 'No agent assigned to this campaign' with a button that creates one for it.
 */
export function AgentsSection({ agents, loading, campaignId }: AgentsSectionProps) {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreateAgentResponse | null>(null);
  const [editing, setEditing] = useState<Agent | null>(null);
  const { remove, removingId } = useAgentRemoval();
  const canManage = useAppSelector(selectCurrentUser)?.isAdmin ?? false;
  // A campaign has one agent: once it has one, there is nothing more to create.
  const canCreate = canManage && !(campaignId && agents.length > 0);

  const onCreated = (result: CreateAgentResponse) => {
    setCreating(false);
    setCreated(result);
  };

  return (
    <Box component="section" aria-labelledby="agents-heading">
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}
      >
        <Typography variant="h5" component="h2" id="agents-heading">
          {campaignId ? 'Campaign Agent' : 'Your AI Voice Agents'}
        </Typography>
        {canCreate && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Create Agent
          </Button>
        )}
      </Box>

      {loading ? (
        <Grid container spacing={2}>
          {[0, 1, 2].map((key) => (
            <Grid key={key} size={GRID_ITEM}>
              <Card variant="outlined">
                <CardContent>
                  <Skeleton variant="circular" width={40} height={40} />
                  <Skeleton width="60%" />
                  <Skeleton />
                  <Skeleton height={56} />
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      ) : agents.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <SmartToyIcon color="primary" sx={{ fontSize: 48, mb: 1 }} />
          <Typography variant="h6" component="p">
            {campaignId ? 'No agent assigned to this campaign' : 'No agents yet'}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2.5, maxWidth: 440, mx: 'auto' }}>
            {campaignId
              ? canManage
                ? 'Create the AI voice agent that talks to this campaign’s callers and contacts.'
                : 'Your account admin can create the AI voice agent for this campaign.'
              : canManage
                ? 'Create your first AI voice agent to answer calls on your phone numbers around the clock.'
                : 'Your account admin can create AI voice agents to answer calls on your phone numbers.'}
          </Typography>
          {canManage && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {campaignId ? 'Create Campaign Agent' : 'Create Your First Agent'}
            </Button>
          )}
        </Paper>
      ) : (
        <Grid container spacing={2}>
          {agents.map((agent) => (
            <Grid key={agent.id} size={GRID_ITEM}>
              <AgentCard
                agent={agent}
                canManage={canManage}
                onEdit={setEditing}
                onRemove={(target) => void remove(target)}
                removing={removingId === agent.id}
              />
            </Grid>
          ))}
        </Grid>
      )}

      {/* One boundary for the three: each hands over to the next, so all must be mounted when the first opens. */}
      <DeferredMount when={creating || created !== null || editing !== null}>
        <CreateAgentDialog
          open={creating}
          campaignId={campaignId}
          onClose={() => setCreating(false)}
          onCreated={onCreated}
        />
        <AgentCreatedDialog
          result={created}
          onConfigure={(result) => {
            setCreated(null);
            setEditing(result.agent);
          }}
          onReturn={() => {
            setCreated(null);
            navigate(campaignId ? `/?campaignId=${encodeURIComponent(campaignId)}` : '/');
          }}
        />
        <EditAgentDialog agent={editing} onClose={() => setEditing(null)} />
      </DeferredMount>
    </Box>
  );
}
