import type { Logger } from 'pino';
import type { Collection, SandboxStore } from '../sandbox.store';
import type { CallLedger } from './call-lifecycle';

export type HttpMethod = 'GET' | 'POST';

export interface IncomingNumberRecord {
  sid: string;
  phoneNumber: string;
  friendlyName: string;
  isoCountry: string;
  capabilities: { voice: boolean; sms: boolean; mms: boolean; fax: boolean };
  voiceUrl: string | null;
  smsUrl: string | null;
  /** Absent on numbers bought before the sandbox kept status callbacks. */
  statusCallback?: string | null;
  statusCallbackMethod?: HttpMethod;
  dateCreated: string;
  dateUpdated: string;
}

/** Everything the Twilio routes share: the account, its numbers and calls, and the store they persist in. */
export interface TwilioState {
  store: SandboxStore;
  logger?: Logger;
  accountSid: string;
  /** `/2010-04-01/Accounts/AC…`, the prefix of the account's resource URIs. */
  accountPath: string;
  numbers: Collection<IncomingNumberRecord>;
  calls: CallLedger;
  ownsNumber(phoneNumber: string): boolean;
}
