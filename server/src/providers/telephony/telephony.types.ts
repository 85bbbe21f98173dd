/** The telephony provider (Twilio): number search and purchase. */

export const SEARCH_COUNTRIES = ['NZ', 'AU', 'US'] as const;
export type SearchCountry = (typeof SEARCH_COUNTRIES)[number];

export interface AvailableNumber {
  phoneNumber: string;
  friendlyName: string;
  region: string | null;
  locality: string | null;
  isoCountry: string;
  capabilities: { voice: boolean; SMS: boolean };
  /** Monthly price in cents of the vendor's currency, when the vendor says. */
  currentPrice: number | null;
}

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

export interface TelephonyProvider {
  readonly name: 'twilio';
  searchAvailableNumbers(search: NumberSearch): Promise<AvailableNumber[]>;
  purchaseNumber(input: { phoneNumber: string; friendlyName: string }): Promise<PurchasedNumber>;
  releaseNumber(sid: string): Promise<void>;
  /** The account's own number, if it has it: lets a purchase that crashed before our commit be completed. */
  findOwnedNumber(phoneNumber: string): Promise<PurchasedNumber | null>;
}
