import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function AppFooter() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 3, px: 3, bgcolor: 'background.paper' }}>
      <Typography variant="body2" color="textSecondary" align="center">
        © {new Date().getFullYear()} Parley. All rights reserved.
      </Typography>
    </Box>
  );
}
