import type { Knex } from 'knex';

/** What the tenant is billed for each of its phone numbers, one row per number and month. */
export interface PhoneNumberCharge {
  id: string;
  phoneNumberId: string;
  month: string;
  /** Cents per month, in the plan's currency; 0 when the number is included in the plan. */
  costMonthly: number;
  includedInPlan: boolean;
}

export async function insertPhoneNumberCharge(
  trx: Knex.Transaction,
  tenantId: string,
  charge: PhoneNumberCharge,
  now: string,
): Promise<void> {
  await trx('phone_number_billing').insert({
    id: charge.id,
    tenant_id: tenantId,
    phone_number_id: charge.phoneNumberId,
    month_yyyy_mm: charge.month,
    cost_monthly: charge.costMonthly,
    included_in_plan: charge.includedInPlan,
    created_at: now,
  });
}
