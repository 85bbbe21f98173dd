import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import logoDark from '../../assets/logo-dark.svg';
import logoLight from '../../assets/logo-light.svg';

/** The logo in its light and dark variants, linking to the dashboard. */
export function Logo({ height = 32, linked = true }: { height?: number; linked?: boolean }) {
  const images = (
    <>
      <Box
        component="img"
        src={logoLight}
        alt="Parley"
        sx={(theme) => ({ height, display: 'block', ...theme.applyStyles('dark', { display: 'none' }) })}
      />
      <Box
        component="img"
        src={logoDark}
        alt="Parley"
        sx={(theme) => ({ height, display: 'none', ...theme.applyStyles('dark', { display: 'block' }) })}
      />
    </>
  );
  if (!linked) return <Box sx={{ display: 'inline-flex' }}>{images}</Box>;
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label="Parley home"
      sx={{ display: 'inline-flex', alignItems: 'center', borderRadius: 1 }}
    >
      {images}
    </Box>
  );
}
