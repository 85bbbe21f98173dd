/**
 * Six months of a dental clinic's calls, made up from a seed and today's date alone, so every fresh demo tells the
 * same story relative to the day it is shown: weekday business hours in the clinic's zone, Monday peaks, steady
 * growth, a recall campaign month that runs past the plan's included minutes (ringing each patient again as its
 * retries allow, until it is done with them), a running recall campaign whose calls reach machines (a message left
 * on most) and hand interested patients to the front desk, and a win-back of lapsed patients whose old numbers mostly
 * fail, paused by the dialer's failure brake.
 */
import { DateTime } from 'luxon';
import type { SentimentAnalysis, SentimentOverall } from '@shared/api/calls.types';
import { billedMinutes } from '@shared/domain/call-minutes';
import { countsAsMachine, type CallOutcome } from '@shared/domain/call-outcomes';
import { decideRetry } from '@shared/domain/dialing-retry';
import { fillMessageTemplate, type MachineHandling } from '@shared/domain/machine-handling';
import type { TransferTarget } from '@shared/domain/transfer-target';
import { failureBrake, FAILURE_WINDOW } from '../../modules/dialer/brake-rules';
import type { VoiceTranscriptTurn } from '../../providers/voice/voice.types';
import { OUTBOUND_OUTCOME_BY_LAST_DIGIT, RESERVED_TEST_NUMBERS } from '../../sandbox/call-script';

/** The history's months: this one and the five before it, the six bars of the usage chart. */
export const DEMO_HISTORY_MONTHS = 6;

/** The clinic's zone: its opening hours, its campaigns' calling windows and its front desk's hours. */
export const CLINIC_TIMEZONE = 'Pacific/Auckland';

/** The people at the clinic's front desk, to whom the agents hand a patient who wants a person. */
export const DEMO_FRONT_DESK: TransferTarget = {
  name: 'Front desk team',
  phoneNumber: '+6493770123',
  timezone: CLINIC_TIMEZONE,
  businessHours: { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], start: '08:00', end: '17:30' },
  condition: 'The patient wants to book now with a person, or asks to speak to someone at the clinic.',
  ringTimeoutSeconds: 25,
};

/** What the running recall campaign does on a machine: a message after the beep; screening bots are machines. */
export const RECALL_MACHINE_HANDLING: MachineHandling = {
  action: 'leave_message',
  message:
    'Hi {{first_name}}, this is Demo Dental Clinic. You are due for your six-monthly check-up. ' +
    'Call us back on 09 377 0123 or book online, and we will see you soon.',
  screeningBot: 'machine',
};

/** Both recall campaigns try a patient twice more, two hours apart at least. */
export const RECALL_RETRIES = { maxRetries: 2, retryDelayMinutes: 120 };

export type DemoAgentRole = 'receptionist' | 'reminders' | 'afterHours' | 'winBack';

/** Every outcome but `failed`: a number refused as it was placed begins no call. */
export type DemoOutcome = Exclude<CallOutcome, 'failed'>;

export interface DemoCall {
  role: DemoAgentRole;
  direction: 'inbound' | 'outbound';
  outcome: DemoOutcome;
  startedAt: Date;
  durationSec: number;
  customerPhoneNumber: string;
  /** The patient's first name (the recall contact's `first_name`). */
  patient: string;
  transcript: VoiceTranscriptTurn[];
  summary: string | null;
  callSuccessful: 'success' | 'failure' | null;
  analysis: SentimentAnalysis | null;
  /**
   * Set for the campaigns' calls: the recalls' 'finished' (last month's) or 'running' (the last three weeks'), and
   * the win-back's ('winBack', a few days ago).
   */
  campaign: 'finished' | 'running' | 'winBack' | null;
  /**
   * A machine's verdict, as the agent's voicemail tool reports it: the answering-machine detection (Twilio's
   * `AnsweredBy` words, or the screener) and the message left, if any.
   */
  machine: { answeredBy: string; voicemailMessage: string | null } | null;
  /** The warm transfer the agent attempted: when in the call, how long the front desk rang, and whether it answered. */
  transfer: { atSecs: number; ringSecs: number; answered: boolean } | null;
}

/** A small fast deterministic generator (mulberry32): the same seed gives the same clinic. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

/** One of the outcomes, drawn by their shares (which add up to 1). */
function drawOutcome<Outcome extends CallOutcome>(
  random: () => number,
  shares: ReadonlyArray<readonly [Outcome, number]>,
): Outcome {
  let roll = random();
  for (const [outcome, share] of shares) {
    if (roll < share) return outcome;
    roll -= share;
  }
  return shares[shares.length - 1]?.[0] as Outcome;
}

/** Last month's recall, before answer classification: a machine was just `voicemail`. */
const FINISHED_RECALL_SHARES = [
  ['answered', 0.68],
  ['voicemail', 0.16],
  ['no_answer', 0.1],
  ['busy', 0.06],
] as const;

/**
 * The running recall: 84 % of calls connect; of those about 27 % reach a machine (a message left on most, a mailbox
 * without a beep, a screening bot treated as a machine, a rare fax line), and about one person in ten asks for the
 * front desk, which answers most of the time.
 */
const RUNNING_RECALL_SHARES = [
  ['answered', 0.543],
  ['transferred', 0.05],
  ['transfer_missed', 0.02],
  ['voicemail_left', 0.16],
  ['machine_no_message', 0.04],
  ['screened', 0.02],
  ['fax', 0.007],
  ['no_answer', 0.1],
  ['busy', 0.06],
] as const;

export const PATIENTS = [
  'Aroha',
  'Ben',
  'Chloe',
  'Daniel',
  'Emma',
  'Finn',
  'Grace',
  'Hemi',
  'Isla',
  'Jack',
  'Mere',
  'Noah',
];
export const PATIENT_SURNAMES = ['Ngata', 'Smith', 'Wilson', 'Patel', 'Brown', 'Tane', 'Chen', 'Walker', 'Singh'];
const REASONS = [
  { ask: 'I need to book a check-up and clean.', booked: 'booked a check-up and clean' },
  { ask: 'I have a toothache on the lower left side.', booked: 'booked an urgent toothache appointment' },
  { ask: 'Can I move my appointment on Thursday?', booked: 'moved an appointment to next week' },
  { ask: 'Do you do teeth whitening, and what does it cost?', booked: 'booked a whitening consultation' },
  { ask: 'My son chipped a front tooth at rugby.', booked: 'booked an emergency visit for a chipped tooth' },
  // Said aloud, stored redacted: the clinic's data policy keeps card numbers out of transcripts.
  {
    ask: 'I want to pay my $85 invoice by card: 4111 1111 1111 1111, expiry 08/28.',
    booked: 'taken the $85 card payment for the last invoice',
  },
];

const SENTIMENT_WORDS: Record<SentimentOverall, string> = {
  positive: 'The caller was relaxed and thanked the agent warmly.',
  neutral: 'The caller was matter-of-fact throughout.',
  negative: 'The caller was anxious about pain and waiting times.',
};

type Line = ['user' | 'agent', string];

const recallOpening = (name: string): Line => [
  'agent',
  `Hi ${name}, this is Demo Dental Clinic calling about your six-monthly check-up.`,
];

/** A person's call, its lines spread evenly over its length. */
function conversation(random: () => number, role: DemoAgentRole, name: string, durationSec: number) {
  const reason = pick(random, REASONS);
  const step = Math.max(4, Math.floor(durationSec / 6));
  const lines: Line[] =
    role === 'reminders'
      ? [
          recallOpening(name),
          ['user', 'Oh right, yes, I was meaning to book that.'],
          ['agent', 'We have Tuesday at 10:30 am or Wednesday at 3 pm. Which suits you?'],
          ['user', 'Wednesday at 3 works.'],
          ['agent', 'Lovely, you are booked for Wednesday at 3 pm. We will text a reminder the day before.'],
          ['user', 'Thanks, bye.'],
        ]
      : [
          ['agent', 'Good morning, Demo Dental Clinic, how can I help?'],
          ['user', `Hi, it's ${name}. ${reason.ask}`],
          ['agent', 'Of course. Can I take your date of birth and a contact number?'],
          ['user', 'Sure, my date of birth is the 4th of March 1988, and this mobile is fine.'],
          ['agent', `Thanks ${name}, I have ${reason.booked} for you and sent a confirmation text.`],
          ['user', 'Perfect, thank you.'],
        ];
  const transcript = lines.map(([speaker, message], index) => ({
    role: speaker,
    message,
    timeInCallSecs: index * step,
  }));
  const summary =
    role === 'reminders'
      ? `${name} was reminded of their six-monthly check-up and booked it.`
      : `${name} called the clinic and the agent ${reason.booked}.`;
  return { transcript, summary };
}

/** Lines said one after another from `from` seconds, at about 2.5 words a second with a pause between. */
function spoken(random: () => number, lines: readonly Line[], from = 0) {
  let clock = from;
  const turns = lines.map(([role, message]) => {
    const turn = { role, message, timeInCallSecs: clock };
    clock += Math.max(1, Math.round(message.split(/\s+/).length / 2.5)) + between(random, 1, 3);
    return turn;
  });
  return { turns, end: clock + 1 };
}

const MACHINE_CALLS = {
  voicemail_left: {
    greeting: (name: string): Line => [
      'user',
      `Hi, you've reached ${name}. I can't take your call right now, please leave a message after the tone.`,
    ],
    answeredBy: 'machine_end_beep',
    summary: (name: string) => `The call reached ${name}'s voicemail and the agent left the check-up recall message.`,
  },
  machine_no_message: {
    greeting: (): Line => ['user', 'The mailbox is full and cannot accept any messages.'],
    answeredBy: 'machine_end_silence',
    summary: () => 'An answering machine without a beep (mailbox full) answered; no message could be left.',
  },
  screened: {
    greeting: (): Line => [
      'user',
      'Hi, the person you are calling is using a screening service. Please say your name and why you are calling.',
    ],
    answeredBy: 'call_screening',
    summary: () => 'A call-screening assistant answered; the campaign treats screeners as machines, so the call ended.',
  },
  fax: {
    greeting: (): Line => ['user', ''],
    answeredBy: 'fax',
    summary: () => 'A fax line answered; the number will not be called again.',
  },
} as const;

/**
 * A recall call a machine answered: its greeting, then the agent's voicemail tool, which speaks the campaign's
 * message after a beep (filled with the patient's name, as the dialer fills it) or nothing, and hangs up.
 */
function machineCall(random: () => number, outcome: keyof typeof MACHINE_CALLS, name: string) {
  const kind = MACHINE_CALLS[outcome];
  const message =
    outcome === 'voicemail_left' && RECALL_MACHINE_HANDLING.message
      ? fillMessageTemplate(RECALL_MACHINE_HANDLING.message, { first_name: name })
      : null;
  const { turns, end } = spoken(random, [kind.greeting(name), ['agent', message ?? '']]);
  return {
    transcript: turns,
    durationSec: end,
    summary: kind.summary(name),
    machine: { answeredBy: kind.answeredBy, voicemailMessage: message },
  };
}

/**
 * A recall call in which the patient asks for a person: the agent transfers to the front desk; answered, the agent
 * leaves the call to them; unanswered after the ring timeout, it says someone will call back.
 */
function transferCall(random: () => number, answered: boolean, name: string) {
  const opening = spoken(random, [
    recallOpening(name),
    ['user', 'Oh good, I want to book, but I have a question about my insurance. Can I talk to someone?'],
    ['agent', 'Of course, let me put you through to our front desk. Please hold.'],
  ]);
  const atSecs = opening.turns[opening.turns.length - 1]?.timeInCallSecs ?? 0;
  const ringSecs = answered ? between(random, 4, 12) : DEMO_FRONT_DESK.ringTimeoutSeconds;
  const after = spoken(
    random,
    answered
      ? [['agent', `You are through to the front desk now. Thanks, ${name}!`]]
      : [
          [
            'agent',
            'I am sorry, nobody at the front desk could take your call just now. Someone will call you back soon.',
          ],
          ['user', 'Okay, thanks.'],
          ['agent', `Thanks for your time, ${name}. Have a lovely day!`],
        ],
    opening.end + ringSecs + 1,
  );
  return {
    transcript: [...opening.turns, ...after.turns],
    durationSec: after.end,
    summary: answered
      ? `${name} wanted to book and asked for a person; the agent transferred the call to the front desk, which answered after ${ringSecs} seconds.`
      : `${name} asked to speak to the front desk to book; nobody answered within ${ringSecs} seconds, so a callback was arranged.`,
    transfer: { atSecs, ringSecs, answered },
  };
}

function analysisOf(random: () => number, successful: boolean): SentimentAnalysis {
  const overall: SentimentOverall = successful
    ? random() < 0.75
      ? 'positive'
      : 'neutral'
    : random() < 0.5
      ? 'negative'
      : 'neutral';
  const quality = successful ? between(random, 7, 10) : between(random, 3, 6);
  return {
    customerSentiment: { overall, confidence: 0.7 + random() * 0.29, description: SENTIMENT_WORDS[overall] },
    questionAnswering: {
      answerQuality: quality,
      allQuestionsAnswered: successful,
      unansweredQuestions: successful ? [] : ['Whether the treatment is covered by their insurer'],
    },
    improvementSuggestions: successful ? [] : ['Offer a call back from the practice manager about fees.'],
  };
}

/** Calls per day before noise: Mondays peak, weekends are quiet, the clinic grows about half again over the period. */
function expectedCalls(dayOfWeek: number, progress: number): number {
  const byWeekday = [1, 20, 14, 13, 13, 12, 4][dayOfWeek] as number;
  return byWeekday * (0.7 + 0.5 * progress);
}

/** The running recall campaign has been dialling for the last three weeks. */
const RUNNING_CAMPAIGN_DAYS = 20;

const monthKey = (date: Date) => date.toISOString().slice(0, 7);

type CallShape = Pick<
  DemoCall,
  'transcript' | 'durationSec' | 'summary' | 'callSuccessful' | 'analysis' | 'machine' | 'transfer'
>;

/** What was said on a call that ended with `outcome`, and how long it lasted. */
function callShape(random: () => number, role: DemoAgentRole, outcome: DemoOutcome, name: string): CallShape {
  const silent = { transcript: [], summary: null, callSuccessful: null, analysis: null, machine: null, transfer: null };
  switch (outcome) {
    case 'busy':
    case 'no_answer':
      return { ...silent, durationSec: 0 };
    case 'voicemail':
      return { ...silent, durationSec: between(random, 18, 40) };
    case 'voicemail_left':
    case 'machine_no_message':
    case 'screened':
    case 'fax':
      return { ...silent, ...machineCall(random, outcome, name), callSuccessful: 'failure' };
    case 'transferred':
    case 'transfer_missed': {
      const answered = outcome === 'transferred';
      const call = transferCall(random, answered, name);
      return {
        ...call,
        callSuccessful: answered ? 'success' : 'failure',
        analysis: analysisOf(random, answered),
        machine: null,
      };
    }
    case 'answered': {
      const durationSec = role === 'reminders' ? between(random, 40, 150) : between(random, 70, 330);
      const successful = random() < 0.86;
      return {
        ...conversation(random, role, name, durationSec),
        durationSec,
        callSuccessful: successful ? 'success' : 'failure',
        analysis: analysisOf(random, successful),
        machine: null,
        transfer: null,
      };
    }
  }
}

const endOf = (call: Pick<DemoCall, 'startedAt' | 'durationSec'>) =>
  new Date(call.startedAt.getTime() + call.durationSec * 1000);

/**
 * How the dialer left a recall patient after each of `calls` (theirs, in order), by the retry policy: done, or due
 * again at a moment.
 */
export function recallRetryDecision(calls: ReadonlyArray<Pick<DemoCall, 'outcome' | 'startedAt' | 'durationSec'>>) {
  const last = calls[calls.length - 1];
  if (!last) throw new RangeError('A recall patient is decided after a call');
  return decideRetry({
    outcome: last.outcome,
    attemptsMade: calls.length,
    ...RECALL_RETRIES,
    earlierVoicemails: calls.slice(0, -1).filter((call) => countsAsMachine(call.outcome)).length,
    invalidNumber: false,
    endedAt: endOf(last),
  });
}

/** One patient in this many that a recall call leaves waiting for a retry tells the clinic not to call again first. */
const OPT_OUT_EVERY = 30;
const OPT_OUT_AFTER_MS = 60 * 60 * 1000;

/**
 * When a recall patient opted out: an hour after their last call, if it left them waiting for a retry that never
 * came (they told the clinic first, or the campaign had ended); null for a patient the dialer was done with.
 */
export function recallOptOutAt(calls: ReadonlyArray<Pick<DemoCall, 'outcome' | 'startedAt' | 'durationSec'>>) {
  const last = calls[calls.length - 1];
  if (!last || !recallRetryDecision(calls).retryAt) return null;
  return new Date(endOf(last).getTime() + OPT_OUT_AFTER_MS);
}

/** Last month's recall patients' numbers: made from their place in the list, so no two are the same. */
const finishedRecallNumber = (index: number) => `+6421${String(400000 + index).padStart(7, '0')}`;

/**
 * Who last month's recall rang, call by call: the patient whose retry came due first, as the dialer takes due
 * retries, else the next patient of the list; a few patients waiting for a retry opt out before it. Every call to a
 * patient carries the patient's number and the name of the last one (the calls before it reached nobody and said no
 * name).
 */
function ringFinishedRecall(calls: readonly DemoCall[]): void {
  const patients: DemoCall[][] = [];
  const waiting: Array<{ calls: DemoCall[]; dueAt: Date }> = [];
  let retriesDue = 0;
  for (const call of calls) {
    const due = waiting
      .filter((patient) => patient.dueAt <= call.startedAt)
      .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())[0];
    const patient = due ? due.calls : [];
    if (due) waiting.splice(waiting.indexOf(due), 1);
    else patients.push(patient);
    patient.push(call);
    const { retryAt } = recallRetryDecision(patient);
    if (!retryAt) continue;
    retriesDue += 1;
    if (retriesDue % OPT_OUT_EVERY !== 0) waiting.push({ calls: patient, dueAt: retryAt });
  }
  for (const [index, patient] of patients.entries()) {
    const name = patient[patient.length - 1]?.patient ?? '';
    for (const call of patient) {
      call.customerPhoneNumber = finishedRecallNumber(index);
      call.patient = name;
    }
  }
}

/** Every call of the period before `now`, oldest first. */
export function demoCallHistory(now: Date, seed: number): DemoCall[] {
  const random = seededRandom(seed);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (DEMO_HISTORY_MONTHS - 1), 1));
  const lastMonth = monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  // The clinic's days, in its own zone: the day the history begins on, to today.
  const today = DateTime.fromJSDate(now, { zone: CLINIC_TIMEZONE }).startOf('day');
  const firstDay = DateTime.fromJSDate(first, { zone: CLINIC_TIMEZONE }).startOf('day');
  const totalDays = Math.round(today.diff(firstDay, 'days').days);
  const calls: DemoCall[] = [];
  for (let daysAgo = totalDays; daysAgo >= 0; daysAgo -= 1) {
    const day = today.minus({ days: daysAgo });
    const dayOfWeek = day.weekday % 7;
    const progress = 1 - daysAgo / totalDays;
    const inbound = Math.round(expectedCalls(dayOfWeek, progress) * (0.8 + random() * 0.4));
    const weekday = dayOfWeek >= 1 && dayOfWeek <= 5;
    // Last month's recall campaign, and the running one over the last three weeks, ring patients on weekdays.
    const campaign: DemoCall['campaign'] =
      daysAgo <= RUNNING_CAMPAIGN_DAYS ? 'running' : day.toISODate()?.slice(0, 7) === lastMonth ? 'finished' : null;
    const outbound = weekday && campaign ? between(random, 22, 30) : 0;
    for (let index = 0; index < inbound + outbound; index += 1) {
      const isOutbound = index >= inbound;
      // Opening hours (08:00-17:59) mostly; the after-hours agent answers the evening and early-morning calls; the
      // recall campaign calls within its window (09:00-17:00).
      const afterHours = !isOutbound && random() < 0.12;
      const hour = isOutbound
        ? between(random, 9, 16)
        : afterHours
          ? pick(random, [6, 7, 18, 19, 20, 21])
          : between(random, 8, 17);
      const startedAt = day.plus({ hours: hour, seconds: between(random, 0, 3599) }).toJSDate();
      if (startedAt > now || startedAt < first) continue;
      const outcome: DemoOutcome = !isOutbound
        ? 'answered'
        : drawOutcome(random, campaign === 'running' ? RUNNING_RECALL_SHARES : FINISHED_RECALL_SHARES);
      const role: DemoAgentRole = isOutbound ? 'reminders' : afterHours ? 'afterHours' : 'receptionist';
      const patient = pick(random, PATIENTS);
      calls.push({
        role,
        direction: isOutbound ? 'outbound' : 'inbound',
        outcome,
        startedAt,
        customerPhoneNumber: `+642${between(random, 10000000, 99999999)}`,
        patient,
        campaign: isOutbound ? campaign : null,
        ...callShape(random, role, outcome, patient),
      });
    }
  }
  calls.push(...winBackDialling(now, seed).attempts.flatMap((attempt) => (attempt.call ? [attempt.call] : [])));
  calls.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  ringFinishedRecall(calls.filter((call) => call.campaign === 'finished'));
  return calls;
}

/**
 * The win-back's list of lapsed patients is old: most numbers are no longer in service (the call is refused when it
 * is placed), and of the rest few pick up.
 */
const WIN_BACK_SHARES = [
  ['failed', 0.6],
  ['no_answer', 0.25],
  ['busy', 0.15],
] as const;
export const WIN_BACK_CONTACTS = 36;
/** The win-back dialled on the last weekday at least this many days ago, from 10:00, one call each interval. */
const WIN_BACK_DAYS_AGO = 3;
const WIN_BACK_INTERVAL_MS = 5 * 60 * 1000;

type WinBackOutcome = (typeof WIN_BACK_SHARES)[number][0];

/**
 * A win-back patient's number, made from their place in the list and ending as the sandbox ends a call to it the
 * same way (a refused destination, or the last digit of a busy line or of no answer), so a resumed win-back goes on
 * as it began.
 */
function winBackNumber(index: number, outcome: WinBackOutcome): string {
  const place = String(index).padStart(2, '0');
  if (outcome === 'failed') return `+64216${place}${RESERVED_TEST_NUMBERS.invalidDestinationSuffix}`;
  const lastDigit = Object.keys(OUTBOUND_OUTCOME_BY_LAST_DIGIT).find(
    (digit) => OUTBOUND_OUTCOME_BY_LAST_DIGIT[digit] === outcome,
  );
  return `+64217${place}0010${lastDigit ?? ''}`;
}

export interface WinBackAttempt {
  patient: string;
  customerPhoneNumber: string;
  placedAt: Date;
  outcome: WinBackOutcome;
  /** The call the attempt placed; null when the number was refused as it was placed (no call began). */
  call: DemoCall | null;
}

/**
 * The win-back campaign's run: its patients in list order, dialled one each interval until the dialer's failure
 * brake stopped it, with the reason that brake gave for the outcomes it had just seen (newest first). Drawn from its
 * own generator, so the rest of the history is the same with it or without it.
 */
export function winBackDialling(now: Date, seed: number) {
  const random = seededRandom(seed ^ 0x5eed);
  const patients = Array.from({ length: WIN_BACK_CONTACTS }, (_, index) => {
    const outcome = drawOutcome(random, WIN_BACK_SHARES);
    return { patient: pick(random, PATIENTS), customerPhoneNumber: winBackNumber(index, outcome), outcome };
  });
  let day = DateTime.fromJSDate(now, { zone: CLINIC_TIMEZONE }).startOf('day').minus({ days: WIN_BACK_DAYS_AGO });
  while (day.weekday > 5) day = day.minus({ days: 1 });
  const start = day.set({ hour: 10 }).toMillis();
  const attempts: WinBackAttempt[] = [];
  for (const [index, patient] of patients.entries()) {
    const placedAt = new Date(start + index * WIN_BACK_INTERVAL_MS + between(random, 0, 20) * 1000);
    const call: DemoCall | null =
      patient.outcome === 'failed'
        ? null
        : {
            role: 'winBack',
            direction: 'outbound',
            outcome: patient.outcome,
            startedAt: placedAt,
            customerPhoneNumber: patient.customerPhoneNumber,
            patient: patient.patient,
            campaign: 'winBack',
            ...callShape(random, 'winBack', patient.outcome, patient.patient),
          };
    attempts.push({ ...patient, placedAt, call });
    const pausedReason = failureBrake(
      attempts
        .slice(-FAILURE_WINDOW)
        .reverse()
        .map((attempt) => attempt.outcome),
    );
    if (pausedReason) return { patients, attempts, pausedReason, pausedAt: call ? endOf(call) : placedAt };
  }
  throw new Error('The win-back list never trips the failure brake');
}

export interface DemoUsageMonth {
  month: string;
  calls: number;
  secondsUsed: number;
  minutesUsed: number;
}

/** The calls' usage per calendar month, in whole minutes per call as usage bills them. */
export function usageByMonth(calls: readonly DemoCall[]): DemoUsageMonth[] {
  const months = new Map<string, DemoUsageMonth>();
  for (const call of calls) {
    const month = monthKey(call.startedAt);
    const current = months.get(month) ?? { month, calls: 0, secondsUsed: 0, minutesUsed: 0 };
    current.calls += 1;
    current.secondsUsed += call.durationSec;
    current.minutesUsed += billedMinutes(call.durationSec);
    months.set(month, current);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}
