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
};

export function badgeVariant(status: string): BadgeVariant {
  return (Object.hasOwn(VARIANTS, status) && VARIANTS[status]) || 'neutral';
}

/** A status as words: `no_answer` → "No answer". */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown';
}
