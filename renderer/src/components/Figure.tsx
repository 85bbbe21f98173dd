import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** small: a card's row of figures, cut short rather than wrapped; medium: a summary card; large: a page's tiles. */
type FigureSize = 'small' | 'medium' | 'large';

const LOOK = {
  small: { value: 'subtitle1', noWrap: true, box: { minWidth: 0 } },
  medium: { value: 'h6', noWrap: false, box: {} },
  large: { value: 'h5', noWrap: false, box: { p: 2, borderRadius: 2, bgcolor: 'action.hover' } },
} as const;

/** A value under its caption, the pair named by the caption for assistive technology (`role="group"`). */
export function Figure({ label, value, size = 'medium' }: { label: string; value: ReactNode; size?: FigureSize }) {
  const look = LOOK[size];
  return (
    <Box role="group" aria-label={label} sx={look.box}>
      <Typography variant="caption" color="text.secondary" component="p" noWrap={look.noWrap}>
        {label}
      </Typography>
      <Typography variant={look.value} component="p" sx={{ fontWeight: 600 }} noWrap={look.noWrap}>
        {value}
      </Typography>
    </Box>
  );
}
