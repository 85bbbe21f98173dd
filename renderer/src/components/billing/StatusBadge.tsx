import type { StatusBadge as Badge } from '@shared/domain/billing-badge';
import Chip from '@mui/material/Chip';

/** A status as a small coloured label. */
export function StatusBadge({ badge, testId }: { badge: Badge; testId?: string }) {
  return (
    <Chip
      size="small"
      label={badge.label}
      color={badge.tone}
      variant={badge.tone === 'default' ? 'outlined' : 'filled'}
      data-testid={testId}
    />
  );
}
