/**
 * Six months of a dental clinic's calls, made up from a seed and today's date alone, so every fresh demo tells the
 * same story relative to the day it is shown: weekday business hours, Monday peaks, steady growth, and a recall
 * campaign month that runs past the plan's included minutes.
 */
import type { SentimentAnalysis, SentimentOverall } from '@shared/api/calls.types';
import { billedMinutes } from '@shared/domain/call-minutes';
import type { VoiceTranscriptTurn } from '../../providers/voice/voice.types';

/** The history's months: this one and the five before it, the six bars of the usage chart. */
export const DEMO_HISTORY_MONTHS = 6;

export type DemoAgentRole = 'receptionist' | 'reminders' | 'afterHours';

export interface DemoCall {
  role: DemoAgentRole;
  direction: 'inbound' | 'outbound';
  outcome: 'answered' | 'voicemail' | 'busy' | 'no_answer';
  startedAt: Date;
  durationSec: number;
  customerPhoneNumber: string;
  transcript: VoiceTranscriptTurn[];
  summary: string | null;
  callSuccessful: 'success' | 'failure' | null;
  analysis: SentimentAnalysis | null;
  /** Set for the recall campaign's calls: 'finished' (last month's) or 'running' (the last fortnight's). */
  campaign: 'finished' | 'running' | null;
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

const PATIENTS = ['Aroha', 'Ben', 'Chloe', 'Daniel', 'Emma', 'Finn', 'Grace', 'Hemi', 'Isla', 'Jack', 'Mere', 'Noah'];
const REASONS = [
  { ask: 'I need to book a check-up and clean.', booked: 'booked a check-up and clean' },
  { ask: 'I have a toothache on the lower left side.', booked: 'booked an urgent toothache appointment' },
  { ask: 'Can I move my appointment on Thursday?', booked: 'moved an appointment to next week' },
  { ask: 'Do you do teeth whitening, and what does it cost?', booked: 'booked a whitening consultation' },
  { ask: 'My son chipped a front tooth at rugby.', booked: 'booked an emergency visit for a chipped tooth' },
];

const SENTIMENT_WORDS: Record<SentimentOverall, string> = {
  positive: 'The caller was relaxed and thanked the agent warmly.',
  neutral: 'The caller was matter-of-fact throughout.',
  negative: 'The caller was anxious about pain and waiting times.',
};

function conversation(random: () => number, role: DemoAgentRole, durationSec: number) {
  const name = pick(random, PATIENTS);
  const reason = pick(random, REASONS);
  const step = Math.max(4, Math.floor(durationSec / 6));
  const lines: Array<['user' | 'agent', string]> =
    role === 'reminders'
      ? [
          ['agent', `Hi ${name}, this is Demo Dental Clinic calling about your six-monthly check-up.`],
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
          ['user', 'Sure, the 4th of March 1988, and this mobile is fine.'],
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

/** Every call of the period before `now`, oldest first. */
export function demoCallHistory(now: Date, seed: number): DemoCall[] {
  const random = seededRandom(seed);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const lastMonth = monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (DEMO_HISTORY_MONTHS - 1), 1);
  const totalDays = Math.round((today - first) / 86_400_000);
  const calls: DemoCall[] = [];
  for (let daysAgo = totalDays; daysAgo >= 0; daysAgo -= 1) {
    const day = new Date(today - daysAgo * 86_400_000);
    const progress = 1 - daysAgo / totalDays;
    const inbound = Math.round(expectedCalls(day.getUTCDay(), progress) * (0.8 + random() * 0.4));
    const weekday = day.getUTCDay() >= 1 && day.getUTCDay() <= 5;
    // Last month's recall campaign, and the running one over the last fortnight, ring patients on weekdays.
    const campaign: DemoCall['campaign'] =
      daysAgo <= RUNNING_CAMPAIGN_DAYS ? 'running' : monthKey(day) === lastMonth ? 'finished' : null;
    const outbound = weekday && campaign ? between(random, 22, 30) : 0;
    for (let index = 0; index < inbound + outbound; index += 1) {
      const isOutbound = index >= inbound;
      // Business hours (08:00-17:59) mostly; the after-hours agent answers the evening and early-morning calls.
      const afterHours = !isOutbound && random() < 0.12;
      const hour = afterHours ? pick(random, [6, 7, 18, 19, 20, 21]) : between(random, 8, 17);
      const startedAt = new Date(day.getTime() + hour * 3_600_000 + between(random, 0, 3599) * 1000);
      if (startedAt > now) continue;
      const outcomeRoll = random();
      const outcome: DemoCall['outcome'] = !isOutbound
        ? 'answered'
        : outcomeRoll < 0.68
          ? 'answered'
          : outcomeRoll < 0.84
            ? 'voicemail'
            : outcomeRoll < 0.94
              ? 'no_answer'
              : 'busy';
      const role: DemoAgentRole = isOutbound ? 'reminders' : afterHours ? 'afterHours' : 'receptionist';
      const durationSec =
        outcome !== 'answered'
          ? outcome === 'voicemail'
            ? between(random, 18, 40)
            : 0
          : isOutbound
            ? between(random, 40, 150)
            : between(random, 70, 330);
      const customerPhoneNumber = `+642${between(random, 10000000, 99999999)}`;
      const base = {
        role,
        direction: isOutbound ? ('outbound' as const) : ('inbound' as const),
        outcome,
        startedAt,
        durationSec,
        customerPhoneNumber,
        campaign: isOutbound ? campaign : null,
      };
      if (outcome !== 'answered') {
        calls.push({ ...base, transcript: [], summary: null, callSuccessful: null, analysis: null });
        continue;
      }
      const successful = random() < 0.86;
      const { transcript, summary } = conversation(random, role, durationSec);
      calls.push({
        ...base,
        transcript,
        summary,
        callSuccessful: successful ? 'success' : 'failure',
        analysis: analysisOf(random, successful),
      });
    }
  }
  return calls.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
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
