/** Callbacks (issue 23 part 2): what a missed warm transfer leaves for the team, as the API answers it. */

export const CALLBACK_STATUSES = ['open', 'assigned', 'done', 'dialled', 'cancelled'] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

/** Why the callback exists: the target did not answer in time, or was outside its business hours. */
export const CALLBACK_REASONS = ['no_answer', 'outside_hours'] as const;
export type CallbackReason = (typeof CALLBACK_REASONS)[number];

export interface Callback {
  id: string;
  campaignId: string | null;
  contactId: string | null;
  /** The number to call back, E.164. */
  phoneNumber: string;
  /** From the contact's metadata (`name`, or `first_name` and `last_name`), when it has one. */
  contactName: string | null;
  /** Who the caller was to be transferred to. */
  targetName: string | null;
  targetNumber: string | null;
  reason: CallbackReason;
  /** The call's summary, from the voice provider's analysis. */
  summary: string | null;
  /** When the contact is to be called back (UTC); the dialer calls then if nobody has taken it. */
  requestedAt: string;
  status: CallbackStatus;
  /** The team member who took it. */
  assignee: { id: string; email: string } | null;
  /** When the dialer put the contact back in its campaign to be called. */
  dialledAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CallbacksPage {
  callbacks: Callback[];
  nextCursor: string | null;
  total: number;
}

export interface CallbackResponse {
  callback: Callback;
}
