import type {
  AvailableNumbersResponse,
  PhoneBillingResponse,
  PhoneNumber,
  PurchasePhoneNumberResponse,
} from '@shared/api/phone-numbers.types';
import { nextNumberCharge, phoneCosts, phoneEligibility, type PhonePlanTerms } from '@shared/domain/phone-billing';
import type {
  AvailableNumbersQuery,
  PurchasePhoneNumberRequest,
  SearchCountry,
} from '@shared/schemas/phone-number.schema';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { DomainError } from '../../domain/domain-error';
import { isoNow, monthKey } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { callProvider, createUndoLog } from '../../lib/provider-call';

import { findTenantPlan, lockTenant } from '../tenants/tenants.store';
import {
  countActivePhoneNumbers,
  findPhoneNumberView,
  insertPhoneNumber,
  insertPhoneNumberBilling,
  listPhoneNumbers,
  phoneNumberHolder,
} from './phone-numbers.store';

const COUNTRY_BY_PREFIX: Array<[string, SearchCountry]> = [
  ['+64', 'NZ'],
  ['+61', 'AU'],
  ['+1', 'US'],
];

export type PhoneNumbersService = ReturnType<typeof createPhoneNumbersService>;

async function planTerms(db: Db, tenantId: string): Promise<PhonePlanTerms> {
  const plan = await findTenantPlan(db, tenantId);
  if (!plan) throw new DomainError('NOT_FOUND');
  return {
    phoneNumbersIncluded: Number(plan.phone_numbers_included),
    maxPhoneNumbers: Number(plan.max_phone_numbers),
    phoneNumberCostMonthly: Number(plan.phone_number_cost_monthly),
  };
}

function planLimitError(reason: string): DomainError {
  return new DomainError('PLAN_LIMIT_REACHED', reason);
}

/** Owned numbers, their billing, and search and purchase through the telephony and voice providers. */
export function createPhoneNumbersService(deps: Pick<AppDeps, 'db' | 'clock' | 'logger' | 'voice' | 'telephony'>) {
  async function billing(tenantId: string): Promise<PhoneBillingResponse> {
    const [terms, count] = await Promise.all([
      planTerms(deps.db, tenantId),
      countActivePhoneNumbers(deps.db, tenantId),
    ]);
    return { eligibility: phoneEligibility(count, terms), currentCosts: phoneCosts(count, terms) };
  }

  async function searchAvailable(query: AvailableNumbersQuery): Promise<AvailableNumbersResponse> {
    const country = query.country as SearchCountry;
    const availableNumbers = await callProvider(deps.logger, 'The phone number search failed', () =>
      deps.telephony.searchAvailableNumbers({
        country,
        areaCode: query.areaCode,
        contains: query.contains,
        voiceEnabled: query.voiceEnabled,
        smsEnabled: query.smsEnabled,
        limit: query.limit,
      }),
    );
    return { availableNumbers: availableNumbers.slice(0, query.limit), country };
  }

  /**
   * Buys a number, imports it into the voice provider and records it with its month's billing row. Our rows
   * are written in one transaction after both providers succeeded; a failure after the purchase undoes the
   * provider steps, so neither a half-recorded number nor a paid-for orphan is left behind. A number the
   * telephony account already owns but we never recorded (a crash before our commit) is taken over, not bought again.
   */
  async function purchase(tenantId: string, input: PurchasePhoneNumberRequest): Promise<PurchasePhoneNumberResponse> {
    const terms = await planTerms(deps.db, tenantId);
    const before = phoneEligibility(await countActivePhoneNumbers(deps.db, tenantId), terms);
    if (!before.canPurchase) throw planLimitError(before.reason);
    const holder = await phoneNumberHolder(deps.db, input.phoneNumber);
    if (holder === tenantId) throw new DomainError('CONFLICT', 'You already own this phone number.');
    if (holder) throw new DomainError('CONFLICT', 'This phone number is no longer available.');
    const label = input.friendlyName?.trim() || input.phoneNumber;
    const country =
      input.country ?? COUNTRY_BY_PREFIX.find(([prefix]) => input.phoneNumber.startsWith(prefix))?.[1] ?? null;

    const purchased =
      (await callProvider(deps.logger, 'The phone number could not be checked', () =>
        deps.telephony.findOwnedNumber(input.phoneNumber),
      )) ??
      (await callProvider(deps.logger, 'The phone number could not be purchased', () =>
        deps.telephony.purchaseNumber({ phoneNumber: input.phoneNumber, friendlyName: label }),
      ));
    const undo = createUndoLog(deps.logger);
    undo.add(`release ${purchased.sid}`, () => deps.telephony.releaseNumber(purchased.sid));

    const id = newId();
    let charge: { includedInPlan: boolean; costMonthly: number };
    try {
      const imported = await callProvider(
        deps.logger,
        'The phone number could not be connected to the voice service',
        () => deps.voice.importTwilioNumber({ phoneNumber: purchased.phoneNumber, label, twilioSid: purchased.sid }),
      );
      undo.add(`remove imported number ${imported.phoneNumberId}`, () =>
        deps.voice.deletePhoneNumber(imported.phoneNumberId),
      );
      const now = isoNow(deps.clock);
      charge = await deps.db.transaction(async (trx) => {
        await lockTenant(trx, tenantId);
        // Counted again under the lock: two purchases racing for the last slot cannot both pass.
        const count = await countActivePhoneNumbers(trx, tenantId);
        const eligibility = phoneEligibility(count, terms);
        if (!eligibility.canPurchase) throw planLimitError(eligibility.reason);
        const next = nextNumberCharge(count, terms);
        await insertPhoneNumber(trx, tenantId, {
          id,
          phoneNumber: purchased.phoneNumber,
          label,
          country,
          twilioSid: purchased.sid,
          elevenlabsPhoneNumberId: imported.phoneNumberId,
          now,
        });
        await insertPhoneNumberBilling(trx, tenantId, {
          id: newId(),
          phoneNumberId: id,
          month: monthKey(deps.clock.now()),
          costMonthly: next.costMonthly,
          includedInPlan: next.includedInPlan,
          now,
        });
        return next;
      });
    } catch (error) {
      await undo.rollback();
      throw error;
    }
    const phoneNumber = (await findPhoneNumberView(deps.db, tenantId, id)) as PhoneNumber;
    return {
      phoneNumber,
      message: 'Phone number purchased successfully.',
      monthlyCost: charge.costMonthly,
      includedInPlan: charge.includedInPlan,
    };
  }

  return { list: (tenantId: string) => listPhoneNumbers(deps.db, tenantId), billing, searchAvailable, purchase };
}
