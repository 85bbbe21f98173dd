/** The telephony provider (Twilio): number search and purchase, and the calls placed through its numbers. */
import type { AvailablePhoneNumber } from '@shared/api/phone-numbers.types';
import type { SearchCountry } from '@shared/schemas/phone-number.schema';

export { SEARCH_COUNTRIES, type SearchCountry } from '@shared/schemas/phone-number.schema';
/** What the product shows of a number for sale; the vendor adapter fills the shared API shape. */
export type { AvailablePhoneNumber as AvailableNumber } from '@shared/api/phone-numbers.types';

export interface NumberSearch {
  country: SearchCountry;
  areaCode?: string;
  contains?: string;
  voiceEnabled: boolean;
  smsEnabled: boolean;
  limit: number;
}

export interface PurchasedNumber {
  sid: string;
  phoneNumber: string;
  friendlyName: string;
}

/** Twilio's call statuses: queued, ringing and in-progress while the call runs, then how it ended. */
export const CALL_STATUSES = [
  'queued',
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'no-answer',
  'failed',
  'canceled',
] as const;
export type TelephonyCallStatus = (typeof CALL_STATUSES)[number];

/** A phone call as the carrier records it. */
export interface TelephonyCall {
  callSid: string;
  status: TelephonyCallStatus;
  /** Answering machine detection's verdict (`human`, `machine_start`, `machine_end_beep`, `fax`, `unknown`…), if asked. */
  answeredBy: string | null;
  /** Seconds talked; null while the call runs. */
  durationSec: number | null;
  /** UTC ISO times: when dialling began and when the call ended; null until then. */
  startedAt: string | null;
  endedAt: string | null;
  to: string;
  from: string;
}

export interface CallSearch {
  to: string;
  from: string;
  /** Calls created in this span, UTC ISO times, both ends included (to Twilio's whole seconds). */
  createdSince: string;
  createdUntil: string;
}

export interface TelephonyProvider {
  readonly name: 'twilio';
  searchAvailableNumbers(search: NumberSearch): Promise<AvailablePhoneNumber[]>;
  purchaseNumber(input: { phoneNumber: string; friendlyName: string }): Promise<PurchasedNumber>;
  releaseNumber(sid: string): Promise<void>;
  /** The account's own number, if it has it: lets a purchase that crashed before our commit be completed. */
  findOwnedNumber(phoneNumber: string): Promise<PurchasedNumber | null>;
  /** A call by its SID; PROVIDER_NOT_FOUND when the carrier has none. */
  getCall(callSid: string): Promise<TelephonyCall>;
  /** Calls between two numbers created in a span, newest first: finds a call whose SID was never learnt. */
  findCalls(search: CallSearch): Promise<TelephonyCall[]>;
  /** Ends a call: hangs it up if answered, cancels it if still queued or ringing; a call already over stays as it is. */
  hangUp(callSid: string): Promise<TelephonyCall>;
}
