import type { Knex } from 'knex';
import type {
  AvailableNumbersResponse,
  PhoneBillingResponse,
  PhoneNumber,
  PurchasePhoneNumberResponse,
} from '@shared/api/phone-numbers.types';
import { phoneCosts, phoneEligibility, type NumberCharge, type PhonePlanTerms } from '@shared/domain/phone-billing';
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
import { callProvider } from '../../lib/provider-call';
import type { BillingService } from '../billing/billing.service';
import type { IntentHandler, IntentKinds, ProviderIntent } from '../provider-intents/provider-intent.types';
import type { ProviderIntentsService } from '../provider-intents/provider-intents.service';
import type { EventsService } from '../events/events.service';
import type { TenantsService } from '../tenants/tenants.service';
import {
  assignNumber,
  countActivePhoneNumbers,
  countAllPhoneNumbers,
  findAgentPhoneNumber,
  findPhoneNumber,
  listPhoneNumbers,
  phoneNumberHolder,
  unassignAgentNumber,
  type PhoneNumberRecord,
} from './phone-numbers.store';
import {
  acquireNumber,
  countryOfNumber,
  planLimitError,
  recordPurchase as recordNumberPurchase,
} from './number-purchase';

export type { PhoneNumberRecord };

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

/**
 * Owned numbers, their billing, search and purchase through the telephony and voice providers, and which
 * agent answers each number.
 */
export function createPhoneNumbersService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'logger' | 'voice' | 'telephony'>,
  tenants: TenantsService,
  billing: BillingService,
  intents: ProviderIntentsService,
  events: EventsService,
) {
  const { db } = deps;

  async function planTerms(tenantId: string): Promise<PhonePlanTerms> {
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

  const purchaseDeps = { clock: deps.clock, tenants, billing, events };
  const recordPurchase = (
    trx: Knex.Transaction,
    intent: ProviderIntent<'phone-number.purchase'>,
    refs: IntentKinds['phone-number.purchase']['finish'],
    terms: PhonePlanTerms,
  ) => recordNumberPurchase(purchaseDeps, trx, intent, refs, terms);

  /** What the reconciler needs of this module to settle a purchase left open by a crash. */
  const purchaseIntentHandler: IntentHandler<'phone-number.purchase'> = {
    async recorded(intent) {
      const holder = await phoneNumberHolder(db, intent.input.phoneNumber);
      if (!holder) return null;
      return holder.id === intent.subjectId ? 'this' : 'other';
    },
    async finish(intent, refs) {
      const terms = await planTerms(intent.tenantId);
      return async (trx) => {
        await recordPurchase(trx, intent, refs, terms);
      };
    },
  };

  /**
   * Buys a number, imports it into the voice provider and records it with its month's charge. An intent is
   * committed first and collects each provider id as it returns; our rows are written with the intent closed, in
   * one transaction. A failure undoes the provider steps, and a crash is settled by the reconciler, so neither
   * a half-recorded number nor a paid-for orphan is left behind. The providers take no idempotency key: the
   * number itself finds what an earlier attempt made (a number the telephony account already owns but we never
   * recorded is taken over, not bought again).
   */
  async function purchase(tenantId: string, input: PurchasePhoneNumberRequest): Promise<PurchasePhoneNumberResponse> {
    const terms = await planTerms(tenantId);
    const before = phoneEligibility(await countActivePhoneNumbers(db, tenantId), terms);
    if (!before.canPurchase) throw planLimitError(before.reason);
    const holder = await phoneNumberHolder(db, input.phoneNumber);
    if (holder?.tenantId === tenantId) throw new DomainError('NUMBER_ALREADY_OWNED');
    if (holder) throw new DomainError('NUMBER_UNAVAILABLE');
    const label = input.friendlyName?.trim() || input.phoneNumber;
    const country = input.country ?? countryOfNumber(input.phoneNumber);

    const intent = await intents.begin(
      'phone-number.purchase',
      { tenantId, id: newId(), key: input.phoneNumber },
      { phoneNumber: input.phoneNumber, label, country },
      'NUMBER_UNAVAILABLE',
    );
    let charge: NumberCharge;
    try {
      const refs = await acquireNumber(deps, intents, intent);
      charge = await intents.complete(intent, (trx) => recordPurchase(trx, intent, refs, terms));
    } catch (error) {
      await intents.abandon(intent, error);
      throw error;
    }
    return {
      phoneNumber: await view(tenantId, intent.subjectId),
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
    purchaseIntentHandler,

    /** A number of the tenant that an agent may be given: it must exist here and be active. */
    async requireAssignable(tenantId: string, id: string): Promise<PhoneNumberRecord> {
      const record = await findPhoneNumber(db, tenantId, id);
      if (!record) throw new DomainError('NOT_FOUND', 'The selected phone number could not be found.');
      if (!record.active) throw new DomainError('NUMBER_INACTIVE');
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
          throw new DomainError('NUMBER_ASSIGNMENT_RACED');
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
