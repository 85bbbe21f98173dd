import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ConnectionBanner } from './connectivity/ConnectionBanner';
import { AppFooter } from './frame/AppFooter';
import { Logo } from './frame/Logo';

interface CenteredLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  maxWidth?: number;
}

/** The frameless screens (register, reset, verify, setup): the logo, one card, the footer. */
export function CenteredLayout({ title, subtitle, children, maxWidth = 480 }: CenteredLayoutProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <ConnectionBanner />
      <Box
        component="main"
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', px: 2, py: { xs: 4, md: 8 } }}
      >
        <Box sx={{ mb: 4 }}>
          <Logo height={36} />
        </Box>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth, p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ mb: subtitle ? 1 : 3 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="textSecondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Paper>
      </Box>
      <AppFooter />
    </Box>
  );
}
