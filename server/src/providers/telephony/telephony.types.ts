/** The telephony provider (Twilio): number search and purchase. */
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

export interface TelephonyProvider {
  readonly name: 'twilio';
  searchAvailableNumbers(search: NumberSearch): Promise<AvailablePhoneNumber[]>;
  purchaseNumber(input: { phoneNumber: string; friendlyName: string }): Promise<PurchasedNumber>;
  releaseNumber(sid: string): Promise<void>;
  /** The account's own number, if it has it: lets a purchase that crashed before our commit be completed. */
  findOwnedNumber(phoneNumber: string): Promise<PurchasedNumber | null>;
}
