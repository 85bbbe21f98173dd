import type { Context } from 'koa';
import type { EmulatorRoute } from '../emulator-route';
import { findInventoryNumber } from '../number-inventory';
import { twilioSid } from '../vendor-ids';
import { API_VERSION, listPage, queryString, resourceNotFound, rfc2822, twilioError } from './twilio.http';
import type { HttpMethod, IncomingNumberRecord, TwilioState } from './twilio.state';

/** The account's own numbers: buy, look up, update and release `/Accounts/{AC}/IncomingPhoneNumbers`. */

const E164 = /^\+[1-9]\d{6,14}$/;
const COLLECTION_PATH = `/${API_VERSION}/Accounts/:accountSid/IncomingPhoneNumbers.json`;
const INSTANCE_PATH = `/${API_VERSION}/Accounts/:accountSid/IncomingPhoneNumbers/:sid.json`;

type FormBody = Record<string, string | undefined>;

/** A URL parameter: absent keeps what is set, empty clears it (Twilio answers null, never ""). */
const formUrl = (value: string | undefined, current: string | null | undefined): string | null =>
  value === undefined ? (current ?? null) : value || null;

/** A method parameter: absent keeps what is set; GET, or else POST. */
const formMethod = (value: string | undefined, current: HttpMethod | undefined): HttpMethod =>
  value === undefined ? (current ?? 'POST') : value.toUpperCase() === 'GET' ? 'GET' : 'POST';

function incomingNumberBody(state: TwilioState, entry: IncomingNumberRecord) {
  const uri = `${state.accountPath}/IncomingPhoneNumbers/${entry.sid}`;
  return {
    account_sid: state.accountSid,
    address_requirements: 'none',
    address_sid: null,
    api_version: API_VERSION,
    beta: false,
    bundle_sid: null,
    capabilities: entry.capabilities,
    date_created: rfc2822(entry.dateCreated),
    date_updated: rfc2822(entry.dateUpdated),
    emergency_address_sid: null,
    emergency_address_status: 'unregistered',
    emergency_status: 'Inactive',
    friendly_name: entry.friendlyName,
    identity_sid: null,
    origin: 'twilio',
    phone_number: entry.phoneNumber,
    sid: entry.sid,
    sms_application_sid: null,
    sms_fallback_method: 'POST',
    sms_fallback_url: null,
    sms_method: 'POST',
    sms_url: entry.smsUrl,
    status: 'in-use',
    status_callback: entry.statusCallback ?? null,
    status_callback_method: entry.statusCallbackMethod ?? 'POST',
    trunk_sid: null,
    // The emulator sells from the Local.json search only.
    type: 'local',
    uri: `${uri}.json`,
    voice_application_sid: null,
    voice_caller_id_lookup: false,
    voice_fallback_method: 'POST',
    voice_fallback_url: null,
    voice_method: 'POST',
    voice_receive_mode: 'voice',
    voice_url: entry.voiceUrl,
    subresource_uris: { assigned_add_ons: `${uri}/AssignedAddOns.json` },
  };
}

function listNumbers(ctx: Context, state: TwilioState): void {
  const phoneNumber = queryString(ctx, 'PhoneNumber');
  const friendlyName = queryString(ctx, 'FriendlyName');
  const matching = state.numbers
    .all()
    .filter(
      (entry) =>
        (!phoneNumber || entry.phoneNumber === phoneNumber) && (!friendlyName || entry.friendlyName === friendlyName),
    );
  ctx.body = listPage(
    ctx,
    'incoming_phone_numbers',
    matching.map((entry) => incomingNumberBody(state, entry)),
  );
}

function buyNumber(ctx: Context, state: TwilioState): void {
  const body = (ctx.request.body ?? {}) as FormBody;
  const phoneNumber = body.PhoneNumber;
  if (!phoneNumber || !E164.test(phoneNumber)) return twilioError(ctx, 400, 21421, 'PhoneNumber is invalid');
  const created = state.store.transaction(() => {
    const stock = findInventoryNumber(phoneNumber);
    if (!stock || state.ownsNumber(phoneNumber)) return null;
    const now = new Date().toISOString();
    const record: IncomingNumberRecord = {
      sid: twilioSid('PN'),
      phoneNumber,
      friendlyName: body.FriendlyName || stock.friendlyName,
      isoCountry: stock.isoCountry,
      capabilities: {
        voice: stock.capabilities.voice,
        sms: stock.capabilities.SMS,
        mms: stock.capabilities.MMS,
        fax: stock.capabilities.fax,
      },
      voiceUrl: formUrl(body.VoiceUrl, null),
      smsUrl: formUrl(body.SmsUrl, null),
      statusCallback: formUrl(body.StatusCallback, null),
      statusCallbackMethod: formMethod(body.StatusCallbackMethod, undefined),
      dateCreated: now,
      dateUpdated: now,
    };
    state.numbers.put(record.sid, record);
    return record;
  });
  if (!created) return twilioError(ctx, 400, 21422, `PhoneNumber ${phoneNumber} is not available`);
  state.logger?.info({ sid: created.sid }, 'twilio sandbox: number purchased');
  ctx.status = 201;
  ctx.body = incomingNumberBody(state, created);
}

function getNumber(ctx: Context, state: TwilioState): void {
  const entry = state.numbers.get(ctx.params.sid ?? '');
  if (!entry) return resourceNotFound(ctx);
  ctx.body = incomingNumberBody(state, entry);
}

function updateNumber(ctx: Context, state: TwilioState): void {
  const entry = state.numbers.get(ctx.params.sid ?? '');
  if (!entry) return resourceNotFound(ctx);
  const body = (ctx.request.body ?? {}) as FormBody;
  const updated: IncomingNumberRecord = {
    ...entry,
    friendlyName: body.FriendlyName ?? entry.friendlyName,
    voiceUrl: formUrl(body.VoiceUrl, entry.voiceUrl),
    smsUrl: formUrl(body.SmsUrl, entry.smsUrl),
    statusCallback: formUrl(body.StatusCallback, entry.statusCallback),
    statusCallbackMethod: formMethod(body.StatusCallbackMethod, entry.statusCallbackMethod),
    dateUpdated: new Date().toISOString(),
  };
  state.numbers.put(updated.sid, updated);
  ctx.body = incomingNumberBody(state, updated);
}

function releaseNumber(ctx: Context, state: TwilioState): void {
  if (!state.numbers.delete(ctx.params.sid ?? '')) return resourceNotFound(ctx);
  state.logger?.info({ sid: ctx.params.sid }, 'twilio sandbox: number released');
  ctx.status = 204;
}

export const incomingPhoneNumberRoutes: ReadonlyArray<EmulatorRoute<TwilioState>> = [
  { method: 'get', path: COLLECTION_PATH, handle: listNumbers },
  { method: 'post', path: COLLECTION_PATH, handle: buyNumber },
  { method: 'get', path: INSTANCE_PATH, handle: getNumber },
  { method: 'post', path: INSTANCE_PATH, handle: updateNumber },
  { method: 'delete', path: INSTANCE_PATH, handle: releaseNumber },
];
