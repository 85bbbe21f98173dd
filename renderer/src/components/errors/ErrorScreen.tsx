import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface ErrorScreenProps {
  icon: ReactNode;
  title: string;
  message: ReactNode;
  actions: ReactNode;
  /** Fill the viewport (full-page error, 404) or just the page area (per-route guard). */
  fullPage?: boolean;
}

/** The common layout of the error screens. */
export function ErrorScreen({ icon, title, message, actions, fullPage = false }: ErrorScreenProps) {
  return (
    <Box
      sx={{
        minHeight: fullPage ? '100vh' : '50vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
        bgcolor: fullPage ? 'background.default' : undefined,
      }}
    >
      <Paper variant="outlined" sx={{ maxWidth: 520, width: '100%', p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Box sx={{ color: 'text.secondary', mb: 2, '& svg': { fontSize: 48 } }}>{icon}</Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          {message}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          {actions}
        </Stack>
      </Paper>
    </Box>
  );
}
