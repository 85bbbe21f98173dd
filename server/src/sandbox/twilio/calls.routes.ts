import type { Context } from 'koa';
import { invalidDestinationMessage, isInvalidDestination, outboundOutcome } from '../call-script';
import type { EmulatorRoute } from '../emulator-route';
import {
  answeredByAt,
  CALLBACK_EVENTS,
  callTimes,
  durationSecs,
  lastChangeAt,
  MACHINE_DETECTION_MODES,
  priceOf,
  statusAt,
  type CallbackEvent,
  type CallRecord,
  type MachineDetection,
} from './call-lifecycle';
import { API_VERSION, listPage, queryString, resourceNotFound, rfc2822, twilioError } from './twilio.http';
import type { TwilioState } from './twilio.state';

/** Phone calls: place, list, fetch and end `/Accounts/{AC}/Calls`. */

const E164 = /^\+[1-9]\d{6,14}$/;
const COLLECTION_PATH = `/${API_VERSION}/Accounts/:accountSid/Calls.json`;
const INSTANCE_PATH = `/${API_VERSION}/Accounts/:accountSid/Calls/:sid.json`;
const MAX_TIMEOUT_SECS = 600;
const SUBRESOURCES = {
  notifications: 'Notifications',
  recordings: 'Recordings',
  payments: 'Payments',
  events: 'Events',
  siprec: 'Siprec',
  streams: 'Streams',
  transcriptions: 'Transcriptions',
  user_defined_message_subscriptions: 'UserDefinedMessageSubscriptions',
  user_defined_messages: 'UserDefinedMessages',
};

type FormBody = Record<string, string | string[] | undefined>;

const rfc2822At = (ms: number | null) => (ms === null ? null : rfc2822(new Date(ms).toISOString()));

const formValue = (body: FormBody, name: string): string | undefined => {
  const value = body[name];
  return Array.isArray(value) ? value[value.length - 1] : value || undefined;
};

/** A repeated form parameter (`StatusCallbackEvent=initiated&StatusCallbackEvent=ringing`), or one of them. */
const formValues = (body: FormBody, name: string): string[] => {
  const value = body[name];
  return (Array.isArray(value) ? value : value ? [value] : []).flatMap((entry) => entry.split(' ')).filter(Boolean);
};

function callBody(state: TwilioState, call: CallRecord, nowMs: number) {
  const uri = `${state.accountPath}/Calls/${call.sid}`;
  const { startMs, endMs } = callTimes(call, nowMs);
  const duration = durationSecs(call, nowMs);
  return {
    account_sid: state.accountSid,
    answered_by: answeredByAt(call, nowMs),
    api_version: API_VERSION,
    caller_name: null,
    date_created: rfc2822At(call.createdAtMs),
    date_updated: rfc2822At(lastChangeAt(call, nowMs)),
    direction: call.direction,
    duration: duration === null ? null : String(duration),
    end_time: rfc2822At(endMs),
    forwarded_from: null,
    from: call.from,
    from_formatted: call.from,
    group_sid: null,
    parent_call_sid: null,
    phone_number_sid: call.phoneNumberSid,
    price: priceOf(call, nowMs),
    price_unit: 'USD',
    queue_time: '0',
    sid: call.sid,
    start_time: rfc2822At(startMs),
    status: statusAt(call, nowMs),
    subresource_uris: Object.fromEntries(
      Object.entries(SUBRESOURCES).map(([key, name]) => [key, `${uri}/${name}.json`]),
    ),
    to: call.to,
    to_formatted: call.to,
    trunk_sid: null,
    uri: `${uri}.json`,
  };
}

/** A `StartTime`/`EndTime` filter: a day (`2026-11-24`) matches the whole UTC day, an instant matches from it on. */
function timeFilter(ctx: Context, name: string): ((ms: number | null) => boolean) | 'invalid' {
  const checks: Array<(ms: number) => boolean> = [];
  for (const [suffix, compare] of [
    ['', 'on'],
    ['<', 'before'],
    ['>', 'after'],
  ] as const) {
    const value = queryString(ctx, `${name}${suffix}`);
    if (value === undefined) continue;
    const at = Date.parse(value);
    if (Number.isNaN(at)) return 'invalid';
    const day = value.slice(0, 10);
    if (compare === 'on') checks.push((ms) => new Date(ms).toISOString().slice(0, 10) === day);
    else if (compare === 'before') checks.push((ms) => ms <= at);
    else checks.push((ms) => ms >= at);
  }
  return (ms) => checks.length === 0 || (ms !== null && checks.every((check) => check(ms)));
}

function listCalls(ctx: Context, state: TwilioState): void {
  const nowMs = Date.now();
  const to = queryString(ctx, 'To');
  const from = queryString(ctx, 'From');
  const status = queryString(ctx, 'Status');
  const parent = queryString(ctx, 'ParentCallSid');
  const started = timeFilter(ctx, 'StartTime');
  const ended = timeFilter(ctx, 'EndTime');
  if (started === 'invalid' || ended === 'invalid') {
    return twilioError(ctx, 400, 20001, 'StartTime and EndTime must be dates (YYYY-MM-DD) or ISO 8601 times');
  }
  const matching = state.calls.all().filter((call) => {
    const times = callTimes(call, nowMs);
    return (
      (!to || call.to === to) &&
      (!from || call.from === from) &&
      (!status || statusAt(call, nowMs) === status) &&
      !parent &&
      started(times.startMs) &&
      ended(times.endMs)
    );
  });
  ctx.body = listPage(
    ctx,
    'calls',
    matching.map((call) => callBody(state, call, nowMs)),
  );
}

function placeCall(ctx: Context, state: TwilioState): void {
  const body = (ctx.request.body ?? {}) as FormBody;
  const to = formValue(body, 'To');
  const from = formValue(body, 'From');
  if (!to) return twilioError(ctx, 400, 21201, "No 'To' number is specified");
  if (!E164.test(to) || isInvalidDestination(to)) return twilioError(ctx, 400, 21211, invalidDestinationMessage(to));
  if (!from) return twilioError(ctx, 400, 21213, "'From' phone number is required");
  if (!E164.test(from)) return twilioError(ctx, 400, 21212, `Invalid 'From' Phone Number: ${from}`);
  const number = state.numbers.all().find((entry) => entry.phoneNumber === from);
  if (!number) {
    return twilioError(
      ctx,
      400,
      21210,
      `The source phone number provided, ${from}, is not yet verified for your account. You may only make calls from phone numbers that you've verified or purchased from Twilio.`,
    );
  }
  if (!formValue(body, 'Url') && !formValue(body, 'Twiml') && !formValue(body, 'ApplicationSid')) {
    return twilioError(ctx, 400, 21205, 'Url parameter is required. Provide Url, Twiml or ApplicationSid.');
  }
  const events = formValues(body, 'StatusCallbackEvent').map((event) => event.toLowerCase());
  if (events.some((event) => !CALLBACK_EVENTS.includes(event as CallbackEvent))) {
    return twilioError(ctx, 400, 21626, "Invalid 'StatusCallbackEvent'");
  }
  const detection = formValue(body, 'MachineDetection');
  if (detection && !MACHINE_DETECTION_MODES.includes(detection as MachineDetection)) {
    return twilioError(ctx, 400, 20001, `MachineDetection must be one of ${MACHINE_DETECTION_MODES.join(', ')}`);
  }
  const timeout = Number(formValue(body, 'Timeout') ?? 60);
  if (!Number.isInteger(timeout) || timeout < 1) return twilioError(ctx, 400, 20001, 'Timeout must be a whole number');
  const call = state.calls.place({
    to,
    from,
    direction: 'outbound-api',
    phoneNumberSid: number.sid,
    outcome: outboundOutcome(to),
    machineDetection: (detection as MachineDetection | undefined) ?? null,
    timeoutSecs: Math.min(timeout, MAX_TIMEOUT_SECS),
    statusCallback: formValue(body, 'StatusCallback') ?? null,
    statusCallbackMethod: formValue(body, 'StatusCallbackMethod')?.toUpperCase() === 'GET' ? 'GET' : 'POST',
    statusCallbackEvents: events as CallbackEvent[],
  });
  ctx.status = 201;
  ctx.body = callBody(state, call, Date.now());
}

function fetchCall(ctx: Context, state: TwilioState): void {
  const call = state.calls.get(ctx.params.sid ?? '');
  if (!call) return resourceNotFound(ctx);
  ctx.body = callBody(state, call, Date.now());
}

function updateCall(ctx: Context, state: TwilioState): void {
  const sid = ctx.params.sid ?? '';
  if (!state.calls.get(sid)) return resourceNotFound(ctx);
  const status = formValue((ctx.request.body ?? {}) as FormBody, 'Status');
  if (status !== undefined && status !== 'completed' && status !== 'canceled') {
    return twilioError(ctx, 400, 20001, 'Status must be canceled or completed');
  }
  const call = status ? state.calls.hangUp(sid, status) : state.calls.get(sid);
  ctx.body = callBody(state, call as CallRecord, Date.now());
}

export const callRoutes: ReadonlyArray<EmulatorRoute<TwilioState>> = [
  { method: 'get', path: COLLECTION_PATH, handle: listCalls },
  { method: 'post', path: COLLECTION_PATH, handle: placeCall },
  { method: 'get', path: INSTANCE_PATH, handle: fetchCall },
  { method: 'post', path: INSTANCE_PATH, handle: updateCall },
];
