import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '@shared/domain/format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import type { Campaign } from '@shared/api/campaigns.types';
import { KnowledgeSourceText } from './KnowledgeSourceText';

interface CampaignCardProps {
  campaign: Campaign;
  canManage: boolean;
  onEdit: (campaign: Campaign) => void;
}

/** One campaign on /campaigns (spec 000 §2): name, Active/Inactive (inactive dimmed), created, goal, knowledge. */
export function CampaignCard({ campaign, canManage, onEdit }: CampaignCardProps) {
  return (
    <Card
      component="article"
      aria-label={campaign.name}
      data-testid="campaign-card"
      data-dimmed={!campaign.active}
      // Dimmed by its ground, not by opacity, so that its text keeps its contrast.
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        ...(campaign.active ? {} : { bgcolor: 'action.hover', borderStyle: 'dashed' }),
      }}
    >
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ minWidth: 0, wordBreak: 'break-word' }}>
            <Link component={RouterLink} to={`/campaigns/${encodeURIComponent(campaign.id)}`} underline="hover">
              {campaign.name}
            </Link>
          </Typography>
          <Chip
            size="small"
            label={campaign.active ? 'Active' : 'Inactive'}
            color={campaign.active ? 'success' : 'default'}
          />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {campaign.campaignType === 'outbound' ? 'Outbound' : 'Inbound'} · Created {formatDate(campaign.createdAt)}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            Goal:
          </Box>{' '}
          {campaign.goal}
        </Typography>
        <Typography variant="body2" sx={{ minWidth: 0 }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            Knowledge source:
          </Box>{' '}
          <KnowledgeSourceText knowledgeUrl={campaign.knowledgeUrl} />
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        {canManage && (
          <Button size="small" variant="outlined" startIcon={<EditIcon />} onClick={() => onEdit(campaign)}>
            Edit
          </Button>
        )}
        <Button
          size="small"
          variant="contained"
          startIcon={<SmartToyIcon />}
          component={RouterLink}
          to={`/?campaignId=${encodeURIComponent(campaign.id)}`}
        >
          View Agent
        </Button>
      </CardActions>
    </Card>
  );
}
