import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { ProviderErrorCode } from '@shared/api/error-codes';
import { DomainError } from '../../domain/domain-error';
import type { CallInstance } from 'twilio/lib/rest/api/v2010/account/call';
import {
  CALL_STATUSES,
  type AvailableNumber,
  type PurchasedNumber,
  type TelephonyCall,
  type TelephonyCallStatus,
  type TelephonyProvider,
} from './telephony.types';

export interface TwilioTelephonyOptions {
  accountSid: string;
  authToken: string;
  /** Twilio's own hosts by default; another address (the sandbox's emulator, a proxy) keeps Twilio's paths under it. */
  baseUrl?: string;
}

type TwilioClient = ReturnType<typeof twilio>;

/**
 * The SDK has no base-URL option (region and edge only rename Twilio hosts), so requests to a local emulator go
 * through an HTTP client that keeps Twilio's paths and swaps the origin.
 */
export class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: URL) {
    // Loopback connections cost nothing; not keeping them avoids reusing a socket the emulator has closed.
    super({ keepAlive: false });
  }

  override request<TData>(options: RequestClient.RequestOptions<TData>) {
    const original = new URL(options.uri);
    const target = new URL(this.baseUrl);
    // Under the base URL's own path, if it has one (a sandbox serving several vendors on one origin).
    target.pathname = `${this.baseUrl.pathname.replace(/\/+$/, '')}${original.pathname}`;
    target.search = original.search;
    return super.request<TData>({ ...options, uri: target.toString() });
  }
}

/** Twilio error codes we expect in normal use, with what to tell the person who caused them. */
const KNOWN_CODES: Record<number, { message: string; code: ProviderErrorCode }> = {
  20003: { message: 'Telephony provider rejected our credentials', code: 'PROVIDER_UNAVAILABLE' },
  20404: { message: 'Phone number not found at the telephony provider', code: 'PROVIDER_NOT_FOUND' },
  21211: { message: 'The called number is not a valid destination', code: 'PROVIDER_REJECTED' },
  21421: { message: 'That phone number is not valid', code: 'PROVIDER_REJECTED' },
  21422: { message: 'That phone number is no longer available. Please choose another.', code: 'PROVIDER_CONFLICT' },
  21452: { message: 'No phone numbers are available in that area', code: 'PROVIDER_CONFLICT' },
  21631: {
    message: 'This phone number needs a registered address at the telephony provider',
    code: 'PROVIDER_REJECTED',
  },
  21649: {
    message: 'This phone number needs a regulatory bundle at the telephony provider',
    code: 'PROVIDER_REJECTED',
  },
  20429: { message: 'Telephony provider is busy; please try again shortly', code: 'PROVIDER_BUSY' },
};

/** Statuses Twilio sometimes sends without one of the codes above. */
const CODE_FOR_STATUS: Record<number, number> = { 401: 20003, 404: 20404, 429: 20429 };

/**
 * Turns what the SDK throws into a provider DomainError with a clear message; our own bugs pass through. `notFound`
 * names what was missing when the request was not about a phone number.
 */
function mapTwilioError(error: unknown, notFound?: string): never {
  if (error instanceof twilio.RestException || (error instanceof Error && error.name === 'TwilioServiceException')) {
    const { status = 500, code, message } = error as { status?: number; code?: number; message: string };
    const known = KNOWN_CODES[code ?? CODE_FOR_STATUS[status] ?? 0];
    if (known?.code === 'PROVIDER_NOT_FOUND' && notFound) throw new DomainError(known.code, notFound);
    if (known) throw new DomainError(known.code, known.message);
    if (status < 500) throw new DomainError('PROVIDER_REJECTED', `Telephony provider rejected the request: ${message}`);
    throw new DomainError('PROVIDER_UNAVAILABLE', 'Telephony provider is unavailable; please try again later');
  }
  // Axios errors: the request never got an HTTP answer.
  if (error instanceof Error && (error as { isAxiosError?: boolean }).isAxiosError) {
    throw new DomainError('PROVIDER_UNAVAILABLE', 'Could not reach the telephony provider');
  }
  throw error;
}

async function twilioCall<T>(request: () => Promise<T>, notFound?: string): Promise<T> {
  try {
    return await request();
  } catch (error) {
    return mapTwilioError(error, notFound);
  }
}

const CALL_NOT_FOUND = 'Call not found at the telephony provider';

/** Twilio's call as the product reads it; a status this code does not know is treated as still running. */
function toTelephonyCall(call: CallInstance): TelephonyCall {
  const status = CALL_STATUSES.includes(call.status as TelephonyCallStatus)
    ? (call.status as TelephonyCallStatus)
    : 'in-progress';
  const running = status === 'queued' || status === 'ringing' || status === 'in-progress';
  const duration = Number(call.duration);
  return {
    callSid: call.sid,
    status,
    answeredBy: call.answeredBy || null,
    durationSec: running || call.duration === null || !Number.isFinite(duration) ? null : duration,
    startedAt: call.startTime ? call.startTime.toISOString() : null,
    endedAt: call.endTime ? call.endTime.toISOString() : null,
    to: call.to,
    from: call.from,
  };
}

/** Twilio number search, purchase and release through the official SDK, against Twilio or the sandbox. */
export function createTwilioTelephonyProvider(options: TwilioTelephonyOptions): TelephonyProvider {
  const client: TwilioClient = twilio(options.accountSid, options.authToken, {
    ...(options.baseUrl ? { httpClient: new BaseUrlRequestClient(new URL(options.baseUrl)) } : {}),
  });

  const toPurchased = (number: { sid: string; phoneNumber: string; friendlyName: string }): PurchasedNumber => ({
    sid: number.sid,
    phoneNumber: number.phoneNumber,
    friendlyName: number.friendlyName,
  });

  return {
    name: 'twilio',

    async searchAvailableNumbers(search) {
      if (search.areaCode && !/^\d{1,5}$/.test(search.areaCode)) {
        throw new DomainError('VALIDATION_FAILED', 'The area code must be digits.', {
          fields: { areaCode: 'Use digits only' },
        });
      }
      const numbers = await twilioCall(() =>
        client.availablePhoneNumbers(search.country).local.list({
          ...(search.areaCode ? { areaCode: Number(search.areaCode) } : {}),
          ...(search.contains ? { contains: search.contains } : {}),
          ...(search.voiceEnabled ? { voiceEnabled: true } : {}),
          ...(search.smsEnabled ? { smsEnabled: true } : {}),
          limit: search.limit,
        }),
      );
      return numbers.map((number): AvailableNumber => {
        // Available-number capabilities arrive as Twilio spells them: `voice`, upper-case `SMS` and `MMS`.
        const capabilities = number.capabilities as unknown as Record<string, boolean | undefined>;
        return {
          phoneNumber: number.phoneNumber,
          friendlyName: number.friendlyName,
          region: number.region || null,
          locality: number.locality || null,
          isoCountry: number.isoCountry,
          capabilities: {
            voice: capabilities.voice === true,
            SMS: (capabilities.SMS ?? capabilities.sms) === true,
          },
          currentPrice: null,
        };
      });
    },

    async purchaseNumber({ phoneNumber, friendlyName }) {
      const bought = await twilioCall(() => client.incomingPhoneNumbers.create({ phoneNumber, friendlyName }));
      return toPurchased(bought);
    },

    async releaseNumber(sid) {
      await twilioCall(() => client.incomingPhoneNumbers(sid).remove());
    },

    async findOwnedNumber(phoneNumber) {
      const [owned] = await twilioCall(() => client.incomingPhoneNumbers.list({ phoneNumber, limit: 1 }));
      return owned ? toPurchased(owned) : null;
    },

    async getCall(callSid) {
      return toTelephonyCall(await twilioCall(() => client.calls(callSid).fetch(), CALL_NOT_FOUND));
    },

    async findCalls({ to, from, createdSince, createdUntil }) {
      // Twilio's dates have whole seconds.
      const since = Math.floor(new Date(createdSince).getTime() / 1000) * 1000;
      const until = new Date(createdUntil).getTime();
      // Twilio filters on start time, which a call still queued lacks; its newest calls between the two numbers are
      // few, so they are read and cut at the creation times here.
      const calls = await twilioCall(() => client.calls.list({ to, from, limit: 50 }));
      return calls
        .filter((call) => call.dateCreated.getTime() >= since && call.dateCreated.getTime() <= until)
        .map(toTelephonyCall);
    },

    async hangUp(callSid) {
      const call = await twilioCall(() => client.calls(callSid).fetch(), CALL_NOT_FOUND);
      if (call.status === 'in-progress') {
        return toTelephonyCall(
          await twilioCall(() => client.calls(callSid).update({ status: 'completed' }), CALL_NOT_FOUND),
        );
      }
      if (call.status === 'queued' || call.status === 'ringing') {
        return toTelephonyCall(
          await twilioCall(() => client.calls(callSid).update({ status: 'canceled' }), CALL_NOT_FOUND),
        );
      }
      return toTelephonyCall(call);
    },
  };
}
