import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

export interface StatCardProps {
  title: string;
  value: ReactNode;
  icon: ReactNode;
  loading?: boolean;
  link?: { text: string; to: string };
}

/** A dashboard figure: title, value, icon and an optional link onward (spec 000 §2). */
export function StatCard({ title, value, icon, loading = false, link }: StatCardProps) {
  const testId = `stat-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId} role="group" aria-label={title}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
            {title}
          </Typography>
          <Box
            aria-hidden
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 40,
              height: 40,
              borderRadius: 2,
              color: 'primary.main',
              bgcolor: 'action.hover',
            }}
          >
            {icon}
          </Box>
        </Box>
        <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} data-testid={`${testId}-value`}>
          {loading ? <Skeleton width={64} /> : value}
        </Typography>
        {link && (
          <Link component={RouterLink} to={link.to} variant="body2" underline="hover" sx={{ mt: 'auto' }}>
            {link.text}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
