import { randomBytes } from 'node:crypto';
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Logger } from 'pino';
import { mountRoutes, type EmulatorRoute } from '../emulator-route';
import { vendorErrors } from '../sandbox.server';
import type { SandboxStore } from '../sandbox.store';
import { twilioSid } from '../vendor-ids';
import { availablePhoneNumberRoutes } from './available-phone-numbers.routes';
import { createCallLedger, type CallLedger, type NewCall } from './call-lifecycle';
import { callRoutes } from './calls.routes';
import { incomingPhoneNumberRoutes } from './incoming-phone-numbers.routes';
import { API_VERSION, resourceNotFound, twilioError } from './twilio.http';
import type { IncomingNumberRecord, TwilioState } from './twilio.state';

/** Every operation the Twilio emulator serves, one table per vendor resource. */
export const TWILIO_ROUTES: ReadonlyArray<EmulatorRoute<TwilioState>> = [
  ...availablePhoneNumberRoutes,
  ...incomingPhoneNumberRoutes,
  ...callRoutes,
];

/** What the ElevenLabs emulator needs of the Twilio account to accept an imported number. */
export interface TwilioAccount {
  readonly accountSid: string;
  readonly authToken: string;
  ownsNumber(phoneNumber: string): boolean;
}

/** A call another vendor places through the account (ElevenLabs dialling out, or answering, on an imported number). */
export type CarriedCall = Omit<NewCall, 'phoneNumberSid' | 'machineDetection' | 'timeoutSecs'>;

export interface TwilioEmulator {
  app: Koa;
  account: TwilioAccount;
  /** Records a call in the account's Calls resource and answers its SID. */
  carryCall(call: CarriedCall): string;
  close(): void;
}

/**
 * Twilio's REST API (2010-04-01) for number search, purchase, lookup and release, and for calls with their lifecycle
 * and status callbacks; state in the sandbox store.
 */
export function createTwilioEmulator(options: {
  store: SandboxStore;
  /** How long a simulated call lasts, from queued to its end. */
  callDelayMs: number;
  logger?: Logger;
}): TwilioEmulator {
  const { store, logger } = options;
  const accountSid = store.setting('twilio.account_sid', () => twilioSid('AC'));
  const authToken = store.setting('twilio.auth_token', () => randomBytes(16).toString('hex'));
  const numbers = store.collection<IncomingNumberRecord>('twilio.incoming_phone_numbers');
  const ownsNumber = (phoneNumber: string) => numbers.all().some((entry) => entry.phoneNumber === phoneNumber);
  const calls: CallLedger = createCallLedger({
    store,
    accountSid,
    authToken,
    callDelayMs: options.callDelayMs,
    logger,
  });
  const state: TwilioState = {
    store,
    logger,
    accountSid,
    accountPath: `/${API_VERSION}/Accounts/${accountSid}`,
    numbers,
    calls,
    ownsNumber,
  };

  const router = new Router();
  // Every route lives under the account; another account's SID is a resource that is not there.
  router.use(`/${API_VERSION}/Accounts/:accountSid`, async (ctx, next) => {
    if (ctx.params.accountSid !== accountSid) return resourceNotFound(ctx);
    await next();
  });
  mountRoutes(router, TWILIO_ROUTES, state);

  const app = new Koa();
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
  app.use(router.routes());
  app.use(resourceNotFound);

  return {
    app,
    account: { accountSid, authToken, ownsNumber },
    carryCall(call) {
      // The account's own number on the call: the caller ID going out, the dialled number coming in.
      const ours = call.direction === 'inbound' ? call.to : call.from;
      const number = numbers.all().find((entry) => entry.phoneNumber === ours);
      return calls.place({ ...call, phoneNumberSid: number?.sid ?? null }).sid;
    },
    close: () => calls.close(),
  };
}
