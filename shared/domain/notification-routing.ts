/** The live events the desktop console can raise a native notification for, one switch each in its settings. */
export const NOTIFICATION_KINDS = [
  'call.finished',
  'campaign.paused',
  'campaign.finished',
  'import.finished',
  'payment.failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'call.finished': 'A call finished',
  'campaign.paused': 'A campaign was paused',
  'campaign.finished': 'A campaign finished',
  'import.finished': 'A contact import finished',
  'payment.failed': 'A payment failed',
};

/**
 * Whether each kind pops up (a toast, and on the desktop a native notification) unless the user chose otherwise:
 * only what needs the person; the rest waits in the notification centre.
 */
export const POPS_UP_BY_DEFAULT: Record<NotificationKind, boolean> = {
  'call.finished': false,
  'campaign.paused': true,
  'campaign.finished': false,
  'import.finished': true,
  'payment.failed': true,
};

/** A user's choices of which kinds pop up; a kind not chosen follows {@link POPS_UP_BY_DEFAULT}. */
export type PopUpChoices = Partial<Record<NotificationKind, boolean>>;

export function popsUp(kind: NotificationKind, choices: PopUpChoices): boolean {
  return choices[kind] ?? POPS_UP_BY_DEFAULT[kind];
}

/** One user's notification preferences, kept by the desktop console per user and tenant. */
export interface NotificationSettings {
  /** Kinds switched off; a kind added in a later version is on until the user turns it off. */
  muted: NotificationKind[];
  /** Nothing is shown while it is on; the in-app toasts still appear. */
  doNotDisturb: boolean;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { muted: [], doNotDisturb: false };

/** Whether an event of `kind` becomes a native notification under `settings`. */
export function shouldNotify(kind: NotificationKind, settings: NotificationSettings): boolean {
  return !settings.doNotDisturb && !settings.muted.includes(kind);
}
