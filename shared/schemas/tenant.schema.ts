import { mixed, object, type InferType } from 'yup';
import type { CountryCode } from 'libphonenumber-js/min';
import { isPhoneCountry } from '../domain/contact-number';

export const COUNTRY_MESSAGES = {
  countryRequired: 'Country is required',
  countryInvalid: 'Country must be an ISO 3166 country code, such as NZ',
};

/** An ISO 3166 country code a phone number can be read in: a tenant's country and a campaign's default country. */
export const countryCode = () =>
  mixed<CountryCode>((value): value is CountryCode => isPhoneCountry(value)).typeError(COUNTRY_MESSAGES.countryInvalid);

/** PATCH tenant: what an admin changes about their business. */
export const updateTenantSchema = object({
  country: countryCode().required(COUNTRY_MESSAGES.countryRequired),
}).noUnknown('Unknown field: ${unknown}');
export type UpdateTenantRequest = InferType<typeof updateTenantSchema>;
