import { Link as RouterLink } from 'react-router-dom';
import type { CreateAgentResponse } from '@shared/api/agents.types';
import { formatPhoneNumber } from '@shared/domain/phone-format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import ScheduleIcon from '@mui/icons-material/Schedule';

interface AgentCreatedDialogProps {
  /** The answer of the create call; the dialog is open while there is one. */
  result: CreateAgentResponse | null;
  onConfigure: (result: CreateAgentResponse) => void;
  onReturn: () => void;
}

/**
 * 'AI Voice Agent Created!' (spec 000 §2): the dedicated number, or, when none was chosen, that the agent has none yet
 * and how to give it one; and what comes next.
 */
export function AgentCreatedDialog({ result, onConfigure, onReturn }: AgentCreatedDialogProps) {
  const phoneNumber = result?.phoneNumber ?? null;
  return (
    <Dialog open={Boolean(result)} onClose={onReturn} fullWidth maxWidth="xs" aria-labelledby="agent-created-title">
      <DialogTitle id="agent-created-title" sx={{ textAlign: 'center', pt: 4 }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 56, display: 'block', mx: 'auto', mb: 1 }} />
        AI Voice Agent Created!
      </DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          {result?.agent.name} is set up and learning its script.
        </Typography>
        <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover', mb: 2 }}>
          {phoneNumber ? (
            <>
              <Typography variant="overline" color="text.secondary">
                Your dedicated phone number
              </Typography>
              <Typography
                variant="h5"
                component="p"
                sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, fontWeight: 600 }}
                data-testid="created-agent-number"
              >
                <PhoneInTalkIcon color="primary" />
                {formatPhoneNumber(phoneNumber)}
              </Typography>
            </>
          ) : (
            <Typography data-testid="created-agent-no-number">
              This agent has no phone number yet, so it cannot take calls. Add a number on the{' '}
              <Link component={RouterLink} to="/phone-numbers">
                Phone Numbers
              </Link>{' '}
              page, then choose it for this agent under Configure Advanced Settings.
            </Typography>
          )}
        </Box>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1 }}
        >
          <ScheduleIcon fontSize="small" />
          Your agent will be ready within 5 minutes.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
        <Button variant="outlined" onClick={() => result && onConfigure(result)}>
          Configure Advanced Settings
        </Button>
        <Button variant="contained" onClick={onReturn} sx={{ ml: '0 !important' }}>
          Return to Dashboard
        </Button>
      </DialogActions>
    </Dialog>
  );
}
