import type { Context } from 'koa';
import type { EmulatorRoute } from '../emulator-route';
import {
  isInventoryCountry,
  searchInventory,
  sellsNumberType,
  type InventoryNumber,
  type NumberType,
} from '../number-inventory';
import { API_VERSION, listPage, queryFlag, queryString, requestedPageSize, resourceNotFound } from './twilio.http';
import type { TwilioState } from './twilio.state';

/** Numbers for sale: `/Accounts/{AC}/AvailablePhoneNumbers/{CountryCode}/{Local|Mobile|TollFree}.json`. */

/**
 * Where Twilio's own descriptions disagree we follow the `twilio` SDK production uses: latitude and longitude are
 * numbers (its types, and the document's schema; the document's examples quote them), and capabilities keep the
 * upper-case `SMS`/`MMS` the live API sends here (twilio-node #553, #833), which the SDK passes through untouched.
 */
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

/** A type the country does not sell (US Mobile) is a resource that is not there, as on the real API. */
function searchNumbers(type: NumberType) {
  return (ctx: Context, state: TwilioState): void => {
    const country = ctx.params.country ?? '';
    if (!isInventoryCountry(country) || !sellsNumberType(country, type)) return resourceNotFound(ctx);
    const found = searchInventory(
      country,
      type,
      {
        areaCode: queryString(ctx, 'AreaCode'),
        contains: queryString(ctx, 'Contains'),
        voiceEnabled: queryFlag(ctx, 'VoiceEnabled'),
        smsEnabled: queryFlag(ctx, 'SmsEnabled'),
        limit: requestedPageSize(ctx),
      },
      state.ownsNumber,
    );
    ctx.body = listPage(ctx, 'available_phone_numbers', found.map(availableNumberBody));
  };
}

const NUMBER_TYPES: readonly NumberType[] = ['Local', 'Mobile', 'TollFree'];

export const availablePhoneNumberRoutes: ReadonlyArray<EmulatorRoute<TwilioState>> = NUMBER_TYPES.map((type) => ({
  method: 'get',
  path: `/${API_VERSION}/Accounts/:accountSid/AvailablePhoneNumbers/:country/${type}.json`,
  handle: searchNumbers(type),
}));
