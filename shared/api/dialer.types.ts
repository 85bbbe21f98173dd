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

/** Pending contacts the dialer will never call, by why. */
export interface NeverCallable {
  count: number;
  invalidNumber: number;
  doNotCall: number;
  duplicate: number;
  /** Its legal hours never meet the campaign's window on any day. */
  outsideLegalHours: number;
  /** A marketing campaign's contacts without marketing consent (reason `no_consent`). */
  noConsent: number;
}

/** Contacts that become callable from the same hour on. */
export interface CallableLaterGroup {
  count: number;
  /** The first moment one of them may be called (UTC ISO). */
  firstCallableAt: string;
}

/** When the campaign's last call should be placed (UTC ISO). */
export interface FinishRange {
  /** Every call answered at its first attempt (or the expected mix, should that end sooner). */
  earliest: string;
  /** Calls ending as `outcomeMix` says; null when that takes over a year. */
  expected: string | null;
  /**
   * Every contact tried until its retries are used up (or the expected mix, should that end later); null when that
   * takes over a year.
   */
  latest: string | null;
}

/**
 * GET campaigns/{id}/preview: the pending contacts the dialer can call now, later (from when) and never (why), and
 * when its last call falls, simulated over the campaign's window, each contact's legal hours, the daily cap, the
 * interval, the tenant's lines, the calls per second and the retries.
 */
export interface DialingPreview {
  /** Pending contacts. */
  total: number;
  callableNow: number;
  /** By the hour they first become callable, earliest first. */
  callableLater: CallableLaterGroup[];
  neverCallable: NeverCallable;
  /** The shares of attempts forecast to end each way: the campaign's own when it has enough calls, else defaults. */
  outcomeMix: Record<AttemptOutcome, number>;
  /** Null when nothing can be called, or it would take more than a year. */
  estimatedFinish: FinishRange | null;
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
  /** Calls the agent handed to a person who answered, and transfers nobody took, in the period. */
  transferred: number;
  transferMissed: number;
  /** The campaign's callbacks still to be made whose time has come. */
  callbacksDue: number;
  /** Calls whose answer classification found a machine (voicemail left, machine without message, screened, fax). */
  machineVerdicts: number;
  /** Messages left on machines (counted as reached). */
  voicemailLeft: number;
  /** machineVerdicts / calls, from 0 to 1; null without calls. */
  machineRate: number | null;
  /** Machine verdicts of the period's calls an admin marked wrong, and their share of the verdicts (null without any). */
  verdictsMarkedWrong: number;
  wrongVerdictShare: number | null;
  /** What the campaign's calls of the period cost, in cents of `currency` (ISO 4217, lower case). */
  costCents: number;
  currency: string;
}
