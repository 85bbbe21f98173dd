import { useId } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A centred spinner, named by its caption (such as 'Checking authentication...') or as 'Loading'. */
export function FullPageSpinner({ label, fill = 'viewport' }: { label?: string; fill?: 'viewport' | 'area' }) {
  const captionId = useId();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: fill === 'viewport' ? '100vh' : '40vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress aria-label={label ? undefined : 'Loading'} aria-labelledby={label ? captionId : undefined} />
      {label && (
        <Typography id={captionId} color="textSecondary">
          {label}
        </Typography>
      )}
    </Box>
  );
}

/** A small spinner beside its caption, inside a card or a form. */
export function InlineSpinner({ label }: { label: string }) {
  const captionId = useId();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
      <CircularProgress size={22} aria-labelledby={captionId} />
      <Typography id={captionId} color="textSecondary">
        {label}
      </Typography>
    </Stack>
  );
}
