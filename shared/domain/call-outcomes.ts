/**
 * Every way a call can end, in one list: the dialer's retry rules, the attempt status, the figures, the badges and
 * the OpenAPI document all read it, so an outcome added here reaches all of them (and the compiler names each
 * `Record<CallOutcome, …>` that still lacks it). Each feature that adds outcomes keeps them in its own list below.
 */

/** Outcomes Parley always had. `voicemail` stays for calls that reached a machine before answer classification. */
export const BASE_CALL_OUTCOMES = ['answered', 'voicemail', 'busy', 'no_answer', 'failed'] as const;

/**
 * Answer classification (issue 23, part 1): a message left on a machine, a machine left without one, a call-screening
 * bot treated as a machine, and a fax line.
 */
export const MACHINE_OUTCOMES = ['voicemail_left', 'machine_no_message', 'screened', 'fax'] as const;

/**
 * Warm transfer (issue 23 part 2): the agent handed the caller to a person who answered (`transferred`, the contact
 * is completed), or the person did not answer or was outside their hours (`transfer_missed`, a callback is created).
 */
export const TRANSFER_CALL_OUTCOMES = ['transferred', 'transfer_missed'] as const;

export const CALL_OUTCOMES = [...BASE_CALL_OUTCOMES, ...MACHINE_OUTCOMES, ...TRANSFER_CALL_OUTCOMES] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export type MachineOutcome = (typeof MACHINE_OUTCOMES)[number];

export const isCallOutcome = (value: unknown): value is CallOutcome =>
  typeof value === 'string' && (CALL_OUTCOMES as readonly string[]).includes(value);

export const isMachineOutcome = (value: unknown): value is MachineOutcome =>
  typeof value === 'string' && (MACHINE_OUTCOMES as readonly string[]).includes(value);

/**
 * What an outcome means for the contact:
 * - `reached`: the contact is done (a person answered or was handed over, or a message was delivered); a missed
 *   transfer is followed up by its callback, not by the retry policy.
 * - `machine`: a machine answered and nothing was delivered: tried once more, later, at another time of day.
 * - `retry`: nobody answered: tried again after the contact's delay while retries last.
 * - `unreachable`: never tried again (a fax line); `failed` is unreachable only for an invalid number.
 */
export type OutcomeKind = 'reached' | 'machine' | 'retry' | 'unreachable';

/** The attempt's status column (a CHECKed list kept since the first schema), by outcome. */
export type OutcomeAttemptStatus = 'completed' | 'voicemail' | 'busy' | 'no_answer' | 'failed';

export interface OutcomeRule {
  kind: OutcomeKind;
  attemptStatus: OutcomeAttemptStatus;
  /** A person spoke with the agent or got the message: counted as reached in the figures. */
  reached: boolean;
  /** The call was answered by something other than a person: its verdict keeps evidence and can be reviewed. */
  machineVerdict: boolean;
  label: string;
}

const reachedBy = (label: string, attemptStatus: OutcomeAttemptStatus = 'completed'): OutcomeRule => ({
  kind: 'reached',
  attemptStatus,
  reached: true,
  machineVerdict: false,
  label,
});

export const OUTCOME_RULES: Readonly<Record<CallOutcome, OutcomeRule>> = {
  answered: reachedBy('Answered'),
  voicemail: { kind: 'machine', attemptStatus: 'voicemail', reached: false, machineVerdict: false, label: 'Voicemail' },
  busy: { kind: 'retry', attemptStatus: 'busy', reached: false, machineVerdict: false, label: 'Busy' },
  no_answer: { kind: 'retry', attemptStatus: 'no_answer', reached: false, machineVerdict: false, label: 'No answer' },
  failed: { kind: 'retry', attemptStatus: 'failed', reached: false, machineVerdict: false, label: 'Failed' },
  voicemail_left: { ...reachedBy('Voicemail left', 'voicemail'), machineVerdict: true },
  machine_no_message: {
    kind: 'machine',
    attemptStatus: 'voicemail',
    reached: false,
    machineVerdict: true,
    label: 'Machine, no message',
  },
  screened: { kind: 'machine', attemptStatus: 'voicemail', reached: false, machineVerdict: true, label: 'Screened' },
  fax: { kind: 'unreachable', attemptStatus: 'failed', reached: false, machineVerdict: true, label: 'Fax' },
  transferred: reachedBy('Transferred'),
  transfer_missed: reachedBy('Transfer missed'),
};

/** Outcomes in which a person took the call or got the message: counted as reached, and the contact is done. */
export const REACHED_OUTCOMES: ReadonlySet<CallOutcome> = new Set(
  CALL_OUTCOMES.filter((outcome) => OUTCOME_RULES[outcome].reached),
);

/** Outcomes whose verdict is a machine's (kept with evidence, reviewable). */
export const MACHINE_VERDICT_OUTCOMES: readonly CallOutcome[] = CALL_OUTCOMES.filter(
  (outcome) => OUTCOME_RULES[outcome].machineVerdict,
);

/** Outcomes that count towards the machine-retry limit (one more try after the first machine). */
export const countsAsMachine = (outcome: string | null): boolean =>
  isCallOutcome(outcome) && OUTCOME_RULES[outcome].kind === 'machine';

/** An outcome in words, for badges, charts and the call detail; an unknown one reads as its words. */
export function outcomeLabel(outcome: string): string {
  if (isCallOutcome(outcome)) return OUTCOME_RULES[outcome].label;
  const words = outcome.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown';
}

/** Who answered, by outcome: a person (also when handed over), a machine (with or without a message), or nobody. */
export function answeredBy(outcome: string): 'person' | 'machine' | null {
  if (!isCallOutcome(outcome)) return null;
  const rule = OUTCOME_RULES[outcome];
  if (rule.machineVerdict || outcome === 'voicemail') return 'machine';
  return rule.reached ? 'person' : null;
}

/** How calls reached people: the dashboard's and the campaign's reach figures, of a day or of a period. */
export interface ReachFigures {
  calls: number;
  /** A person took the call (answered, transferred or a missed transfer). */
  person: number;
  /** A machine answered: a message left, none left, a screening bot, a fax. */
  machine: number;
  voicemailLeft: number;
  transferred: number;
  transferMissed: number;
}

export function reachFigures(counts: ReadonlyArray<{ outcome: string; calls: number }>): ReachFigures {
  const figures: ReachFigures = {
    calls: 0,
    person: 0,
    machine: 0,
    voicemailLeft: 0,
    transferred: 0,
    transferMissed: 0,
  };
  for (const { outcome, calls } of counts) {
    figures.calls += calls;
    const by = answeredBy(outcome);
    if (by) figures[by] += calls;
    if (outcome === 'voicemail_left') figures.voicemailLeft += calls;
    if (outcome === 'transferred') figures.transferred += calls;
    if (outcome === 'transfer_missed') figures.transferMissed += calls;
  }
  return figures;
}
