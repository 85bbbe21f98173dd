import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { DialingPreview, NeverCallable, CallableLaterGroup } from '@shared/api/dialer.types';
import { DateTime } from 'luxon';
import {
  campaignDayOf,
  isCallAllowed,
  LOOKAHEAD_DAYS,
  nextAllowedTime,
  quietHoursRuleOf,
  zonesOfCalledParty,
  type CalledParty,
  type CampaignWindow,
} from '@shared/domain/calling-window';
import { countsAsMachine } from '@shared/domain/call-outcomes';
import { decideRetry, type AttemptOutcome } from '@shared/domain/dialing-retry';
import type { DialingContact } from '../contacts/contact-dialing.service';
import { paceSlots } from './pacing-rules';
import { calledPartyOf } from './window-rules';

/**
 * What the forecast needs of a pending contact: who it calls, when it is due, how often it may still try, and whether
 * it gave marketing consent (unset: it did not).
 */
export type ForecastContact = Pick<
  DialingContact,
  'phoneNumber' | 'metadata' | 'nextAttemptAt' | 'scheduledFor' | 'attemptsMade' | 'maxRetries' | 'retryDelayMinutes'
> & { marketingConsent?: boolean };

/** The share of attempts ending each way; they add up to 1. */
export type OutcomeMix = Record<AttemptOutcome, number>;

/**
 * The mix a campaign without enough history of its own is forecast with: typical of outbound calling to people who
 * gave their number (about two in five answer, one in five reach voicemail).
 */
export const DEFAULT_OUTCOME_MIX: OutcomeMix = {
  answered: 0.4,
  voicemail: 0.2,
  no_answer: 0.25,
  busy: 0.1,
  failed: 0.05,
  // Transfers are answered calls handed on; without the campaign's own history none are assumed.
  transferred: 0,
  transfer_missed: 0,
  // Answer classification's outcomes start at nothing; a campaign's own history gives them their share.
  voicemail_left: 0,
  machine_no_message: 0,
  screened: 0,
  fax: 0,
};

/** Below this many settled attempts a campaign's own outcomes say too little; the default mix is used instead. */
export const MIN_HISTORY_ATTEMPTS = 20;

/** How long a line is held by an attempt ending each way, in seconds (ringing included). */
export const CALL_SECONDS: OutcomeMix = {
  answered: 180,
  voicemail: 60,
  no_answer: 45,
  busy: 15,
  failed: 10,
  // A transfer holds the line until the person is through (or the agent has told the caller it will call back).
  transferred: 120,
  transfer_missed: 120,
  voicemail_left: 60,
  machine_no_message: 40,
  screened: 30,
  fax: 10,
};

/** Beyond this, or beyond this many simulated calls, the forecast says it cannot tell. */
const HORIZON_MS = 366 * 86_400_000;
const MAX_SIMULATED_CALLS = 100_000;
/** At most this many "callable later" groups; the last one holds every later contact. */
const MAX_LATER_GROUPS = 12;
const HOUR_MS = 3_600_000;

/** The campaign's outcome mix: its own settled attempts when it has enough of them, otherwise the default. */
export function outcomeMixOf(history: Readonly<Record<string, number>>): OutcomeMix {
  const counts = Object.keys(DEFAULT_OUTCOME_MIX).map((outcome) => history[outcome] ?? 0);
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total < MIN_HISTORY_ATTEMPTS) return DEFAULT_OUTCOME_MIX;
  const entries = Object.keys(DEFAULT_OUTCOME_MIX).map((outcome, index) => [outcome, (counts[index] ?? 0) / total]);
  return Object.fromEntries(entries) as OutcomeMix;
}

/** The settings and the capacity the schedule is simulated under, as the dialer applies them. */
export interface ScheduleSettings {
  window: CampaignWindow;
  maxCallsPerDay: number;
  callIntervalMinutes: number;
  /** The tenant's outbound lines (its concurrent calls less the inbound reserve) and those busy now. */
  outboundLines: number;
  callsInFlight: number;
  /** The telephony account's calls per second. */
  callsPerSecond: number;
  /** Attempts already made in the campaign's current day, and when its interval lets it call next. */
  callsToday: number;
  slotFreeAt: Date | null;
}

interface Callable {
  party: CalledParty;
  partyKey: string;
  order: number;
  firstCallableAt: number;
  contact: ForecastContact;
  /**
   * An invalid or repeated number: never reached, yet the dialer still dials it once (the provider refuses it), taking
   * a place under the cap and the interval.
   */
  dialledInVain: boolean;
}

/**
 * Who of the pending contacts the dialer will ever reach (a valid number, not on the do-not-call list, not the same
 * number twice, legal hours that meet the window), and when each is first callable; invalid and repeated numbers are
 * kept too, marked, since the dialer dials them once all the same.
 */
export function sortPending(
  pending: readonly ForecastContact[],
  listed: ReadonlySet<string>,
  window: CampaignWindow,
  now: Date,
  /** A marketing campaign: contacts without marketing consent are never called. */
  needsMarketingConsent = false,
): { callable: Callable[]; never: NeverCallable } {
  const never: NeverCallable = {
    count: 0,
    invalidNumber: 0,
    doNotCall: 0,
    duplicate: 0,
    outsideLegalHours: 0,
    noConsent: 0,
  };
  const seen = new Set<string>();
  const callable: Callable[] = [];
  // Contacts of one country (and zone) share their legal hours: the moment is looked up once for each due time.
  const firstMoments = new Map<string, number | null>();
  const skip = (reason: Exclude<keyof NeverCallable, 'count'>) => {
    never[reason] += 1;
    never.count += 1;
  };
  const firstCallableAt = (contact: ForecastContact, party: CalledParty, partyKey: string) => {
    const dueMs = Math.max(now.getTime(), timeOf(contact.nextAttemptAt), timeOf(contact.scheduledFor));
    const key = `${partyKey}|${dueMs}`;
    if (!firstMoments.has(key))
      firstMoments.set(key, nextAllowedTime(new Date(dueMs), window, party)?.getTime() ?? null);
    return firstMoments.get(key) ?? null;
  };
  pending.forEach((contact, order) => {
    const party = calledPartyOf(contact);
    const partyKey = `${party.country ?? ''}|${party.timezone ?? ''}`;
    const add = (dialledInVain: boolean) => {
      const at = firstCallableAt(contact, party, partyKey);
      // The allowed hours repeat every week: none within the lookahead means none ever.
      if (at === null) return false;
      callable.push({ party, partyKey, order, firstCallableAt: at, contact, dialledInVain });
      return true;
    };
    const parsed = parsePhoneNumberFromString(contact.phoneNumber);
    if (!parsed?.isValid()) {
      add(true);
      return skip('invalidNumber');
    }
    if (seen.has(parsed.number)) {
      add(true);
      return skip('duplicate');
    }
    seen.add(parsed.number);
    if (listed.has(parsed.number)) return skip('doNotCall');
    if (needsMarketingConsent && !contact.marketingConsent) return skip('noConsent');
    if (!add(false)) skip('outsideLegalHours');
  });
  return { callable, never };
}

const timeOf = (iso: string | null) => (iso ? new Date(iso).getTime() : 0);

/** Contacts callable later, by the hour they first may be called; the last group holds the rest. */
export function callableLaterGroups(callable: readonly Callable[], now: Date): CallableLaterGroup[] {
  const later = callable.filter((entry) => entry.firstCallableAt > now.getTime());
  const byHour = new Map<number, { count: number; first: number }>();
  for (const { firstCallableAt } of later) {
    const hour = Math.floor(firstCallableAt / HOUR_MS);
    const group = byHour.get(hour) ?? { count: 0, first: firstCallableAt };
    group.count += 1;
    group.first = Math.min(group.first, firstCallableAt);
    byHour.set(hour, group);
  }
  const groups = [...byHour.values()].sort((a, b) => a.first - b.first);
  const kept = groups.slice(0, MAX_LATER_GROUPS - 1);
  const rest = groups.slice(MAX_LATER_GROUPS - 1);
  if (rest.length > 0) kept.push({ count: rest.reduce((sum, group) => sum + group.count, 0), first: rest[0]!.first });
  return kept.map((group) => ({ count: group.count, firstCallableAt: new Date(group.first).toISOString() }));
}

/**
 * When one called party may be called, asked many times over a simulation: each answer is kept as an open or closed
 * stretch of time, so most questions need no new look-up. A stretch ends at one of the wall-clock times the rules
 * name (the window's start and end, the legal hours', midnight) in one of the zones involved; those moments are
 * checked in order, so the stretch found is exact.
 */
export class CallingCalendar {
  private open = { from: 0, until: 0 };
  private closed = { from: 0, until: 0 };
  private readonly edges: Array<{ zone: string; minutes: number[] }>;

  constructor(
    private readonly window: CampaignWindow,
    private readonly party: CalledParty,
  ) {
    const campaignTimes = ['00:00', window.callingStartTime, window.callingEndTime];
    this.edges = [{ zone: window.timezone, minutes: minutesOfDay(campaignTimes) }];
    const rule = quietHoursRuleOf(party.country);
    if (rule) {
      const legalTimes = ['00:00', ...rule.days.flatMap((hours) => (hours ? [hours.start, hours.end] : []))];
      for (const zone of zonesOfCalledParty(party, window.timezone))
        this.edges.push({ zone, minutes: minutesOfDay(legalTimes) });
    }
  }

  /** The first moment at or after `at` a call is allowed; null when never. */
  nextAllowed(at: number): number | null {
    if (at >= this.open.from && at < this.open.until) return at;
    if (at >= this.closed.from && at < this.closed.until) return this.closed.until;
    const next = nextAllowedTime(new Date(at), this.window, this.party)?.getTime() ?? null;
    if (next === null) return null;
    if (next > at) {
      this.closed = { from: at, until: next };
      return next;
    }
    this.open = { from: at, until: this.closingAfter(at) };
    return at;
  }

  /** The first rule edge after `from` at which calls are no longer allowed (or the lookahead's end). */
  private closingAfter(from: number): number {
    const limit = from + LOOKAHEAD_DAYS * 86_400_000;
    let dayStart = from;
    while (dayStart < limit) {
      const dayEnd = dayStart + 86_400_000;
      const candidates = this.edges
        .flatMap(({ zone, minutes }) => edgesBetween(zone, minutes, dayStart, dayEnd))
        .filter((edge) => edge > from)
        .sort((a, b) => a - b);
      for (const edge of candidates) {
        if (!isCallAllowed(new Date(edge), this.window, this.party)) return edge;
      }
      dayStart = dayEnd;
    }
    return limit;
  }
}

function minutesOfDay(times: readonly string[]): number[] {
  return [...new Set(times.map((hhmm) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))))];
}

/** The moments in [from, until) at which the local clock of `zone` reads one of `minutes`. */
function edgesBetween(zone: string, minutes: readonly number[], from: number, until: number): number[] {
  const edges: number[] = [];
  const firstDay = DateTime.fromMillis(from, { zone }).startOf('day');
  for (let offset = 0; offset <= 2; offset += 1) {
    const day = firstDay.plus({ days: offset });
    for (const minute of minutes) {
      const edge = day.set({ hour: Math.floor(minute / 60), minute: minute % 60 }).toMillis();
      if (edge >= from && edge < until) edges.push(edge);
    }
  }
  return edges;
}

/** How each simulated attempt ends: always answered, always unanswered (every retry used), or by the mix. */
export type Scenario = 'all-answered' | 'expected' | 'none-answered';

/** A contact waiting in the simulation: when it is next due, and its attempts so far. */
interface Waiting {
  dialledInVain: boolean;
  due: number;
  order: number;
  attemptsMade: number;
  earlierVoicemails: number;
  contact: ForecastContact;
}

/** A small binary heap by (due, order): the dialer leases due contacts in order. */
class WaitingQueue {
  private readonly items: Waiting[] = [];
  get size() {
    return this.items.length;
  }
  peek(): Waiting | undefined {
    return this.items[0];
  }
  push(item: Waiting): void {
    const items = this.items;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!before(items[index]!, items[parent]!)) break;
      [items[index], items[parent]] = [items[parent]!, items[index]!];
      index = parent;
    }
  }
  pop(): Waiting | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      let index = 0;
      for (;;) {
        const left = index * 2 + 1;
        const right = left + 1;
        let smallest = index;
        if (left < items.length && before(items[left]!, items[smallest]!)) smallest = left;
        if (right < items.length && before(items[right]!, items[smallest]!)) smallest = right;
        if (smallest === index) break;
        [items[index], items[smallest]] = [items[smallest]!, items[index]!];
        index = smallest;
      }
    }
    return top;
  }
}

const before = (a: Waiting, b: Waiting) => a.due < b.due || (a.due === b.due && a.order < b.order);

interface PartyQueue {
  calendar: CallingCalendar;
  queue: WaitingQueue;
  /** Its legal hours are closed until then. */
  blockedUntil: number;
}

/** Picks outcomes so that their shares follow the mix as closely as the attempts so far allow. */
function outcomePicker(scenario: Scenario, mix: OutcomeMix): (waiting: Waiting) => AttemptOutcome {
  if (scenario === 'all-answered') return () => 'answered';
  // A voicemail once, then no answer: the longest a contact can keep the campaign going.
  if (scenario === 'none-answered') return (waiting) => (waiting.earlierVoicemails === 0 ? 'voicemail' : 'no_answer');
  const credit = Object.fromEntries(Object.keys(mix).map((outcome) => [outcome, 0])) as OutcomeMix;
  return () => {
    let best: AttemptOutcome = 'answered';
    for (const outcome of Object.keys(mix) as AttemptOutcome[]) {
      credit[outcome] += mix[outcome];
      if (credit[outcome] > credit[best]) best = outcome;
    }
    credit[best] -= 1;
    return best;
  };
}

/**
 * When the campaign's last call would be placed, simulating the dialer on its callable contacts: one call per pass
 * when the campaign's window is open, its day's cap is not reached, its interval and the account's calls per second
 * have passed and a line is free, to the first due contact (in lease order) inside its own legal hours; each attempt
 * ends as the scenario says and is retried by the retry policy. Null when nothing is callable, or it would take more
 * than a year. Brakes and pauses are not foreseen.
 */
export function simulateFinish(
  callable: readonly Callable[],
  settings: ScheduleSettings,
  scenario: Scenario,
  mix: OutcomeMix,
  now: Date,
): Date | null {
  const { window } = settings;
  const parties = new Map<string, PartyQueue>();
  for (const entry of callable) {
    const party = parties.get(entry.partyKey) ?? {
      calendar: new CallingCalendar(window, entry.party),
      queue: new WaitingQueue(),
      blockedUntil: 0,
    };
    party.queue.push({
      dialledInVain: entry.dialledInVain,
      due: entry.firstCallableAt,
      order: entry.order,
      attemptsMade: entry.contact.attemptsMade,
      earlierVoicemails: 0,
      contact: entry.contact,
    });
    parties.set(entry.partyKey, party);
  }
  let waiting = callable.length;
  if (!callable.some((entry) => !entry.dialledInVain)) return null;
  const pickOutcome = outcomePicker(scenario, mix);
  const pace = paceSlots(settings.callsPerSecond);
  const spacingMs = Math.max(settings.callIntervalMinutes * 60_000, Math.ceil(pace.periodMs / pace.count));
  // Calls of the tenant already under way hold their lines for about an answered call's length.
  const lineFreeAt: number[] = Array.from(
    { length: settings.callsInFlight },
    () => now.getTime() + CALL_SECONDS.answered * 1000,
  );
  let dayEnd = new Date(campaignDayOf(now, window.timezone).end).getTime();
  let callsThisDay = settings.callsToday;
  let at = Math.max(now.getTime(), settings.slotFreeAt?.getTime() ?? 0);
  let lastCallAt = 0;
  const limit = now.getTime() + HORIZON_MS;
  const campaignHours = new CallingCalendar(window, { country: null });

  for (let calls = 0; waiting > 0;) {
    if (at > limit || calls >= MAX_SIMULATED_CALLS) return null;
    const open = campaignHours.nextAllowed(at);
    if (open === null) return null;
    if (open > at) {
      at = open;
      continue;
    }
    if (at >= dayEnd) {
      dayEnd = new Date(campaignDayOf(new Date(at), window.timezone).end).getTime();
      callsThisDay = 0;
    }
    if (callsThisDay >= settings.maxCallsPerDay) {
      at = dayEnd;
      continue;
    }
    const busyLines = lineFreeAt.filter((freeAt) => freeAt > at);
    if (busyLines.length >= settings.outboundLines) {
      at = Math.min(...busyLines);
      continue;
    }
    const next = nextCallable(parties, at);
    if (next === null) return null;
    if ('waitUntil' in next) {
      at = next.waitUntil;
      continue;
    }
    const { waiting: contact, queue } = next;
    queue.pop();
    const outcome = contact.dialledInVain ? 'failed' : pickOutcome(contact);
    const endedAt = at + CALL_SECONDS[outcome] * 1000;
    lineFreeAt.splice(0, lineFreeAt.length, ...busyLines, endedAt);
    const decision = decideRetry({
      outcome,
      attemptsMade: contact.attemptsMade + 1,
      maxRetries: contact.contact.maxRetries,
      retryDelayMinutes: contact.contact.retryDelayMinutes,
      earlierVoicemails: contact.earlierVoicemails,
      invalidNumber: contact.dialledInVain,
      endedAt: new Date(endedAt),
    });
    if (decision.retryAt) {
      queue.push({
        ...contact,
        due: decision.retryAt.getTime(),
        attemptsMade: contact.attemptsMade + 1,
        earlierVoicemails: contact.earlierVoicemails + (countsAsMachine(outcome) ? 1 : 0),
      });
    } else {
      waiting -= 1;
    }
    lastCallAt = at;
    calls += 1;
    callsThisDay += 1;
    at += spacingMs;
  }
  return new Date(lastCallAt);
}

/**
 * The first due contact that may be called at `at` (the earliest due, then lease order, across countries), or when
 * the next one may be; null when no contact can ever be called again.
 */
function nextCallable(
  parties: Map<string, PartyQueue>,
  at: number,
): { waiting: Waiting; queue: WaitingQueue } | { waitUntil: number } | null {
  let best: { waiting: Waiting; queue: WaitingQueue } | null = null;
  let waitUntil = Number.POSITIVE_INFINITY;
  for (const party of parties.values()) {
    const head = party.queue.peek();
    if (!head) continue;
    const readyAt = Math.max(head.due, party.blockedUntil);
    if (readyAt > at) {
      waitUntil = Math.min(waitUntil, readyAt);
      continue;
    }
    const allowedAt = party.calendar.nextAllowed(at);
    if (allowedAt === null) {
      party.blockedUntil = Number.POSITIVE_INFINITY;
      continue;
    }
    if (allowedAt > at) {
      party.blockedUntil = allowedAt;
      waitUntil = Math.min(waitUntil, allowedAt);
      continue;
    }
    if (!best || before(head, best.waiting)) best = { waiting: head, queue: party.queue };
  }
  if (best) return best;
  return Number.isFinite(waitUntil) ? { waitUntil } : null;
}

/**
 * The activation preview: who can be called now, who later (and from when), who never (and why), and the range the
 * campaign's last call falls in: from every call answered at once to every retry used (a voicemail first, then no
 * answer), with the outcome mix between.
 */
export function forecastPreview(
  pending: readonly ForecastContact[],
  listed: ReadonlySet<string>,
  settings: ScheduleSettings,
  mix: OutcomeMix,
  now: Date,
  needsMarketingConsent = false,
): DialingPreview {
  const { callable, never } = sortPending(pending, listed, settings.window, now, needsMarketingConsent);
  const reached = callable.filter((entry) => !entry.dialledInVain);
  const finish = (scenario: Scenario) => simulateFinish(callable, settings, scenario, mix, now)?.toISOString() ?? null;
  const expected = finish('expected');
  const allAnswered = finish('all-answered');
  const noneAnswered = finish('none-answered');
  // A retry's gap can land a call past a cap or a window that an earlier one would have met, so a schedule with
  // fewer retries is not always done sooner: the range holds whichever scenario ends first and last.
  const earliest = [allAnswered, expected].filter((at): at is string => at !== null).sort()[0] ?? null;
  const latest = noneAnswered && expected ? [noneAnswered, expected].sort()[1]! : null;
  return {
    total: pending.length,
    callableNow: reached.filter((entry) => entry.firstCallableAt <= now.getTime()).length,
    callableLater: callableLaterGroups(reached, now),
    neverCallable: never,
    outcomeMix: mix,
    estimatedFinish: earliest ? { earliest, expected, latest } : null,
  };
}
