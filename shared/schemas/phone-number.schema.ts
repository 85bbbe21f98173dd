import { boolean, number, object, type InferType } from 'yup';
import { fromQueryText, trimmedText, uppercaseText } from './strict-text.schema';

/** Phone number search and purchase (spec 000 §5). */
export const SEARCH_COUNTRIES = ['NZ', 'AU', 'US'] as const;
export type SearchCountry = (typeof SEARCH_COUNTRIES)[number];

export const SEARCH_LIMIT_MAX = 100;
export const SEARCH_LIMIT_DEFAULT = 20;

/** E.164: a plus, a non-zero country digit, at most 15 digits in all. */
export const E164 = /^\+[1-9]\d{6,14}$/;

const emptyToUndefined = (value: unknown, original: unknown) => (original === '' ? undefined : value);

const country = () =>
  uppercaseText()
    .length(2, 'Country must be 2 characters')
    // A test rather than oneOf, which yup checks first: the length message comes first for 'NZL'.
    .test('country', 'Country must be one of NZ, AU or US', (value) =>
      value === undefined ? true : (SEARCH_COUNTRIES as readonly string[]).includes(value),
    );

/** Query of GET twilio/available-phone-numbers; query-string values arrive as text and are cast. */
export const availableNumbersQuerySchema = object({
  country: country().default('US'),
  areaCode: trimmedText()
    .transform(emptyToUndefined)
    .matches(/^\d{3}$/, 'Area code must be 3 digits')
    .optional(),
  contains: trimmedText()
    .transform(emptyToUndefined)
    .matches(/^[0-9*]{1,16}$/, 'Contains must be up to 16 digits')
    .optional(),
  voiceEnabled: boolean().transform(fromQueryText).typeError('voiceEnabled must be true or false').default(true),
  smsEnabled: boolean().transform(fromQueryText).typeError('smsEnabled must be true or false').default(false),
  limit: number()
    .transform(fromQueryText)
    .typeError('Limit must be a positive integer')
    .integer('Limit must be a positive integer')
    .positive('Limit must be a positive integer')
    .max(SEARCH_LIMIT_MAX, `Limit must be at most ${SEARCH_LIMIT_MAX}`)
    .default(SEARCH_LIMIT_DEFAULT),
}).noUnknown('Unknown field: ${unknown}');
export type AvailableNumbersQuery = InferType<typeof availableNumbersQuerySchema>;

export const purchasePhoneNumberSchema = object({
  phoneNumber: trimmedText().required('Phone number is required').matches(E164, 'Invalid phone number format'),
  friendlyName: trimmedText().max(64, 'Friendly name must be at most 64 characters').optional(),
  country: country().optional(),
}).noUnknown('Unknown field: ${unknown}');
export type PurchasePhoneNumberRequest = InferType<typeof purchasePhoneNumberSchema>;
