import type { QuietHoursRule } from '../domain/calling-window';
import type { AttemptOutcome, AttemptStatus, ContactStatus } from '../domain/dialing-retry';

/** The dialer as the API shows it: attempts, the activation preview, a campaign's progress, the legal hours. */

export interface CallAttempt {
  id: string;
  contactId: string;
  attemptNumber: number;
  status: AttemptStatus;
  startedAt: string | null;
  endedAt: string | null;
  durationSec: number | null;
  /** answered, voicemail, busy, no_answer, failed, or not_placed (never reached the provider); null while in flight. */
  outcome: string | null;
  failureReason: string | null;
  conversationId: string | null;
  batchCallId: string | null;
  createdAt: string;
}

export interface CallAttemptsResponse {
  attempts: CallAttempt[];
}

/** Why a pending contact would not be called. */
export interface PreviewSkips {
  invalidNumber: number;
  doNotCall: number;
  duplicate: number;
  /** Its legal hours never meet the campaign's window on any day. */
  outsideLegalHours: number;
}

/** GET campaigns/{id}/preview: "N of M contacts will be called; K skipped — …", and when it should be done. */
export interface DialingPreview {
  /** Pending contacts (M). */
  total: number;
  /** Of those, the ones the dialer will call (N). */
  willCall: number;
  skipped: PreviewSkips;
  /** When the last first call would be placed at the window, daily cap and interval; null if nothing to call or > 3 years. */
  estimatedFinishAt: string | null;
}

/** GET campaigns/{id}/progress: the Overview tab. */
export interface DialingProgress {
  contactsByStatus: Record<ContactStatus, number>;
  attemptsByOutcome: Record<string, number>;
  callsToday: number;
  maxCallsPerDay: number;
  /** The earliest moment the dialer may call next (window, interval); null when nothing is due. */
  nextCallAt: string | null;
  pausedReason: string | null;
}

export interface BatchCallResponse {
  batchCallId: string;
  /** Contacts sent to the provider's batch, each with an attempt recorded. */
  queued: number;
  /** Contacts left out: not pending, on the do-not-call list, or another tenant's / campaign's id. */
  skipped: number;
  message: string;
}

export interface QuietHoursResponse {
  rules: QuietHoursRule[];
}

/** One calendar day of a campaign (its time zone): the calls dialled that day, by how they ended. */
export interface CampaignAnalyticsDay {
  /** YYYY-MM-DD in the campaign's time zone. */
  date: string;
  outcomes: Record<AttemptOutcome, number>;
}

/** GET campaigns/{id}/analytics: the Analytics tab, over a period of the campaign's calendar days. */
export interface CampaignAnalytics {
  from: string;
  to: string;
  timezone: string;
  /** Every day of the period, in order, days without calls included. */
  days: CampaignAnalyticsDay[];
  /** Calls that ended in the period (in flight ones and attempts never placed are not counted). */
  calls: number;
  answered: number;
  /** answered / calls, from 0 to 1; null without calls. */
  answerRate: number | null;
  /** Mean length of the answered calls, in whole seconds; null when none was answered. */
  averageDurationSec: number | null;
  /** What the campaign's calls of the period cost, in cents of `currency` (ISO 4217, lower case). */
  costCents: number;
  currency: string;
}
