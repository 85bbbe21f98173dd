import Chip, { type ChipProps } from '@mui/material/Chip';
import { badgeVariant, statusLabel, type BadgeVariant } from './statusBadge';

const CHIP_STYLE: Record<BadgeVariant, Pick<ChipProps, 'color' | 'variant'>> = {
  destructive: { color: 'error', variant: 'filled' },
  secondary: { color: 'default', variant: 'filled' },
  default: { color: 'primary', variant: 'filled' },
  neutral: { color: 'default', variant: 'outlined' },
};

/** A contact or call-attempt status in its badge colour (spec 000 §4); the variant is named for tests and styling. */
export function StatusChip({ status }: { status: string }) {
  const variant = badgeVariant(status);
  return <Chip size="small" label={statusLabel(status)} data-variant={variant} {...CHIP_STYLE[variant]} />;
}
