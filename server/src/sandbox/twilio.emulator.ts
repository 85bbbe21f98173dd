import { randomBytes } from 'node:crypto';
import Koa, { type Context } from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Logger } from 'pino';
import { findInventoryNumber, isInventoryCountry, searchInventory, type InventoryNumber } from './number-inventory';
import { vendorErrors } from './sandbox.server';
import type { SandboxStore } from './sandbox.store';
import { twilioSid } from './vendor-ids';

/** What the ElevenLabs emulator needs of the Twilio account to accept an imported number. */
export interface TwilioAccount {
  readonly accountSid: string;
  readonly authToken: string;
  ownsNumber(phoneNumber: string): boolean;
}

interface IncomingNumberRecord {
  sid: string;
  phoneNumber: string;
  friendlyName: string;
  isoCountry: string;
  capabilities: { voice: boolean; sms: boolean; mms: boolean; fax: boolean };
  voiceUrl: string | null;
  smsUrl: string | null;
  dateCreated: string;
  dateUpdated: string;
}

const API_VERSION = '2010-04-01';
const E164 = /^\+[1-9]\d{6,14}$/;
const MAX_PAGE_SIZE = 1000;

/** Twilio's dates are RFC 2822 with a numeric zone. */
const rfc2822 = (iso: string) => new Date(iso).toUTCString().replace('GMT', '+0000');

function twilioError(ctx: Context, status: number, code: number, message: string): void {
  ctx.status = status;
  ctx.body = { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

/** Twilio's answer for a path it does not serve and for a resource that is not there. */
function resourceNotFound(ctx: Context): void {
  twilioError(ctx, 404, 20404, `The requested resource ${ctx.path} was not found`);
}

function queryString(ctx: Context, name: string): string | undefined {
  const value = ctx.query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function queryFlag(ctx: Context, name: string): boolean | undefined {
  const value = queryString(ctx, name);
  return value === undefined ? undefined : value.toLowerCase() === 'true';
}

function pageSize(ctx: Context, fallback: number): number {
  const size = Number(queryString(ctx, 'PageSize') ?? fallback);
  return Number.isInteger(size) && size > 0 ? Math.min(size, MAX_PAGE_SIZE) : fallback;
}

function availableNumberBody(entry: InventoryNumber) {
  return {
    friendly_name: entry.friendlyName,
    phone_number: entry.phoneNumber,
    lata: entry.lata,
    locality: entry.locality,
    rate_center: entry.rateCenter,
    latitude: entry.latitude,
    longitude: entry.longitude,
    region: entry.region,
    postal_code: entry.postalCode,
    iso_country: entry.isoCountry,
    address_requirements: 'none',
    beta: false,
    capabilities: entry.capabilities,
  };
}

export interface TwilioEmulator {
  app: Koa;
  account: TwilioAccount;
}

/** Twilio's REST API (2010-04-01) for number search, purchase, lookup and release; state in the sandbox store. */
export function createTwilioEmulator(store: SandboxStore, logger?: Logger): TwilioEmulator {
  const accountSid = store.setting('twilio.account_sid', () => twilioSid('AC'));
  const authToken = store.setting('twilio.auth_token', () => randomBytes(16).toString('hex'));
  const numbers = store.collection<IncomingNumberRecord>('twilio.incoming_phone_numbers');
  const ownsNumber = (phoneNumber: string) => numbers.all().some((entry) => entry.phoneNumber === phoneNumber);
  const accountPath = `/${API_VERSION}/Accounts/${accountSid}`;

  const incomingNumberBody = (entry: IncomingNumberRecord) => ({
    account_sid: accountSid,
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
    sms_application_sid: '',
    sms_fallback_method: 'POST',
    sms_fallback_url: '',
    sms_method: 'POST',
    sms_url: entry.smsUrl ?? '',
    status: 'in-use',
    status_callback: '',
    status_callback_method: 'POST',
    trunk_sid: null,
    uri: `${accountPath}/IncomingPhoneNumbers/${entry.sid}.json`,
    voice_application_sid: null,
    voice_caller_id_lookup: false,
    voice_fallback_method: 'POST',
    voice_fallback_url: null,
    voice_method: 'POST',
    voice_receive_mode: 'voice',
    voice_url: entry.voiceUrl,
    subresource_uris: {
      assigned_add_ons: `${accountPath}/IncomingPhoneNumbers/${entry.sid}/AssignedAddOns.json`,
    },
  });

  const app = new Koa();
  const router = new Router();

  app.use(
    vendorErrors(
      'twilio',
      {
        invalid: (ctx) => twilioError(ctx, 400, 20001, 'The request body could not be read'),
        internal: (ctx) => twilioError(ctx, 500, 20500, 'Internal Server Error'),
      },
      logger,
    ),
  );
  app.use(async (ctx, next) => {
    const [scheme, encoded] = (ctx.get('authorization') || '').split(' ');
    const [user, password] = Buffer.from(encoded ?? '', 'base64')
      .toString('utf8')
      .split(':');
    if (scheme !== 'Basic' || user !== accountSid || password !== authToken) {
      ctx.set('WWW-Authenticate', 'Basic realm="Twilio API"');
      twilioError(ctx, 401, 20003, 'Authenticate');
      return;
    }
    await next();
  });
  app.use(bodyParser({ enableTypes: ['form', 'json'] }));

  router.use(`/${API_VERSION}/Accounts/:accountSid`, async (ctx, next) => {
    if (ctx.params.accountSid !== accountSid) {
      resourceNotFound(ctx);
      return;
    }
    await next();
  });

  router.get(`/${API_VERSION}/Accounts/:accountSid/AvailablePhoneNumbers/:country/Local.json`, (ctx) => {
    const country = ctx.params.country ?? '';
    if (!isInventoryCountry(country)) {
      resourceNotFound(ctx);
      return;
    }
    const size = pageSize(ctx, 50);
    const found = searchInventory(
      country,
      {
        areaCode: queryString(ctx, 'AreaCode'),
        contains: queryString(ctx, 'Contains'),
        voiceEnabled: queryFlag(ctx, 'VoiceEnabled'),
        smsEnabled: queryFlag(ctx, 'SmsEnabled'),
        limit: size,
      },
      ownsNumber,
    );
    ctx.body = {
      available_phone_numbers: found.map(availableNumberBody),
      end: Math.max(found.length - 1, 0),
      first_page_uri: ctx.url,
      next_page_uri: null,
      page: 0,
      page_size: size,
      previous_page_uri: null,
      start: 0,
      uri: ctx.url,
    };
  });

  router.get(`/${API_VERSION}/Accounts/:accountSid/IncomingPhoneNumbers.json`, (ctx) => {
    const phoneNumber = queryString(ctx, 'PhoneNumber');
    const friendlyName = queryString(ctx, 'FriendlyName');
    const matching = numbers
      .all()
      .filter(
        (entry) =>
          (!phoneNumber || entry.phoneNumber === phoneNumber) && (!friendlyName || entry.friendlyName === friendlyName),
      );
    const size = pageSize(ctx, 50);
    const page = Math.max(Number(queryString(ctx, 'Page') ?? 0) || 0, 0);
    const start = page * size;
    const slice = matching.slice(start, start + size);
    const pageUri = (n: number) => {
      const params = new URLSearchParams(ctx.querystring);
      params.set('Page', String(n));
      params.set('PageSize', String(size));
      return `${ctx.path}?${params.toString()}`;
    };
    ctx.body = {
      incoming_phone_numbers: slice.map(incomingNumberBody),
      end: start + Math.max(slice.length - 1, 0),
      first_page_uri: pageUri(0),
      next_page_uri: start + size < matching.length ? pageUri(page + 1) : null,
      page,
      page_size: size,
      previous_page_uri: page > 0 ? pageUri(page - 1) : null,
      start,
      uri: ctx.url,
    };
  });

  router.post(`/${API_VERSION}/Accounts/:accountSid/IncomingPhoneNumbers.json`, (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, string | undefined>;
    const phoneNumber = body.PhoneNumber;
    if (!phoneNumber || !E164.test(phoneNumber)) {
      twilioError(ctx, 400, 21421, 'PhoneNumber is invalid');
      return;
    }
    const created = store.transaction(() => {
      const stock = findInventoryNumber(phoneNumber);
      if (!stock || ownsNumber(phoneNumber)) return null;
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
        voiceUrl: body.VoiceUrl ?? null,
        smsUrl: body.SmsUrl ?? null,
        dateCreated: now,
        dateUpdated: now,
      };
      numbers.put(record.sid, record);
      return record;
    });
    if (!created) {
      twilioError(ctx, 400, 21422, `PhoneNumber ${phoneNumber} is not available`);
      return;
    }
    logger?.info({ sid: created.sid }, 'twilio sandbox: number purchased');
    ctx.status = 201;
    ctx.body = incomingNumberBody(created);
  });

  router.get(`/${API_VERSION}/Accounts/:accountSid/IncomingPhoneNumbers/:sid.json`, (ctx) => {
    const entry = numbers.get(ctx.params.sid ?? '');
    if (!entry) {
      resourceNotFound(ctx);
      return;
    }
    ctx.body = incomingNumberBody(entry);
  });

  router.post(`/${API_VERSION}/Accounts/:accountSid/IncomingPhoneNumbers/:sid.json`, (ctx) => {
    const entry = numbers.get(ctx.params.sid ?? '');
    if (!entry) {
      resourceNotFound(ctx);
      return;
    }
    const body = (ctx.request.body ?? {}) as Record<string, string | undefined>;
    const updated: IncomingNumberRecord = {
      ...entry,
      friendlyName: body.FriendlyName ?? entry.friendlyName,
      voiceUrl: body.VoiceUrl ?? entry.voiceUrl,
      smsUrl: body.SmsUrl ?? entry.smsUrl,
      dateUpdated: new Date().toISOString(),
    };
    numbers.put(updated.sid, updated);
    ctx.body = incomingNumberBody(updated);
  });

  router.delete(`/${API_VERSION}/Accounts/:accountSid/IncomingPhoneNumbers/:sid.json`, (ctx) => {
    if (!numbers.delete(ctx.params.sid ?? '')) {
      resourceNotFound(ctx);
      return;
    }
    logger?.info({ sid: ctx.params.sid }, 'twilio sandbox: number released');
    ctx.status = 204;
  });

  app.use(router.routes());
  app.use(resourceNotFound);

  return { app, account: { accountSid, authToken, ownsNumber } };
}
