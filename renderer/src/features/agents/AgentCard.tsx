import { Link as RouterLink } from 'react-router-dom';
import type { Agent } from '@shared/api/agents.types';
import { formatMinutesSeconds, formatMoney } from '@shared/domain/format';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import InsightsIcon from '@mui/icons-material/Insights';
import LockIcon from '@mui/icons-material/Lock';
import PhoneIcon from '@mui/icons-material/Phone';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import { Figure } from '../../components/Figure';
import { PhoneNumberText } from '../../components/PhoneNumberText';

interface AgentCardProps {
  agent: Agent;
  /** Admins edit, deactivate and delete; other members only look. */
  canManage: boolean;
  onEdit: (agent: Agent) => void;
  onRemove: (agent: Agent) => void;
  removing?: boolean;
}

/** One agent on the dashboard (spec 000 §2): status, number, stats, analytics link and its actions. */
export function AgentCard({ agent, canManage, onEdit, onRemove, removing = false }: AgentCardProps) {
  const { stats } = agent;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={agent.name}
      data-testid="agent-card"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', opacity: agent.active ? 1 : 0.8 }}
    >
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
          <Avatar sx={{ bgcolor: agent.active ? 'primary.main' : 'action.disabled' }} aria-hidden>
            <SmartToyIcon />
          </Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="h6" component="h3" noWrap title={agent.name}>
              {agent.name}
            </Typography>
            <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mt: 0.5 }}>
              <Chip
                size="small"
                label={agent.active ? 'Active' : 'Inactive'}
                color={agent.active ? 'success' : 'default'}
              />
              {agent.locked && <Chip size="small" icon={<LockIcon />} label="Locked" variant="outlined" />}
            </Box>
          </Box>
        </Box>

        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {agent.purpose}
        </Typography>

        <Typography
          variant="body2"
          sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
          color={agent.phoneNumber ? 'text.primary' : 'text.secondary'}
          data-testid="agent-phone-number"
        >
          <PhoneIcon fontSize="small" color={agent.phoneNumber ? 'primary' : 'disabled'} />
          {agent.phoneNumber ? <PhoneNumberText value={agent.phoneNumber} /> : 'No phone number assigned'}
        </Typography>

        <Divider />

        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
          <Figure size="small" label="Total Calls" value={String(stats.totalCalls)} />
          <Figure size="small" label="Avg Duration" value={formatMinutesSeconds(stats.averageDuration)} />
          <Figure size="small" label="Total Cost" value={formatMoney(stats.totalCostCents, stats.currency)} />
        </Box>

        {agent.locked && (
          <Alert severity="info" icon={<LockIcon fontSize="inherit" />} sx={{ py: 0 }}>
            This agent is locked. Contact support to edit or delete it.
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to={`/agents/${agent.id}/analytics`} size="small" startIcon={<InsightsIcon />}>
          View Analytics
        </Button>
        {canManage && !agent.locked && (
          <>
            <Button size="small" startIcon={<EditIcon />} onClick={() => onEdit(agent)} sx={{ ml: 'auto' }}>
              Edit
            </Button>
            <Button
              size="small"
              color={agent.active ? 'warning' : 'error'}
              startIcon={agent.active ? <PowerSettingsNewIcon /> : <DeleteIcon />}
              onClick={() => onRemove(agent)}
              loading={removing}
              sx={{ ml: '0 !important' }}
            >
              {agent.active ? 'Deactivate' : 'Delete'}
            </Button>
          </>
        )}
      </CardActions>
    </Card>
  );
}
