import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A centred spinner, with an optional caption such as 'Checking authentication...'. */
export function FullPageSpinner({ label, fill = 'viewport' }: { label?: string; fill?: 'viewport' | 'area' }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={label ?? 'Loading'}
      sx={{
        minHeight: fill === 'viewport' ? '100vh' : '40vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress />
      {label && <Typography color="textSecondary">{label}</Typography>}
    </Box>
  );
}
