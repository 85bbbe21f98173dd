import { isCallOutcome, OUTCOME_RULES } from '@shared/domain/call-outcomes';

/**
 * The badge of a contact or call-attempt status (spec 000 §4): failed is destructive; pending, voicemail, busy and
 * no_answer are secondary; the other known statuses are default; a status this client does not know is neutral.
 */
export type BadgeVariant = 'destructive' | 'secondary' | 'default' | 'neutral';

const VARIANTS: Record<string, BadgeVariant> = {
  failed: 'destructive',
  pending: 'secondary',
  voicemail: 'secondary',
  busy: 'secondary',
  no_answer: 'secondary',
  in_progress: 'default',
  completed: 'default',
  dialing: 'default',
  answered: 'default',
  transferred: 'default',
  transfer_missed: 'secondary',
  voicemail_left: 'default',
  machine_no_message: 'secondary',
  screened: 'secondary',
  fax: 'destructive',
};

/** The palette colour a status is drawn in, in charts as in badges: failed red, answered green, the rest calm. */
export type StatusColour = 'error' | 'success' | 'info' | 'warning' | 'grey' | 'primary';

const COLOURS: Record<string, StatusColour> = {
  failed: 'error',
  answered: 'success',
  completed: 'success',
  voicemail: 'info',
  busy: 'warning',
  no_answer: 'grey',
  pending: 'grey',
  dialing: 'primary',
  in_progress: 'primary',
  transferred: 'success',
  transfer_missed: 'warning',
  voicemail_left: 'success',
  machine_no_message: 'info',
  screened: 'info',
  fax: 'error',
};

export function statusColour(status: string): StatusColour {
  return (Object.hasOwn(COLOURS, status) && COLOURS[status]) || 'grey';
}

export function badgeVariant(status: string): BadgeVariant {
  return (Object.hasOwn(VARIANTS, status) && VARIANTS[status]) || 'neutral';
}

/** A status as words: `no_answer` → "No answer". */
export function statusLabel(status: string): string {
  if (isCallOutcome(status)) return OUTCOME_RULES[status].label;
  const words = status.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown';
}
