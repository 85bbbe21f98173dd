import { nextAllowedTime, isCallAllowed, type CampaignWindow } from './calling-window';
import type { DayOfWeek } from '../schemas/campaign.schema';

/**
 * Warm transfer targets (issue 23 part 2): the people or team numbers an agent may hand a caller to, each with its
 * business hours in its own zone. Hours are the campaign calling-window shape and arithmetic (calling-window.ts),
 * without any legal rule: a target is a business line, not a called consumer.
 */
export interface TransferTarget {
  name: string;
  /** E.164. */
  phoneNumber: string;
  /** IANA zone of the target's hours. */
  timezone: string;
  businessHours: { days: DayOfWeek[]; start: string; end: string };
  /** When the agent should transfer, in words the voice provider's model reads. */
  condition: string;
  /** How long the target may ring before the transfer counts as missed. */
  ringTimeoutSeconds: number;
}

export const TRANSFER_LIMITS = {
  maxTargets: 5,
  name: 100,
  condition: 300,
  ringTimeout: { min: 10, max: 60, default: 25 },
} as const;

/** A callback is never due sooner than this after the missed transfer, so the person has time to take it. */
export const CALLBACK_MIN_DELAY_MINUTES = 15;

function windowOf(target: Pick<TransferTarget, 'timezone' | 'businessHours'>): CampaignWindow {
  return {
    callingHoursType: 'specific_hours',
    callingStartTime: target.businessHours.start,
    callingEndTime: target.businessHours.end,
    timezone: target.timezone,
    daysOfWeek: target.businessHours.days,
  };
}

const NO_LEGAL_RULE = { country: null } as const;

/** Whether the target takes calls at this moment, by its hours in its zone. */
export function isTargetOpen(target: Pick<TransferTarget, 'timezone' | 'businessHours'>, at: Date): boolean {
  return isCallAllowed(at, windowOf(target), NO_LEGAL_RULE);
}

/** The first moment at or after `from` the target takes calls; null when its hours never open (no days). */
export function nextTargetOpening(target: Pick<TransferTarget, 'timezone' | 'businessHours'>, from: Date): Date | null {
  return nextAllowedTime(from, windowOf(target), NO_LEGAL_RULE);
}

/** What the provider reports of a transfer the agent attempted during a call. */
export interface TransferAttempt {
  /** The number the agent transferred to, E.164. */
  toNumber: string;
  /** Seconds from the transfer's start until the target answered or the attempt gave up. */
  ringSecs: number;
  answered: boolean;
  /** When the transfer was attempted. */
  at: Date;
}

export interface TransferVerdict {
  outcome: 'transferred' | 'transfer_missed';
  targetName: string | null;
  targetNumber: string;
  /** 0 when the target was not rung (outside its hours). */
  ringSecs: number;
  answered: boolean;
  outsideHours: boolean;
  /** For a missed transfer: when the contact is to be called back (the target's next opening, not too soon). */
  callbackAt: Date | null;
}

/** How far ahead a caller's own callback time is taken; a later one is read as a mistake. */
export const CALLBACK_MAX_AHEAD_DAYS = 30;

/**
 * How a transfer ended for the call and the contact: answered in the target's hours is `transferred`; unanswered, or
 * attempted while the target is outside its hours (it is then not counted as rung), is `transfer_missed`, with the
 * callback due when the caller asked to be called back (at least {@link CALLBACK_MIN_DELAY_MINUTES} after the call
 * and within {@link CALLBACK_MAX_AHEAD_DAYS} days), else at the target's next opening at least that long after it.
 */
export function judgeTransfer(
  targets: readonly TransferTarget[],
  attempt: TransferAttempt,
  callEndedAt: Date,
  requestedCallbackAt: Date | null = null,
): TransferVerdict {
  const target = targets.find((entry) => entry.phoneNumber === attempt.toNumber);
  const outsideHours = target ? !isTargetOpen(target, attempt.at) : false;
  const answered = attempt.answered && !outsideHours;
  const ringSecs = outsideHours ? 0 : Math.max(0, Math.round(attempt.ringSecs));
  const base = {
    targetName: target?.name ?? null,
    targetNumber: attempt.toNumber,
    ringSecs,
    answered,
    outsideHours,
  };
  if (answered) return { ...base, outcome: 'transferred', callbackAt: null };
  const earliest = new Date(callEndedAt.getTime() + CALLBACK_MIN_DELAY_MINUTES * 60_000);
  const latest = callEndedAt.getTime() + CALLBACK_MAX_AHEAD_DAYS * 24 * 3600_000;
  const asked =
    requestedCallbackAt && requestedCallbackAt >= earliest && requestedCallbackAt.getTime() <= latest
      ? requestedCallbackAt
      : null;
  const callbackAt = asked ?? (target && nextTargetOpening(target, earliest)) ?? earliest;
  return { ...base, outcome: 'transfer_missed', callbackAt };
}

/**
 * A target as the voice provider's transfer tool takes it: a conference transfer (the agent stays on the line while
 * it rings, so a missed one comes back to the agent), its condition with the target's name, hours and ring time in
 * words, which the provider's model reads.
 */
export function providerTransferOf(target: TransferTarget): {
  phoneNumber: string;
  condition: string;
  transferType: 'conference';
  ringTimeoutSecs: number;
} {
  const { days, start, end } = target.businessHours;
  const dayList = days.map((day) => day.slice(0, 3)).join(', ');
  return {
    phoneNumber: target.phoneNumber,
    condition:
      `${target.condition} (Transfer to ${target.name}. Only ${dayList} ${start}–${end} ${target.timezone}; ` +
      `if it does not answer within ${target.ringTimeoutSeconds} seconds or is closed, tell the caller someone will call them back.)`,
    transferType: 'conference',
    ringTimeoutSecs: target.ringTimeoutSeconds,
  };
}

/** A finished call as the verdict needs it: how long it lasted, the transfer it attempted, a callback time asked. */
export interface CallWithTransfer {
  durationSec: number;
  transfer?: { toNumber: string; ringSecs: number; answered: boolean; atSecs: number } | null;
  /** UTC ISO. */
  requestedCallbackAt?: string | null;
}

/**
 * How a transfer attempted during the call ended, judged by the agent's targets and their hours at the moment of the
 * transfer (counted back from when the call ended, on our clock); null when the agent attempted none.
 */
export function transferVerdictOf(
  call: CallWithTransfer,
  targets: readonly TransferTarget[],
  endedAt: Date,
): TransferVerdict | null {
  const { transfer } = call;
  if (!transfer) return null;
  const secsBeforeEnd = Math.max(0, Math.round(call.durationSec) - transfer.atSecs);
  return judgeTransfer(
    targets,
    {
      toNumber: transfer.toNumber,
      ringSecs: transfer.ringSecs,
      answered: transfer.answered,
      at: new Date(endedAt.getTime() - secsBeforeEnd * 1000),
    },
    endedAt,
    call.requestedCallbackAt ? new Date(call.requestedCallbackAt) : null,
  );
}
