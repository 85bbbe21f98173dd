import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useToast } from '../../components/toasts/useToast';

/** Spec 001 §9: the new key is shown masked except its last 8 characters. */
export const VISIBLE_SECRET_CHARS = 8;

export function maskSecret(secret: string): string {
  return '•'.repeat(Math.max(0, secret.length - VISIBLE_SECRET_CHARS)) + secret.slice(-VISIBLE_SECRET_CHARS);
}

interface NewKeySecretProps {
  secret: string | null;
  onClose: () => void;
  /** What the secret is, for the title and messages: an API key unless told (a webhook's signing secret). */
  noun?: string;
  title?: string;
}

/** The one time a key's secret is shown (spec 001 §2): masked, with a copy action. */
export function NewKeySecret({ secret, onClose, noun = 'key', title = 'API key created' }: NewKeySecretProps) {
  const { toast } = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      toast({ title: 'Copied to clipboard', description: `Store the ${noun} somewhere safe; it is not shown again.` });
    } catch {
      toast({ title: 'Error', description: `Could not copy the ${noun}.`, variant: 'destructive' });
    }
  };
  return (
    <Dialog open={Boolean(secret)} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-key-title">
      <DialogTitle id="new-key-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">Copy this {noun} now. For your security it is shown only once.</Alert>
          <Box
            data-testid="new-api-key"
            sx={{ fontFamily: 'monospace', p: 1.5, borderRadius: 1, bgcolor: 'action.hover', wordBreak: 'break-all' }}
          >
            {secret ? maskSecret(secret) : ''}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
