import type {
  AvailableNumbersResponse,
  AvailablePhoneNumber,
  PhoneBillingResponse,
  PhoneNumber,
  PhoneNumbersResponse,
  PurchasePhoneNumberResponse,
} from '@shared/api/phone-numbers.types';
import { apiRoutes } from '@shared/api/routes';
import type { AvailableNumbersQuery, PurchasePhoneNumberRequest } from '@shared/schemas/phone-number.schema';
import { injectEndpoints } from '../../core/baseApi';

/** The spec allows either a bare array or an object with phoneNumbers (spec 000 §7). */
function readPhoneNumbers(response: PhoneNumbersResponse | PhoneNumber[]): PhoneNumber[] {
  return Array.isArray(response) ? response : response.phoneNumbers;
}

/** Owned numbers, their billing, the number search and the purchase. */
export const phoneNumbersApi = injectEndpoints({
  endpoints: (build) => ({
    getPhoneNumbers: build.query<PhoneNumber[], void>({
      query: () => apiRoutes.phoneNumbers.list.relative(),
      transformResponse: readPhoneNumbers,
      providesTags: (numbers = []) => [
        { type: 'PhoneNumber', id: 'LIST' },
        ...numbers.map((number) => ({ type: 'PhoneNumber' as const, id: number.id })),
      ],
    }),
    getPhoneBilling: build.query<PhoneBillingResponse, void>({
      query: () => apiRoutes.phoneNumbers.billing.relative(),
      providesTags: [{ type: 'PhoneBilling', id: 'CURRENT' }],
    }),
    searchAvailableNumbers: build.query<AvailablePhoneNumber[], AvailableNumbersQuery>({
      query: ({ country, areaCode, contains, voiceEnabled, smsEnabled, limit }) => ({
        url: apiRoutes.phoneNumbers.available.relative(),
        params: {
          country,
          ...(areaCode ? { areaCode } : {}),
          ...(contains ? { contains } : {}),
          voiceEnabled: String(voiceEnabled),
          smsEnabled: String(smsEnabled),
          limit,
        },
      }),
      transformResponse: (response: AvailableNumbersResponse) => response.availableNumbers,
      // Inventory changes with every purchase anywhere; a search is always asked afresh.
      keepUnusedDataFor: 0,
    }),
    purchasePhoneNumber: build.mutation<PurchasePhoneNumberResponse, PurchasePhoneNumberRequest>({
      query: (body) => ({ url: apiRoutes.phoneNumbers.purchase.relative(), method: 'POST', body }),
      invalidatesTags: [
        { type: 'PhoneNumber', id: 'LIST' },
        { type: 'PhoneBilling', id: 'CURRENT' },
        { type: 'DashboardStats', id: 'CURRENT' },
      ],
    }),
  }),
});

export const {
  useGetPhoneNumbersQuery,
  useGetPhoneBillingQuery,
  useLazySearchAvailableNumbersQuery,
  usePurchasePhoneNumberMutation,
} = phoneNumbersApi;
