import type { Logger } from 'pino';
import { hash, pick, type SimulatedOutcome } from '../call-script';
import type { SandboxStore } from '../sandbox.store';
import { twilioSid } from '../vendor-ids';
import { API_VERSION, rfc2822, twilioSignature } from './twilio.http';
import type { HttpMethod } from './twilio.state';

/** Simulated phone calls as Twilio's Calls resource sees them: their status over time and their status callbacks. */

export type CallStatus =
  'queued' | 'ringing' | 'in-progress' | 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled';
export type CallbackEvent = 'initiated' | 'ringing' | 'answered' | 'completed';
export const CALLBACK_EVENTS: readonly CallbackEvent[] = ['initiated', 'ringing', 'answered', 'completed'];
export type MachineDetection = 'Enable' | 'DetectMessageEnd';
export const MACHINE_DETECTION_MODES: readonly MachineDetection[] = ['Enable', 'DetectMessageEnd'];

export interface CallRecord {
  sid: string;
  to: string;
  from: string;
  direction: 'outbound-api' | 'inbound';
  /** The account's number the call went through, when it is one of the account's numbers. */
  phoneNumberSid: string | null;
  outcome: SimulatedOutcome;
  /** What answering machine detection will report once the call is answered; null without detection. */
  answeredBy: string | null;
  createdAtMs: number;
  ringingAtMs: number;
  /** null for a call nobody answers. */
  answeredAtMs: number | null;
  endsAtMs: number;
  /** Simulated seconds of ringing and of talking, as the call reports them. */
  ringSecs: number;
  talkSecs: number;
  /** Set when the call was ended through the API before it ended by itself. */
  hungUp: { status: 'completed' | 'canceled'; atMs: number } | null;
  statusCallback: string | null;
  statusCallbackMethod: HttpMethod;
  statusCallbackEvents: CallbackEvent[];
  /** Lifecycle events already passed (and reported when subscribed), in order; each is reported at most once. */
  passed: CallbackEvent[];
}

export interface NewCall {
  to: string;
  from: string;
  direction: CallRecord['direction'];
  phoneNumberSid: string | null;
  outcome: SimulatedOutcome;
  /** Simulated talk time when the caller already knows it (the conversation it carries); seeded otherwise. */
  talkSecs?: number;
  /** The answering-machine verdict when the caller already knows it (the conversation it carries). */
  answeredBy?: string | null;
  machineDetection?: MachineDetection | null;
  /** How long the callee's phone may ring before Twilio gives up (Twilio's `Timeout`, 60 by default). */
  timeoutSecs?: number;
  statusCallback?: string | null;
  statusCallbackMethod?: HttpMethod;
  statusCallbackEvents?: CallbackEvent[];
}

export interface CallLedger {
  place(call: NewCall): CallRecord;
  get(sid: string): CallRecord | undefined;
  /** Newest first, as Twilio lists calls. */
  all(): CallRecord[];
  /** Ends a call through the API; resolves to the call as it stands after. */
  hangUp(sid: string, requested: 'completed' | 'canceled'): CallRecord | undefined;
  close(): void;
}

const TERMINAL_STATUS: Record<SimulatedOutcome, CallStatus> = {
  answered: 'completed',
  voicemail: 'completed',
  busy: 'busy',
  no_answer: 'no-answer',
  failed: 'failed',
};
const DEFAULT_TIMEOUT_SECS = 60;
/** Where in the simulated call's wall-clock span it starts ringing and is answered. */
const RINGING_AT = 0.1;
const ANSWERED_AT = 0.3;
/** Twilio's US outbound rate per started minute, as the price of a finished call. */
const USD_PER_MINUTE = 0.014;

/** A number in [min, max] from the call's seed. */
const seededBetween = (seed: string, salt: string, min: number, max: number) =>
  min + (hash(`${seed}:${salt}`) % (max - min + 1));

/** What answering machine detection concludes, from the outcome the called number decides and the call's seed. */
function detectedAnswerer(outcome: SimulatedOutcome, mode: MachineDetection | null, seed: string): string | null {
  if (!mode) return null;
  if (outcome === 'answered') return pick(['human', 'human', 'human', 'human', 'human', 'unknown'], seed, 'amd');
  if (outcome !== 'voicemail') return null;
  return mode === 'Enable'
    ? pick(['machine_start', 'machine_start', 'machine_start', 'fax'], seed, 'amd')
    : pick(['machine_end_beep', 'machine_end_beep', 'machine_end_silence', 'machine_end_other', 'fax'], seed, 'amd');
}

export function statusAt(call: CallRecord, nowMs: number): CallStatus {
  if (call.hungUp) return call.hungUp.status;
  if (nowMs >= call.endsAtMs) return TERMINAL_STATUS[call.outcome];
  if (call.answeredAtMs !== null && nowMs >= call.answeredAtMs) return 'in-progress';
  // A call that fails never rings.
  if (call.outcome !== 'failed' && nowMs >= call.ringingAtMs) return 'ringing';
  return 'queued';
}

export const isFinished = (status: CallStatus) => !['queued', 'ringing', 'in-progress'].includes(status);

/** Whether the callee picked up (a person or a machine) by `nowMs`. */
const wasAnswered = (call: CallRecord, nowMs: number) =>
  call.answeredAtMs !== null && Math.min(nowMs, call.hungUp?.atMs ?? Infinity) >= call.answeredAtMs;

/** Seconds talked: all of them for a call that ran its course, the share spoken before a hang-up. */
export function durationSecs(call: CallRecord, nowMs: number): number | null {
  const status = statusAt(call, nowMs);
  if (!isFinished(status)) return null;
  if (status !== 'completed' || call.answeredAtMs === null) return 0;
  if (!call.hungUp) return call.talkSecs;
  const spoken = (call.hungUp.atMs - call.answeredAtMs) / Math.max(call.endsAtMs - call.answeredAtMs, 1);
  return Math.max(1, Math.round(call.talkSecs * Math.min(spoken, 1)));
}

/** The answering-machine verdict, known once the call is answered. */
export const answeredByAt = (call: CallRecord, nowMs: number) => (wasAnswered(call, nowMs) ? call.answeredBy : null);

/**
 * Dialling starts when the call leaves the queue; the end is that start plus the simulated ringing and talking,
 * as the conversation's own timeline counts them.
 */
export function callTimes(call: CallRecord, nowMs: number): { startMs: number | null; endMs: number | null } {
  const status = statusAt(call, nowMs);
  const dialled = status !== 'queued' && !(status === 'canceled' && (call.hungUp?.atMs ?? 0) < call.ringingAtMs);
  const startMs = dialled ? call.ringingAtMs : null;
  const duration = durationSecs(call, nowMs);
  const ringSecs = status === 'canceled' ? 0 : call.ringSecs;
  return { startMs, endMs: startMs !== null && duration !== null ? startMs + (ringSecs + duration) * 1000 : null };
}

/** When the call last changed, for `date_updated`. */
export function lastChangeAt(call: CallRecord, nowMs: number): number {
  const changes = [call.createdAtMs, call.ringingAtMs, call.answeredAtMs ?? 0, call.endsAtMs, call.hungUp?.atMs ?? 0];
  return Math.max(...changes.filter((at) => at <= nowMs && (!call.hungUp || at <= call.hungUp.atMs)));
}

export function priceOf(call: CallRecord, nowMs: number): string | null {
  const duration = durationSecs(call, nowMs);
  if (!duration) return null;
  return (-USD_PER_MINUTE * Math.ceil(duration / 60)).toFixed(5);
}

/** The lifecycle events a call has passed by `nowMs`. */
function eventsPassed(call: CallRecord, nowMs: number): CallbackEvent[] {
  const status = statusAt(call, nowMs);
  const events: CallbackEvent[] = ['initiated'];
  const endedAt = call.hungUp?.atMs ?? call.endsAtMs;
  if (call.outcome !== 'failed' && nowMs >= call.ringingAtMs && endedAt >= call.ringingAtMs) events.push('ringing');
  if (wasAnswered(call, nowMs)) events.push('answered');
  if (isFinished(status)) events.push('completed');
  return events;
}

/** `CallStatus` as a status callback reports each event. */
function callbackStatus(call: CallRecord, event: CallbackEvent, nowMs: number): string {
  if (event === 'initiated') return 'initiated';
  if (event === 'ringing') return 'ringing';
  if (event === 'answered') return 'in-progress';
  return statusAt(call, nowMs);
}

/**
 * The account's calls, persisted in the sandbox store: each moves through its lifecycle over `callDelayMs` of wall
 * time and posts the status callbacks it subscribed to, signed as Twilio signs them, once each (Twilio does not retry
 * them). Calls still running when the sandbox stops go on after the next start.
 */
export function createCallLedger(options: {
  store: SandboxStore;
  accountSid: string;
  authToken: string;
  callDelayMs: number;
  logger?: Logger;
}): CallLedger {
  const { store, accountSid, authToken, callDelayMs, logger } = options;
  const calls = store.collection<CallRecord>('twilio.calls');
  const timers = new Map<string, NodeJS.Timeout>();

  const callbackParams = (call: CallRecord, event: CallbackEvent, sequence: number, nowMs: number) => {
    const answeredBy = answeredByAt(call, nowMs);
    const duration = event === 'completed' ? durationSecs(call, nowMs) : null;
    const params: Record<string, string> = {
      AccountSid: accountSid,
      ApiVersion: API_VERSION,
      CallSid: call.sid,
      CallStatus: callbackStatus(call, event, nowMs),
      CallbackSource: 'call-progress-events',
      Called: call.to,
      Caller: call.from,
      Direction: call.direction,
      From: call.from,
      SequenceNumber: String(sequence),
      Timestamp: rfc2822(new Date(nowMs).toISOString()),
      To: call.to,
      ...(answeredBy ? { AnsweredBy: answeredBy } : {}),
      ...(duration !== null ? { CallDuration: String(duration) } : {}),
    };
    return params;
  };

  const postCallback = async (call: CallRecord, params: Record<string, string>) => {
    const target = call.statusCallback as string;
    const isGet = call.statusCallbackMethod === 'GET';
    const url = isGet ? `${target}${target.includes('?') ? '&' : '?'}${new URLSearchParams(params)}` : target;
    const signature = twilioSignature(authToken, url, isGet ? {} : params);
    try {
      const response = await fetch(url, {
        method: call.statusCallbackMethod,
        headers: {
          'x-twilio-signature': signature,
          ...(isGet ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        ...(isGet ? {} : { body: new URLSearchParams(params).toString() }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok)
        logger?.warn({ callSid: call.sid, status: response.status }, 'twilio sandbox: callback refused');
    } catch (error) {
      logger?.warn({ err: error, callSid: call.sid }, 'twilio sandbox: callback not delivered');
    }
  };

  /** Reports the events passed since last time, then waits for the next change. */
  const advance = (sid: string) => {
    timers.delete(sid);
    const nowMs = Date.now();
    const due = store.transaction(() => {
      const call = calls.get(sid);
      if (!call) return null;
      const passed = eventsPassed(call, nowMs);
      const fresh = passed.slice(call.passed.length);
      const updated = { ...call, passed };
      calls.put(sid, updated);
      return { call: updated, fresh, firstSequence: call.passed.length };
    });
    if (!due) return;
    const { call, fresh, firstSequence } = due;
    if (call.statusCallback) {
      fresh.forEach((event, index) => {
        if (call.statusCallbackEvents.includes(event)) {
          void postCallback(call, callbackParams(call, event, firstSequence + index, nowMs));
        }
      });
    }
    schedule(call, nowMs);
  };

  const schedule = (call: CallRecord, nowMs: number) => {
    if (isFinished(statusAt(call, nowMs))) return;
    const next =
      [call.ringingAtMs, call.answeredAtMs, call.endsAtMs].find((at): at is number => at !== null && at > nowMs) ??
      nowMs;
    const timer = setTimeout(() => advance(call.sid), next - nowMs);
    timer.unref();
    timers.set(call.sid, timer);
  };

  for (const call of calls.all()) {
    if (!call.passed.includes('completed')) advance(call.sid);
  }

  return {
    place(input) {
      const sid = twilioSid('CA');
      const createdAtMs = Date.now();
      const connects = input.outcome === 'answered' || input.outcome === 'voicemail';
      const talkSecs =
        input.talkSecs ??
        (input.outcome === 'answered'
          ? seededBetween(sid, 'talk', 30, 240)
          : input.outcome === 'voicemail'
            ? seededBetween(sid, 'talk', 10, 40)
            : 0);
      const ringSecs =
        input.outcome === 'no_answer'
          ? (input.timeoutSecs ?? DEFAULT_TIMEOUT_SECS)
          : input.outcome === 'failed'
            ? 0
            : seededBetween(sid, 'ring', 2, 20);
      const record: CallRecord = {
        sid,
        to: input.to,
        from: input.from,
        direction: input.direction,
        phoneNumberSid: input.phoneNumberSid,
        outcome: input.outcome,
        answeredBy:
          input.answeredBy !== undefined
            ? input.answeredBy
            : detectedAnswerer(input.outcome, input.machineDetection ?? null, sid),
        createdAtMs,
        ringingAtMs: createdAtMs + Math.round(callDelayMs * RINGING_AT),
        answeredAtMs: connects ? createdAtMs + Math.round(callDelayMs * ANSWERED_AT) : null,
        endsAtMs: createdAtMs + callDelayMs,
        ringSecs,
        talkSecs,
        hungUp: null,
        statusCallback: input.statusCallback ?? null,
        statusCallbackMethod: input.statusCallbackMethod ?? 'POST',
        // Without a list Twilio reports only the end of the call.
        statusCallbackEvents: input.statusCallbackEvents?.length ? input.statusCallbackEvents : ['completed'],
        passed: [],
      };
      calls.put(sid, record);
      advance(sid);
      logger?.info({ callSid: sid, outcome: input.outcome, direction: input.direction }, 'twilio sandbox: call placed');
      return calls.get(sid) as CallRecord;
    },
    get: (sid) => calls.get(sid),
    all: () => calls.all().reverse(),
    hangUp(sid, requested) {
      const nowMs = Date.now();
      const ended = store.transaction(() => {
        const call = calls.get(sid);
        if (!call) return undefined;
        const status = statusAt(call, nowMs);
        // Twilio ends a call only while it runs: `canceled` before it is answered, `completed` at any point.
        if (isFinished(status) || (requested === 'canceled' && status === 'in-progress')) return call;
        const updated: CallRecord = {
          ...call,
          hungUp: { status: status === 'in-progress' ? 'completed' : 'canceled', atMs: nowMs },
        };
        calls.put(sid, updated);
        return updated;
      });
      if (ended?.hungUp?.atMs === nowMs) {
        clearTimeout(timers.get(sid));
        advance(sid);
      }
      return ended && calls.get(sid);
    },
    close() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
