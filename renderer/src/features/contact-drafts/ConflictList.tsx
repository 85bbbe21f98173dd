import type { ContactDraftRow } from '@shared/api/contact-drafts.types';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { metadataText } from './draftRows';

function Values({ title, phoneNumber, metadata }: { title: string; phoneNumber: string; metadata: string }) {
  return (
    <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
      <Typography variant="caption" color="text.secondary">
        {title}
      </Typography>
      <Typography>{phoneNumber || '—'}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
        {metadata || 'No metadata'}
      </Typography>
    </CardContent>
  );
}

interface ConflictListProps {
  rows: ContactDraftRow[];
  disabled: boolean;
  onKeepMine: (key: string) => void;
  onTakeServer: (key: string) => void;
}

/** Each conflicted row with the server's current value beside the draft's, and the operator's two answers. */
export function ConflictList({ rows, disabled, onKeepMine, onTakeServer }: ConflictListProps) {
  return (
    <Stack spacing={1.5} sx={{ mb: 2 }} component="section" aria-label="Conflicts">
      {rows.map((row) => {
        if (row.problem?.kind !== 'conflict') return null;
        const { server, message } = row.problem;
        return (
          <Card key={row.key} variant="outlined" data-testid={`conflict-${row.key}`}>
            <Alert severity="warning" sx={{ borderRadius: 0 }}>
              {message}
            </Alert>
            <Grid container>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Values
                  title={row.change === 'delete' ? 'Draft (deleted)' : 'Draft'}
                  phoneNumber={row.phoneNumber}
                  metadata={metadataText(row.metadata)}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                {server ? (
                  <Values title="Server" phoneNumber={server.phoneNumber} metadata={metadataText(server.metadata)} />
                ) : (
                  <Values title="Server" phoneNumber="" metadata="Deleted on the server" />
                )}
              </Grid>
            </Grid>
            <Stack direction="row" spacing={1} sx={{ px: 1.5, pb: 1.5 }}>
              <Button size="small" variant="contained" disabled={disabled} onClick={() => onKeepMine(row.key)}>
                Keep mine
              </Button>
              <Button size="small" variant="outlined" disabled={disabled} onClick={() => onTakeServer(row.key)}>
                Take server&apos;s
              </Button>
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
