import type { Knex } from 'knex';
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
import { dialectOf } from '../../db/database';
import { DomainError } from '../../domain/domain-error';
import { isoNow } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { callProvider, createUndoLog } from '../../lib/provider-call';
import type { BillingService } from '../billing/billing.service';
import type { TenantsService } from '../tenants/tenants.service';
import {
  assignNumber,
  countActivePhoneNumbers,
  countAllPhoneNumbers,
  findAgentPhoneNumber,
  findPhoneNumber,
  insertPhoneNumber,
  listPhoneNumbers,
  phoneNumberHolder,
  unassignAgentNumber,
  type PhoneNumberRecord,
} from './phone-numbers.store';

export type { PhoneNumberRecord };

const COUNTRY_BY_PREFIX: Array<[string, SearchCountry]> = [
  ['+64', 'NZ'],
  ['+61', 'AU'],
  ['+1', 'US'],
];

export type PhoneNumbersService = ReturnType<typeof createPhoneNumbersService>;

function toPhoneNumber(record: PhoneNumberRecord): PhoneNumber {
  const agent = record.assignedAgent;
  return {
    id: record.id,
    phoneNumber: record.phoneNumber,
    label: record.label,
    provider: record.provider,
    country: record.country,
    active: record.active,
    createdAt: record.createdAt,
    assignedAgentId: agent?.id ?? null,
    assigned_agent: agent
      ? { agent_name: agent.name, database_agent_id: agent.id, agent_id: agent.providerAgentId }
      : null,
  };
}

function planLimitError(reason: string): DomainError {
  return new DomainError('PLAN_LIMIT_REACHED', reason);
}

/**
 * Owned numbers, their billing, search and purchase through the telephony and voice providers, and which
 * agent answers each number.
 */
export function createPhoneNumbersService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'logger' | 'voice' | 'telephony'>,
  tenants: TenantsService,
  billing: BillingService,
) {
  const { db } = deps;

  async function planTerms(tenantId: string): Promise<PhonePlanTerms & { currency: string }> {
    const plan = await tenants.plan(tenantId);
    return {
      phoneNumbersIncluded: plan.phoneNumbersIncluded,
      maxPhoneNumbers: plan.maxPhoneNumbers,
      phoneNumberCostMonthly: plan.phoneNumberCostMonthly,
      currency: plan.currency,
    };
  }

  async function view(tenantId: string, id: string): Promise<PhoneNumber> {
    const record = await findPhoneNumber(db, tenantId, id);
    if (!record) throw new DomainError('NOT_FOUND');
    return toPhoneNumber(record);
  }

  async function billingOf(tenantId: string): Promise<PhoneBillingResponse> {
    const [terms, count] = await Promise.all([planTerms(tenantId), countActivePhoneNumbers(db, tenantId)]);
    return {
      eligibility: phoneEligibility(count, terms),
      currentCosts: phoneCosts(count, terms),
      currency: terms.currency,
    };
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
   * Buys a number, imports it into the voice provider and records it with its month's charge. Our rows are
   * written in one transaction after both providers succeeded; a failure after the purchase undoes the
   * provider steps, so neither a half-recorded number nor a paid-for orphan is left behind. A number the
   * telephony account already owns but we never recorded (a crash before our commit) is taken over, not bought again.
   */
  async function purchase(tenantId: string, input: PurchasePhoneNumberRequest): Promise<PurchasePhoneNumberResponse> {
    const terms = await planTerms(tenantId);
    const before = phoneEligibility(await countActivePhoneNumbers(db, tenantId), terms);
    if (!before.canPurchase) throw planLimitError(before.reason);
    const holder = await phoneNumberHolder(db, input.phoneNumber);
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
      charge = await db.transaction(async (trx) => {
        await tenants.lock(trx, tenantId);
        // Counted again under the lock: two purchases racing for the last slot cannot both pass.
        const count = await countActivePhoneNumbers(trx, tenantId);
        const eligibility = phoneEligibility(count, terms);
        if (!eligibility.canPurchase) throw planLimitError(eligibility.reason);
        const next = nextNumberCharge(count, terms);
        await insertPhoneNumber(
          trx,
          tenantId,
          {
            id,
            phoneNumber: purchased.phoneNumber,
            label,
            country,
            twilioSid: purchased.sid,
            elevenlabsPhoneNumberId: imported.phoneNumberId,
          },
          isoNow(deps.clock),
        );
        await billing.chargePhoneNumber(trx, tenantId, id, next);
        return next;
      });
    } catch (error) {
      await undo.rollback();
      throw error;
    }
    return {
      phoneNumber: await view(tenantId, id),
      message: 'Phone number purchased successfully.',
      monthlyCost: charge.costMonthly,
      currency: terms.currency,
      includedInPlan: charge.includedInPlan,
    };
  }

  return {
    list: async (tenantId: string): Promise<PhoneNumber[]> => (await listPhoneNumbers(db, tenantId)).map(toPhoneNumber),
    billing: billingOf,
    searchAvailable,
    purchase,

    /** A number of the tenant that an agent may be given: it must exist here and be active. */
    async requireAssignable(tenantId: string, id: string): Promise<PhoneNumberRecord> {
      const record = await findPhoneNumber(db, tenantId, id);
      if (!record) throw new DomainError('NOT_FOUND', 'The selected phone number could not be found.');
      if (!record.active) throw new DomainError('CONFLICT', 'The selected phone number is not active.');
      return record;
    },

    ofAgent: (tenantId: string, agentId: string) => findAgentPhoneNumber(db, tenantId, agentId),

    /** Gives the number to the agent in `trx`; the agent's other number and the number's other agent let go. */
    async assign(trx: Knex.Transaction, tenantId: string, phoneNumberId: string, agentId: string): Promise<void> {
      try {
        await assignNumber(trx, tenantId, phoneNumberId, agentId, isoNow(deps.clock));
      } catch (error) {
        // Another request gave this agent a number at the same moment; the unique index refused the second.
        if (dialectOf(trx).isUniqueViolation(error)) {
          throw new DomainError('CONFLICT', 'This agent was given another phone number at the same time. Try again.');
        }
        throw error;
      }
    },

    unassignAgent: (trx: Knex.Transaction, tenantId: string, agentId: string) =>
      unassignAgentNumber(trx, tenantId, agentId, isoNow(deps.clock)),

    countActive: (tenantId: string) => countActivePhoneNumbers(db, tenantId),
    countAll: () => countAllPhoneNumbers(db),
  };
}
