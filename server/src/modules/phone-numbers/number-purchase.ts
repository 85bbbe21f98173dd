import type { Knex } from 'knex';
import {
  nextNumberCharge,
  phoneEligibility,
  type NumberCharge,
  type PhonePlanTerms,
} from '@shared/domain/phone-billing';
import type { SearchCountry } from '@shared/schemas/phone-number.schema';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { callProvider } from '../../lib/provider-call';
import type { BillingService } from '../billing/billing.service';
import type { EventsService } from '../events/events.service';
import type { IntentKinds, ProviderIntent } from '../provider-intents/provider-intent.types';
import type { ProviderIntentsService } from '../provider-intents/provider-intents.service';
import type { TenantsService } from '../tenants/tenants.service';
import { countActivePhoneNumbers, insertPhoneNumber } from './phone-numbers.store';

const COUNTRY_BY_PREFIX: Array<[string, SearchCountry]> = [
  ['+64', 'NZ'],
  ['+61', 'AU'],
  ['+1', 'US'],
];

type PurchaseRefs = IntentKinds['phone-number.purchase']['finish'];

/** The country a number belongs to, from its calling code, when the buyer did not say. */
export const countryOfNumber = (phoneNumber: string): SearchCountry | null =>
  COUNTRY_BY_PREFIX.find(([prefix]) => phoneNumber.startsWith(prefix))?.[1] ?? null;

export function planLimitError(reason: string): DomainError {
  return new DomainError('PLAN_LIMIT_REACHED', reason);
}

/**
 * Buys the number (or takes over one the telephony account already owns) and imports it into the voice provider,
 * recording each provider id on the intent as it returns.
 */
export async function acquireNumber(
  deps: Pick<AppDeps, 'logger' | 'voice' | 'telephony'>,
  intents: ProviderIntentsService,
  intent: ProviderIntent<'phone-number.purchase'>,
): Promise<PurchaseRefs> {
  const { phoneNumber, label } = intent.input;
  const owned = await callProvider(deps.logger, 'The phone number could not be checked', () =>
    deps.telephony.findOwnedNumber(phoneNumber),
  );
  const purchased =
    owned ??
    (await callProvider(deps.logger, 'The phone number could not be purchased', () =>
      deps.telephony.purchaseNumber({ phoneNumber, friendlyName: label }),
    ));
  await intents.record(intent, { twilioSid: purchased.sid });
  const imported = await callProvider(
    deps.logger,
    'The phone number could not be connected to the voice service',
    async () =>
      // A number taken over may have been imported by the attempt that bought it.
      (owned ? await deps.voice.findImportedNumber(purchased.phoneNumber) : null) ??
      (await deps.voice.importTwilioNumber({
        phoneNumber: purchased.phoneNumber,
        label,
        twilioSid: purchased.sid,
      })),
  );
  await intents.record(intent, { voicePhoneNumberId: imported.phoneNumberId });
  return { twilioSid: purchased.sid, voicePhoneNumberId: imported.phoneNumberId };
}

/**
 * Our rows for a bought and imported number: the number and its month's charge, in `trx`, the plan's limit
 * counted again under the tenant's lock so that two purchases racing for the last slot cannot both pass.
 */
export async function recordPurchase(
  deps: Pick<AppDeps, 'clock'> & { tenants: TenantsService; billing: BillingService; events: EventsService },
  trx: Knex.Transaction,
  intent: ProviderIntent<'phone-number.purchase'>,
  refs: PurchaseRefs,
  terms: PhonePlanTerms,
): Promise<NumberCharge> {
  const { tenantId, input } = intent;
  await deps.tenants.lock(trx, tenantId);
  const count = await countActivePhoneNumbers(trx, tenantId);
  const eligibility = phoneEligibility(count, terms);
  if (!eligibility.canPurchase) throw planLimitError(eligibility.reason);
  const next = nextNumberCharge(count, terms);
  await insertPhoneNumber(
    trx,
    tenantId,
    {
      id: intent.subjectId,
      phoneNumber: input.phoneNumber,
      label: input.label,
      country: input.country,
      twilioSid: refs.twilioSid,
      elevenlabsPhoneNumberId: refs.voicePhoneNumberId,
    },
    isoNow(deps.clock),
  );
  await deps.billing.chargePhoneNumber(trx, tenantId, intent.subjectId, next);
  await deps.events.publish(
    tenantId,
    { type: 'number.purchased', data: { phoneNumberId: intent.subjectId, phoneNumber: input.phoneNumber } },
    trx,
  );
  return next;
}
